import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import App from './App';

// Mounted as the shell mounts it, so the relative routes are checked against real URLs.
function render(url: string): string {
  return renderToString(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/community/*" element={<App />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('community remote routes', () => {
  it.each([
    ['/community/qa', '질문 목록은 곧 제공됩니다.'],
    ['/community/qa/ask', '질문 작성 기능은 곧 제공됩니다.'],
    ['/community/questions/42', '질문 상세 페이지는 곧 제공됩니다.'],
    ['/community/projects', '프로젝트 기능은 곧 제공됩니다.'],
    ['/community/projects/7', '프로젝트 기능은 곧 제공됩니다.'],
    ['/community', '404 Page Not Found'],
    ['/community/unknown', '404 Page Not Found'],
  ])('%s shows "%s"', (url, text) => {
    expect(render(url)).toContain(text);
  });
});

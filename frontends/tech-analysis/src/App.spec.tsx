import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import App from './App';

// Mounted as the shell mounts it, so the relative routes are checked against real URLs.
function render(url: string): string {
  return renderToString(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/tech-analysis/*" element={<App />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('tech analysis remote routes', () => {
  it.each([
    ['/tech-analysis', '기술 분석 목록은 곧 제공됩니다.'],
    ['/tech-analysis/rust-async', '기술 분석 상세 페이지는 곧 제공됩니다.'],
    ['/tech-analysis/rust-async/extra', '404 Page Not Found'],
  ])('%s shows "%s"', (url, text) => {
    expect(render(url)).toContain(text);
  });
});

import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import App from './App';

// Mounted as the shell mounts it, so the relative routes are checked against real URLs.
function render(url: string): string {
  return renderToString(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/trending/*" element={<App />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('trending remote routes', () => {
  it.each([
    ['/trending', '트렌딩 정보는 곧 제공됩니다.'],
    ['/trending/unknown', '404 Page Not Found'],
  ])('%s shows "%s"', (url, text) => {
    expect(render(url)).toContain(text);
  });
});

import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import App from './App';

// Mounted as the shell mounts it, so the relative routes are checked against real URLs.
function render(url: string): string {
  return renderToString(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/news/*" element={<App section="news" />} />
        <Route path="/insights/*" element={<App section="insights" />} />
        <Route path="/analysis/*" element={<App section="analysis" />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('news remote routes', () => {
  it.each([
    ['/news', '뉴스 목록은 곧 제공됩니다.'],
    ['/news/abc123', '뉴스 상세 페이지는 곧 제공됩니다.'],
    ['/insights', '인사이트 목록은 곧 제공됩니다.'],
    ['/insights/abc123', '인사이트 상세 페이지는 곧 제공됩니다.'],
    ['/analysis', '분석 목록은 곧 제공됩니다.'],
    ['/analysis/abc123', '분석 상세 페이지는 곧 제공됩니다.'],
    ['/news/abc123/extra', '404 Page Not Found'],
  ])('%s shows "%s"', (url, text) => {
    expect(render(url)).toContain(text);
  });

  it('falls back to the news section when the shell passes no known section', () => {
    const html = renderToString(
      <MemoryRouter initialEntries={['/x']}>
        <Routes>
          <Route path="/x/*" element={<App section="bogus" />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(html).toContain('뉴스 목록은 곧 제공됩니다.');
  });
});

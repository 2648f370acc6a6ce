import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { NotFound } from './NotFound';

function render(url: string): string {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[url]}>
      <NotFound />
    </MemoryRouter>,
  );
}

describe('NotFound', () => {
  it('shows the not-found copy, the unmatched path and a link home', () => {
    expect(render('/news/abc123/extra')).toBe(
      '<section class="page"><h1>404 Page Not Found</h1><p>요청하신 페이지를 찾을 수 없습니다.</p>' +
        '<p class="dev-hint"><code>No route matches &quot;/news/abc123/extra&quot;</code></p>' +
        '<a href="/" data-discover="true">홈으로 돌아가기</a></section>',
    );
  });

  it('links home to the site root whatever the current path', () => {
    expect(render('/community/unknown')).toContain('<a href="/" data-discover="true">홈으로 돌아가기</a>');
  });
});

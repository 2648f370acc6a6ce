import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { NotFound } from './NotFound';

function show(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <NotFound />
    </MemoryRouter>,
  );
}

describe('NotFound', () => {
  it('shows the not-found copy, the unmatched path and a link home', () => {
    const { container } = show('/news/abc123/extra');
    expect(screen.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('요청하신 페이지를 찾을 수 없습니다.')).toBeInTheDocument();
    expect(screen.getByText('No route matches "/news/abc123/extra"').tagName).toBe('CODE');
    expect(screen.getByRole('link', { name: '홈으로 돌아가기' })).toHaveAttribute('href', '/');
    // Nothing else on the page: the whole markup, as the server renders it too.
    expect(container.innerHTML).toBe(
      '<section class="page"><h1>404 Page Not Found</h1><p>요청하신 페이지를 찾을 수 없습니다.</p>' +
        '<p class="dev-hint"><code>No route matches "/news/abc123/extra"</code></p>' +
        '<a href="/" data-discover="true">홈으로 돌아가기</a></section>',
    );
  });

  it('links home to the site root whatever the current path', () => {
    show('/community/unknown');
    expect(screen.getByRole('link', { name: '홈으로 돌아가기' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: '홈으로 돌아가기' })).toHaveAttribute('data-discover', 'true');
  });
});

import { render, screen } from '@testing-library/react';
import { Page } from './Page';

describe('Page', () => {
  it('renders a titled .page section around its content', () => {
    const { container } = render(
      <Page title="펄스 — 준비 중입니다">
        <p>본문</p>
      </Page>,
    );
    expect(screen.getByRole('heading', { level: 1, name: '펄스 — 준비 중입니다' })).toBeInTheDocument();
    expect(screen.getByText('본문')).toBeInTheDocument();
    expect(container.innerHTML).toBe(
      '<section class="page"><h1>펄스 — 준비 중입니다</h1><p>본문</p></section>',
    );
  });

  it('renders the title alone when there is no content', () => {
    const { container } = render(<Page title="뉴스" />);
    expect(screen.getByRole('heading', { level: 1, name: '뉴스' })).toBeInTheDocument();
    expect(container.innerHTML).toBe('<section class="page"><h1>뉴스</h1></section>');
  });
});

import { render, screen } from '@testing-library/react';
import { Placeholder } from './Placeholder';

describe('Placeholder', () => {
  it('says the screen is not built yet, with its title and message and nothing else', () => {
    const { container } = render(<Placeholder title="트렌딩" message="트렌딩 정보는 곧 제공됩니다." />);
    expect(screen.getByRole('heading', { level: 1, name: '트렌딩' })).toBeInTheDocument();
    expect(screen.getByText('트렌딩 정보는 곧 제공됩니다.')).toBeInTheDocument();
    expect(container.innerHTML).toBe(
      '<section class="page"><h1>트렌딩</h1><p>트렌딩 정보는 곧 제공됩니다.</p></section>',
    );
  });
});

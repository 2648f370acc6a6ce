import { render } from '@testing-library/react';
import { PostBody } from './markdown';

describe('PostBody: the server’s rendered HTML, or the text as written', () => {
  it('shows the server’s HTML as HTML', () => {
    const { container } = render(
      <PostBody html={'<p><strong>굵게</strong> <code>code</code></p>'} text="**굵게** `code`" />,
    );
    expect(container.querySelector('strong')?.textContent).toBe('굵게');
    expect(container.querySelector('code')?.textContent).toBe('code');
  });

  it('shows a post without bodyHtml as plain text: nothing in it is parsed', () => {
    const { container } = render(
      <PostBody html={undefined} text={'<img src=x onerror=alert(1)> **굵게**'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('strong')).toBeNull();
    expect(container.textContent).toBe('<img src=x onerror=alert(1)> **굵게**');
  });
});

import { htmlToMarkdown, markdownToHtml } from './markdown-html';

describe('the authoring Markdown', () => {
  it('writes headings, paragraphs, lists, quotes, code and inline marks as HTML', () => {
    const markdown = [
      '## 개요',
      '첫 줄',
      '둘째 줄은 **굵게**, *기울여*, `code` 그리고 [링크](https://example.com/a).',
      '',
      '- 하나',
      '- 둘',
      '',
      '1. 첫째',
      '2. 둘째',
      '',
      '> 인용',
      '',
      '```',
      'const a = 1 < 2;',
      '```',
      '### 끝',
    ].join('\n');
    expect(markdownToHtml(markdown)).toBe(
      [
        '<h2>개요</h2>',
        '<p>첫 줄<br />둘째 줄은 <strong>굵게</strong>, <em>기울여</em>, <code>code</code> 그리고 <a href="https://example.com/a">링크</a>.</p>',
        '<ul><li>하나</li><li>둘</li></ul>',
        '<ol><li>첫째</li><li>둘째</li></ol>',
        '<blockquote><p>인용</p></blockquote>',
        '<pre><code>const a = 1 &lt; 2;</code></pre>',
        '<h3>끝</h3>',
      ].join('\n'),
    );
  });

  it('never lets typed HTML through, and links only http(s)', () => {
    expect(markdownToHtml('<img src=x onerror="alert(1)"> [x](javascript:alert(1))')).toBe(
      '<p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt; [x](javascript:alert(1))</p>',
    );
  });

  it('reads its own HTML back to the same Markdown, exactly', () => {
    const markdown =
      '## 제목\n\n문단 **굵게** [링크](https://example.com/)\n\n- 하나\n- 둘\n\n```\nx < 1\n```';
    const back = htmlToMarkdown(markdownToHtml(markdown));
    expect(back).toEqual({ markdown, exact: true });
  });

  it('says when a stored body holds what the Markdown cannot say', () => {
    expect(htmlToMarkdown('<p>사진</p><img src="https://example.com/a.png" />').exact).toBe(false);
    expect(htmlToMarkdown('<p class="lead">문단</p>').exact).toBe(false);
    expect(htmlToMarkdown('<p>문단</p>').exact).toBe(true);
  });
});

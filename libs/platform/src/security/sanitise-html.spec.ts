import { htmlToText, sanitiseHtml } from './sanitise-html';

describe('sanitiseHtml', () => {
  it('keeps the allowed structure', () => {
    const html =
      '<h2>제목</h2><p><strong>굵게</strong> <em>기울임</em> <code>x</code></p><ul><li>하나</li></ul>' +
      '<blockquote>인용</blockquote><pre><code>code</code></pre>' +
      '<figure><img src="https://example.com/a.png" alt="그림" /><figcaption>설명</figcaption></figure>' +
      '<table><thead><tr><th>a</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>';
    expect(sanitiseHtml(html)).toBe(html);
  });

  it('removes scripts with their content', () => {
    expect(sanitiseHtml('<p>a</p><script>alert(1)</script>')).toBe('<p>a</p>');
  });

  it('removes event handlers and style', () => {
    expect(sanitiseHtml('<img src="https://e.com/x.png" onerror="alert(1)" style="width:1px">')).toBe(
      '<img src="https://e.com/x.png" />',
    );
    expect(sanitiseHtml('<p onclick="x()" style="color:red">a</p>')).toBe('<p>a</p>');
  });

  it('drops javascript: and data: links and forces rel on the rest', () => {
    expect(sanitiseHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a rel="noopener nofollow">x</a>');
    expect(sanitiseHtml('<a href="https://e.com/a" rel="opener">x</a>')).toBe(
      '<a href="https://e.com/a" rel="noopener nofollow">x</a>',
    );
    expect(sanitiseHtml('<img src="data:image/png;base64,AAAA">')).toBe('');
  });

  it('keeps a YouTube embed', () => {
    const embed = '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" allowfullscreen></iframe>';
    expect(sanitiseHtml(embed)).toBe(embed);
    const nocookie = '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"></iframe>';
    expect(sanitiseHtml(nocookie)).toBe(nocookie);
  });

  it.each([
    'https://evil.example/embed/dQw4w9WgXcQ',
    'http://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com.evil.example/embed/dQw4w9WgXcQ',
    'javascript:alert(1)',
  ])('removes the iframe %s', (src) => {
    expect(sanitiseHtml(`<p>a</p><iframe src="${src}"></iframe>`)).toBe('<p>a</p>');
  });

  it('reads text without markup', () => {
    expect(htmlToText('<p>대규모 <strong>언어</strong></p>\n<p>모델</p>')).toBe('대규모 언어 모델');
  });
});

import { absoluteUrl, escapeHtml, koreanDate, plainTextFromHtml, truncateText } from './text';

describe('document text helpers', () => {
  it('escapes text for element content and quoted attributes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('cuts to a number of characters, never inside a surrogate pair, with an ellipsis', () => {
    expect(truncateText('짧은 글', 160)).toBe('짧은 글');
    expect(truncateText('가나다라마바사', 5)).toBe('가나다라…');
    expect(truncateText('😀😀😀😀😀😀', 4)).toBe('😀😀😀…');
    expect(truncateText('  여러   줄의\n\n 공백  ', 160)).toBe('여러 줄의 공백');
  });

  it('reads HTML as plain characters, to be escaped exactly once on output', () => {
    expect(plainTextFromHtml('<p>A &amp; B &lt;C&gt; "D"</p><script>x()</script>')).toBe('A & B <C> "D"');
  });

  it('makes site-relative URLs absolute and refuses other schemes', () => {
    expect(absoluteUrl('/api/content/images/a.webp', 'https://pulse.example')).toBe(
      'https://pulse.example/api/content/images/a.webp',
    );
    expect(absoluteUrl('https://cdn.example/a.jpg', 'https://pulse.example')).toBe(
      'https://cdn.example/a.jpg',
    );
    expect(absoluteUrl('javascript:alert(1)', 'https://pulse.example')).toBeUndefined();
    expect(absoluteUrl(null, 'https://pulse.example')).toBeUndefined();
  });

  it('shows dates as yyyy년 MM월 dd일 in Korean time', () => {
    // 23:30 UTC on 30 April is already 1 May in Seoul.
    expect(koreanDate('2024-04-30T23:30:00Z')).toBe('2024년 05월 01일');
    expect(koreanDate('not a date')).toBeUndefined();
  });
});

import { articleText } from './article-text';

describe('articleText', () => {
  it('keeps words of adjacent paragraphs, list items and line breaks apart', () => {
    expect(
      articleText('<p>투자를 늘렸다.</p><p>블록체인 기업</p><ul><li>하나</li><li>둘</li></ul>셋<br>넷', 1000),
    ).toBe('투자를 늘렸다. 블록체인 기업 하나 둘 셋 넷');
  });

  it('keeps a word whole across inline markup', () => {
    expect(articleText('<p><strong>블록</strong>체인의 <a href="https://x.test">미래</a></p>', 1000)).toBe(
      '블록체인의 미래',
    );
  });

  it('undoes HTML escapes once, so entity names are never indexed as words', () => {
    expect(articleText('<p>AT&amp;T &lt;b&gt; &quot;인용&quot; &#39;작은&#39; &amp;lt;</p>', 1000)).toBe(
      `AT&T <b> "인용" '작은' &lt;`,
    );
  });

  it('drops scripts and cuts at a word boundary', () => {
    expect(articleText('<script>var x = 1;</script><p>가나다 라마바 사아자</p>', 1000)).toBe(
      '가나다 라마바 사아자',
    );
    const words = `<p>${'가나다라 '.repeat(10)}</p>`;
    expect(articleText(words, 48)).toBe('가나다라 '.repeat(9).trim());
    expect(articleText('<p>가나다라마바사아자</p>', 5)).toBe('가나다라마');
  });
});

import { cropWindow, escapeHtml, mergeSpans, renderHighlight } from './search.highlight';

describe('renderHighlight', () => {
  it('escapes everything but the marks', () => {
    expect(renderHighlight('<b>AI</b> & "칩"', [{ start: 3, end: 5 }])).toBe(
      '&lt;b&gt;<mark>AI</mark>&lt;/b&gt; &amp; &quot;칩&quot;',
    );
    expect(escapeHtml(`'`)).toBe('&#39;');
  });

  it('merges overlapping and touching spans', () => {
    expect(
      mergeSpans([
        { start: 4, end: 6 },
        { start: 0, end: 3 },
        { start: 2, end: 4 },
      ]),
    ).toEqual([{ start: 0, end: 6 }]);
  });

  it('crops to the length around the first match, on word boundaries, with ellipses', () => {
    const text =
      '가상자산 시장은 올해 큰 변화를 겪었다. 특히 스테이블코인은 결제 수단으로 주목받으며 은행권의 관심을 끌었다.';
    const start = text.indexOf('스테이블코인');
    const html = renderHighlight(text, [{ start, end: start + 6 }], { cropLength: 30 });
    expect(html).toMatch(/^…\S/);
    expect(html).toMatch(/\S…$/);
    expect(html).toContain('<mark>스테이블코인</mark>');
    expect(html.replace(/<\/?mark>|…/g, '').length).toBeLessThanOrEqual(30);
  });

  it('crops from the start when nothing matched, and not at all when the text fits', () => {
    expect(renderHighlight('하나 둘 셋 넷 다섯 여섯 일곱 여덟', [], { cropLength: 10 })).toBe(
      '하나 둘 셋 넷…',
    );
    expect(renderHighlight('짧은 글', [], { cropLength: 10 })).toBe('짧은 글');
  });
});

describe('cropWindow', () => {
  it('never exceeds the length and contains a short match', () => {
    const text = 'x'.repeat(100) + ' 매치 ' + 'y'.repeat(100);
    const span = { start: 101, end: 103 };
    const window = cropWindow(text, span, 20);
    expect(window.end - window.start).toBeLessThanOrEqual(20);
    expect(window.start).toBeLessThanOrEqual(span.start);
    expect(window.end).toBeGreaterThanOrEqual(span.end);
  });
});

import type { SearchContractContext } from './context';

/** Visible characters of highlight HTML: tags removed, entities counted as one, ellipses not counted. */
const visibleLength = (html: string) =>
  html
    .replace(/<\/?mark>/g, '')
    .replace(/&(amp|lt|gt|quot|#39);/g, '_')
    .replace(/…/g, '').length;

/** Highlights escape HTML and mark matches; crops keep the asked length around the first match. */
export function describeHighlightCases(ctx: SearchContractContext): void {
  describe('highlights and crops', () => {
    it('wraps matches in <mark> and escapes everything else', async () => {
      const [hit] = (await ctx.search.search(ctx.corpus, { q: '보안', highlight: ['title', 'summary'] }))
        .hits;
      expect(hit.highlights.title).toBe(
        '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; <mark>보안</mark> &amp; &quot;XSS&quot; 점검',
      );
      expect(hit.highlights.summary).toBe('웹 서비스 취약점 분석');
    });

    it('crops a long field to the asked length around the first match', async () => {
      const [hit] = (
        await ctx.search.search(ctx.corpus, { q: '스테이블코인', crop: { fields: ['body'], length: 40 } })
      ).hits;
      expect(hit.id).toBe('crypto-policy');
      expect(hit.highlights.body).toContain('<mark>스테이블코인</mark>');
      expect(hit.highlights.body.startsWith('…')).toBe(true);
      expect(visibleLength(hit.highlights.body)).toBeLessThanOrEqual(40);
    });

    it('returns highlight fields unmarked when the query is empty', async () => {
      const result = await ctx.search.search(ctx.corpus, {
        filters: { category: 'bigtech' },
        sort: [{ field: 'views', order: 'desc' }],
        highlight: ['title'],
      });
      expect(result.hits[0].highlights).toEqual({ title: '엔비디아, 차세대 AI 칩 공개' });
    });
  });
}

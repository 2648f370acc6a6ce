import { literal, matchesNothing, toMeilisearchFilter } from './meilisearch.filter';

describe('toMeilisearchFilter', () => {
  it('writes equality, any-of and ranges joined by AND', () => {
    expect(
      toMeilisearchFilter([
        ['category', 'ai'],
        ['type', ['news', 'insight']],
        ['publishedAt', { gte: 10, lt: 20 }],
        ['views', { gt: 5 }],
        ['featured', true],
      ]),
    ).toBe(
      'category = "ai" AND type IN ["news", "insight"] AND (publishedAt >= 10 AND publishedAt < 20) AND views > 5 AND featured = true',
    );
  });

  it('has no filter for no filters', () => {
    expect(toMeilisearchFilter([])).toBeUndefined();
  });

  it('flags an empty any-of, which matches nothing', () => {
    expect(matchesNothing([['type', []]])).toBe(true);
    expect(matchesNothing([['type', ['news']]])).toBe(false);
  });
});

describe('literal', () => {
  it('escapes quotes and backslashes so a value cannot end its string', () => {
    expect(literal('ai" OR category = "x')).toBe('"ai\\" OR category = \\"x"');
    expect(literal('C:\\')).toBe('"C:\\\\"');
  });

  it('writes numbers and booleans bare, and refuses non-finite numbers', () => {
    expect(literal(-1.5)).toBe('-1.5');
    expect(literal(false)).toBe('false');
    expect(() => literal(Number.NaN)).toThrow();
  });
});

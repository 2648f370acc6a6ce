import { canonicalDocumentUrl, queryParametersOf } from './page-queries';

describe('the URL a page document is keyed on and rendered from', () => {
  it.each([
    ['/?cb=123', '/'],
    ['/?', '/'],
    ['/article/a1?cb=1&utm_source=x', '/article/a1'],
    ['/article/a1/', '/article/a1'],
    ['//news//n1', '/news/n1'],
    ['/tech-analysis/rust-2026?fbclid=abc', '/tech-analysis/rust-2026'],
    ['/community/questions/q1?ref=mail', '/community/questions/q1'],
    // Parameters a page reads stay, in the table's order, every value kept; the rest go.
    ['/search?cb=9&page=2&q=rust', '/search?q=rust&page=2'],
    ['/search?tag=ai&tag=web3', '/search?tag=ai&tag=web3'],
    ['/category/gen-ai?filter=week&sort=popular&x=1', '/category/gen-ai?sort=popular&filter=week'],
    ['/archive?q=%EB%B9%84%ED%8A%B8&timeframe=year&z=1', '/archive?timeframe=year&q=%EB%B9%84%ED%8A%B8'],
    ['/news?tab=hot&cb=1', '/news?tab=hot'],
    ['/insights?tab=hot', '/insights'],
    ['/trending?period=week&type=insight&tab=popular&cb=1', '/trending?tab=popular&period=week&type=insight'],
    ['/tech-analysis?category=ai&cb=1', '/tech-analysis?category=ai'],
    ['/community/qa?sort=votes&q=a&cb=1', '/community/qa?q=a&sort=votes'],
    ['/community/qa/ask?articleId=a1&cb=1', '/community/qa/ask?articleId=a1'],
    // A malformed escape names no page: kept as it came, query dropped.
    ['/bad%E0%A4%A?cb=1', '/bad%E0%A4%A'],
  ])('%s → %s', (url, canonical) => {
    expect(canonicalDocumentUrl(url)).toBe(canonical);
  });

  it('knows a page reads nothing unless the table says it does', () => {
    expect(queryParametersOf('/')).toEqual([]);
    expect(queryParametersOf('/article/a1')).toEqual([]);
    expect(queryParametersOf('/search')).toEqual(['q', 'tag', 'page']);
  });
});

import { parseHTML } from 'linkedom';
import { QueryCache } from './query-cache';
import { QUERY_SEED_ID, seedQueryCache, serialiseQuerySeed } from './query-seed';

describe('the query seed of a server-rendered page', () => {
  it('carries the answers into the browser’s cache, stale, and nothing can close its block', () => {
    const server = new QueryCache();
    server.set('article:a1', { title: '</script><script>alert(1)</script>\u2028' }, 1_000);
    const text = serialiseQuerySeed(server);
    expect(text).not.toMatch(/[<\u2028\u2029]/);

    const { document } = parseHTML(
      `<html><body><script type="application/json" id="${QUERY_SEED_ID}">${text}</script></body></html>`,
    );
    const browser = new QueryCache();
    expect(seedQueryCache(browser, document)).toBe(true);
    expect(browser.snapshot('article:a1')).toMatchObject({
      data: { title: '</script><script>alert(1)</script>\u2028' },
    });
    // Shown at once, fetched again after hydration: the document may come from a cache.
    expect(browser.needsFetch('article:a1', 60_000)).toBe(true);
  });

  it('says the page was not server-rendered when there is no seed or it is not JSON', () => {
    const cache = new QueryCache();
    expect(seedQueryCache(cache, parseHTML('<html><body></body></html>').document)).toBe(false);
    const broken = parseHTML(`<html><body><script id="${QUERY_SEED_ID}">{</script></body></html>`);
    expect(seedQueryCache(cache, broken.document)).toBe(false);
  });

  it('leaves out reads that have no answer', () => {
    const cache = new QueryCache();
    void cache.fetch('k', () => Promise.reject(new Error('down')), 0);
    expect(JSON.parse(serialiseQuerySeed(cache))).toEqual({});
  });
});

import { parseHTML } from 'linkedom';
import { createQueryClient, createServerQueryClient } from './query-client';
import { QUERY_SEED_ID, seedQueryClient, serialiseQuerySeed } from './query-seed';
import { apiQueryKey } from './use-api-query';

const hostile = { title: '</script><script>alert(1)</script>\u2028' };

/** A read as useApiQuery leaves it in a server render's client. */
function answered(data: unknown, key = 'article:a1') {
  const client = createServerQueryClient();
  client.getQueryCache().build(client, { queryKey: apiQueryKey(key), meta: { path: `/api/${key}` } });
  if (data !== undefined) client.setQueryData(apiQueryKey(key), data);
  return client;
}

const documentWith = (text: string) =>
  parseHTML(
    `<html><body><script type="application/json" id="${QUERY_SEED_ID}">${text}</script></body></html>`,
  ).document;

describe('the query seed of a server-rendered page', () => {
  it('carries the answers into the browser’s client, stale, and nothing can close its block', () => {
    const text = serialiseQuerySeed(answered(hostile));
    expect(text).not.toMatch(/[<\u2028\u2029]/);

    const browser = createQueryClient();
    expect(seedQueryClient(browser, documentWith(text))).toBe(true);
    expect(browser.getQueryData(apiQueryKey('article:a1'))).toEqual(hostile);
    // Shown at once, fetched again after hydration: the document may come from a cache.
    expect(browser.getQueryState(apiQueryKey('article:a1'))?.dataUpdatedAt).toBe(0);
    expect(
      browser
        .getQueryCache()
        .find({ queryKey: apiQueryKey('article:a1') })
        ?.isStaleByTime(60_000),
    ).toBe(true);
  });

  it('says the page was not server-rendered when there is no seed or it is not one', () => {
    const client = createQueryClient();
    expect(seedQueryClient(client, parseHTML('<html><body></body></html>').document)).toBe(false);
    expect(seedQueryClient(client, documentWith('{'))).toBe(false);
    expect(seedQueryClient(client, documentWith('{"k":1}'))).toBe(false);
  });

  it('leaves out reads that have no answer, and state that is not an API read', () => {
    const client = answered(undefined);
    client.setQueryData(['article-like', 'a1', 3], { liked: false, count: 3 });
    expect(JSON.parse(serialiseQuerySeed(client))).toMatchObject({ queries: [] });
  });
});

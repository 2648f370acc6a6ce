import { CLIENT_QUERY_POLICY } from '@pulse/contracts';
import { ApiError } from './fetch-json';
import { ARTICLE_QUERY, COMMENTS_QUERY, RELATED_QUERY } from './policies';
import { QueryCache } from './query-cache';

describe('QueryCache', () => {
  it('shares one request between concurrent readers of a key and notifies subscribers', async () => {
    const cache = new QueryCache();
    const fetcher = jest.fn().mockResolvedValue({ n: 1 });
    const listener = jest.fn();
    cache.subscribe('k', listener);
    await Promise.all([cache.fetch('k', fetcher, 0), cache.fetch('k', fetcher, 0)]);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(cache.snapshot('k')).toMatchObject({ data: { n: 1 }, isFetching: false });
    expect(listener).toHaveBeenCalledTimes(2); // fetching, then done
  });

  it('is fresh until the stale time has passed', () => {
    const cache = new QueryCache();
    cache.set('k', 'v', 1_000);
    expect(cache.needsFetch('k', 5_000, 5_999)).toBe(false);
    expect(cache.needsFetch('k', 5_000, 6_001)).toBe(true);
    expect(cache.needsFetch('unknown', 5_000)).toBe(true);
  });

  it('keeps the last data and records the error when a refresh fails, and refetches after an error', async () => {
    const cache = new QueryCache();
    cache.set('k', 'old', 0);
    await cache.fetch('k', () => Promise.reject(new ApiError(404, 'gone')), 0);
    expect(cache.snapshot('k')).toMatchObject({ data: 'old', error: { status: 404 } });
    expect(cache.needsFetch('k', Number.MAX_SAFE_INTEGER)).toBe(true);
  });

  it('invalidate makes matching keys stale', () => {
    const cache = new QueryCache();
    cache.set('article:a1', 1);
    cache.set('related:a1', 2);
    cache.invalidate('article:');
    expect(cache.needsFetch('article:a1', 60_000)).toBe(true);
    expect(cache.needsFetch('related:a1', 60_000)).toBe(false);
  });
});

describe('query policies', () => {
  it('are the docs/spec-content.md §7 caching and retry figures kept in libs/contracts', () => {
    expect(ARTICLE_QUERY).toEqual(CLIENT_QUERY_POLICY.article);
    expect(RELATED_QUERY).toEqual(CLIENT_QUERY_POLICY.related);
    expect(COMMENTS_QUERY).toEqual(CLIENT_QUERY_POLICY.comments);
    expect(ARTICLE_QUERY).toEqual({ staleMs: 300_000, retries: 3 });
  });
});

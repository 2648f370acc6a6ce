import { cachePolicyFor, entityTagOf, matchesIfNoneMatch } from './http-caching';

describe('HTTP caching at the edge', () => {
  it.each([
    ['/api/articles/a1', 's-maxage=300'],
    ['/api/articles/search', 's-maxage=60'],
    ['/api/articles/category/gen-ai', 's-maxage=60'],
    ['/api/content/news', 's-maxage=60'],
    ['/api/trending/hot-topics', 's-maxage=30'],
    ['/api/sources', 's-maxage=600'],
    ['/api/community/questions', 's-maxage=30'],
    ['/api/community/questions/q_1', 's-maxage=30'],
    ['/api/community/questions/q_1/answers', 's-maxage=30'],
    ['/api/community/questions/q_1/revisions', 's-maxage=30'],
    ['/api/community/answers/a_1/revisions', 's-maxage=30'],
    ['/api/community/articles/a1/comments', 's-maxage=30'],
  ])('gives %s a public policy with a CDN lifetime (%s) and stale-while-revalidate', (path, sMaxAge) => {
    const policy = cachePolicyFor(path)!;
    expect(policy.cacheControl).toBe(`public, max-age=0, ${sMaxAge}`);
    // Stale copies only from a CDN: a browser never shows an old article on a reload.
    expect(policy.cacheControl).not.toContain('stale-while-revalidate');
    expect(policy.cdnCacheControl).toMatch(/^max-age=\d+, stale-while-revalidate=\d+$/);
  });

  it.each([
    '/api/interactions/status/a1',
    '/api/community/auth/me',
    '/api/content/admin/insights',
    '/api/articles/a1/like',
    '/api/community/questions/q_1/votes',
    '/api/community/questions/q_1/view',
    '/api/community/me/state',
    '/api/community/comments/c_1/vote',
  ])('leaves %s without a shared-cache policy (it depends on the reader, or is not a read)', (path) =>
    expect(cachePolicyFor(path)).toBeUndefined(),
  );

  it('tags the same bytes the same way, and different bytes differently', () => {
    expect(entityTagOf('{"a":1}')).toBe(entityTagOf(Buffer.from('{"a":1}')));
    expect(entityTagOf('{"a":1}')).not.toBe(entityTagOf('{"a":2}'));
  });

  it('matches If-None-Match lists, weak tags and *, and nothing else', () => {
    const tag = entityTagOf('x');
    expect(matchesIfNoneMatch(`"other", ${tag}`, tag)).toBe(true);
    expect(matchesIfNoneMatch(`W/${tag}`, tag)).toBe(true);
    expect(matchesIfNoneMatch('*', tag)).toBe(true);
    expect(matchesIfNoneMatch('"other"', tag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, tag)).toBe(false);
  });
});

import { ENDPOINTS } from '@pulse/contracts';
import { cachePolicyFor } from '../edge/http-caching';
import { cachedQueryOf } from './micro-cache-query';

describe('what the micro-cache keys a cacheable read on', () => {
  it.each([
    ['/api/articles/a1', { url: '/api/articles/a1' }],
    ['/api/articles/a1?', { url: '/api/articles/a1' }],
    ['/api/articles/a1?cb=1', { unknown: ['cb'] }],
    ['/api/content/news?offset=12&limit=12', { url: '/api/content/news?limit=12&offset=12' }],
    ['/api/content/news?limit=1&page=2&page=3', { unknown: ['page'] }],
    ['/api/trending/hot-topics?type=all&limit=6', { url: '/api/trending/hot-topics?limit=6&type=all' }],
    // The literal route wins over /api/articles/:id, with its own parameters.
    ['/api/articles/search?page=2&q=a%20b', { url: '/api/articles/search?q=a+b&page=2' }],
    [
      '/api/articles/category/gen-ai?filter=all&page=1',
      { url: '/api/articles/category/gen-ai?page=1&filter=all' },
    ],
    ['/api/sources?x=1', { unknown: ['x'] }],
    [
      '/api/community/questions/q1/answers?sortBy=latest&sortBy=votes',
      {
        url: '/api/community/questions/q1/answers?sortBy=latest&sortBy=votes',
      },
    ],
    // A percent-encoded name is the name it decodes to, as the service's parser reads it.
    ['/api/content/news?%6Cimit=3', { url: '/api/content/news?limit=3' }],
    ['/api/content/news?limit[$ne]=1', { unknown: ['limit[$ne]'] }],
    // Outside the contract: the whole URL, as before.
    ['/api/not-a-route?x=1', { url: '/api/not-a-route?x=1' }],
  ])('%s', (url, expected) => {
    expect(cachedQueryOf(url)).toEqual(expected);
  });

  it('finds the contract of every cacheable GET endpoint', () => {
    const cacheable = Object.values(ENDPOINTS).filter(
      (spec) => spec.method === 'GET' && cachePolicyFor(spec.path.replace(/:[^/]+/g, 'x1')) !== undefined,
    );
    expect(cacheable.length).toBeGreaterThan(15);
    for (const spec of cacheable) {
      const path = spec.path.replace(/:[^/]+/g, 'x1');
      expect([path, cachedQueryOf(`${path}?made-up=1`)]).toEqual([path, { unknown: ['made-up'] }]);
    }
  });
});

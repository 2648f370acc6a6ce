import { MemoryCacheStore, type CacheStore } from '@pulse/platform';
import { entityTagOf } from '../edge/http-caching';
import { FakeUpstream, jsonResponse } from '../testing/test-gateway';
import { MicroCache } from './micro-cache';

describe('the micro-cache replays decoded answers', () => {
  let cache: MemoryCacheStore;
  let sharedReads = 0;
  let clock = 1_000_000;
  let version = 1;
  const upstream = new FakeUpstream('content', ['/api/articles'], () => jsonResponse(200, { version }));
  const request = { method: 'GET', url: '/api/articles/a1', headers: {} };

  beforeEach(() => {
    cache = new MemoryCacheStore();
    sharedReads = 0;
    upstream.requests.length = 0;
  });
  afterEach(() => cache.close());

  /** Counts reads of the shared cache, the cost a replica's own decoded copy saves. */
  const counted = (): CacheStore =>
    new Proxy(cache, {
      get(target, name, receiver) {
        if (name === 'getOrLoad') sharedReads += 1;
        const value = Reflect.get(target, name, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });

  it('computes the ETag once, and answers from its own copy until the shared entry lapses', async () => {
    const micro = new MicroCache(counted(), 1000, () => clock);
    const first = await micro.forward(upstream, request);
    version = 2;
    const second = await micro.forward(upstream, request);
    expect((second.body as Buffer).toString()).toBe('{"version":1}');
    expect(second.headers.etag).toBe(entityTagOf(Buffer.from('{"version":1}')));
    expect(first.headers.etag).toBe(second.headers.etag);
    expect([sharedReads, upstream.requests.length]).toEqual([1, 1]);
    clock += 1001;
    // The shared entry's real TTL runs on the cache's own clock; drop it as it would have lapsed.
    await cache.del('gateway:micro:/api/articles/a1');
    const third = await micro.forward(upstream, request);
    expect((third.body as Buffer).toString()).toBe('{"version":2}');
    expect([sharedReads, upstream.requests.length]).toEqual([2, 2]);
  });

  it("holds a copy read from another replica's entry no longer than that entry lives", async () => {
    const writer = new MicroCache(cache, 1000, () => clock);
    await writer.forward(upstream, request);
    clock += 900;
    const reader = new MicroCache(counted(), 1000, () => clock);
    await reader.forward(upstream, request);
    clock += 200; // past the shared entry's expiry, though the reader copied it only 200 ms ago
    await cache.del('gateway:micro:/api/articles/a1');
    await reader.forward(upstream, request);
    expect(sharedReads).toBe(2);
  });
});

import { MemoryCacheStore, type CacheStore } from '@pulse/platform';
import { eventually } from '@pulse/testing';
import { entityTagOf } from '../edge/http-caching';
import { FakeUpstream, jsonResponse } from '../../testing/test-gateway';
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

describe('the micro-cache past its TTL (stale-while-revalidate, GATEWAY_STALE_MS)', () => {
  let cache: MemoryCacheStore;
  let clock = 1_000_000;
  let answer: () => ReturnType<typeof jsonResponse>;
  const upstream = new FakeUpstream('content', ['/api/articles'], () => answer());
  const request = { method: 'GET', url: '/api/articles/a1', headers: {} };
  const key = 'gateway:micro:/api/articles/a1';
  const text = async (micro: MicroCache) =>
    ((await micro.forward(upstream, request)).body as Buffer).toString();

  beforeEach(() => {
    cache = new MemoryCacheStore();
    upstream.requests.length = 0;
    answer = () => jsonResponse(200, { version: 1 });
  });
  afterEach(() => cache.close());

  /** A micro-cache holding version 1, then the shared entry lapsed and the service now answering `next`. */
  async function lapsed(next: () => ReturnType<typeof jsonResponse>) {
    const micro = new MicroCache(cache, 1000, () => clock, 5000);
    await micro.forward(upstream, request);
    answer = next;
    clock += 1001;
    await cache.del(key); // the shared entry's TTL runs on the cache's own clock
    return micro;
  }

  it('replays the lapsed copy at once to every reader while one read refreshes it, then the new answer', async () => {
    const micro = await lapsed(() => jsonResponse(200, { version: 2 }));
    const replies = await Promise.all(Array.from({ length: 10 }, () => text(micro)));
    expect(replies).toEqual(Array(10).fill('{"version":1}'));
    await eventually(async () => expect(await text(micro)).toBe('{"version":2}'));
    expect(upstream.requests).toHaveLength(2);
  });

  it('never replays a copy past its stale time, nor one a purge named', async () => {
    const micro = await lapsed(() => ({
      ...jsonResponse(200, { version: 2 }),
      headers: { 'cache-tag': 'article:a1' },
    }));
    clock += 5000;
    expect(await text(micro)).toBe('{"version":2}');
    answer = () => jsonResponse(200, { version: 3 });
    await micro.purge(['article:a1']);
    clock += 1;
    expect(await text(micro)).toBe('{"version":3}');
  });

  it('drops the lapsed copy when the refresh finds it gone, and keeps it through a service error', async () => {
    const failing = await lapsed(() => jsonResponse(503, { error: 'down' }));
    await text(failing);
    await eventually(() => expect(upstream.requests).toHaveLength(2));
    expect(await text(failing)).toBe('{"version":1}');

    clock += 10_000;
    answer = () => jsonResponse(200, { version: 1 });
    const gone = await lapsed(() => jsonResponse(404, { error: 'gone' }));
    expect(await text(gone)).toBe('{"version":1}');
    await eventually(async () => expect((await gone.forward(upstream, request)).statusCode).toBe(404));
  });

  it('without a stale time, the reader after the TTL waits for the new answer', async () => {
    const micro = new MicroCache(cache, 1000, () => clock);
    await micro.forward(upstream, request);
    answer = () => jsonResponse(200, { version: 2 });
    clock += 1001;
    await cache.del(key);
    expect(await text(micro)).toBe('{"version":2}');
  });
});

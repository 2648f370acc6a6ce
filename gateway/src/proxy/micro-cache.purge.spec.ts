import 'reflect-metadata';
import {
  ARTICLE_LISTS_TAG,
  articleTag,
  CACHE_TAG_HEADER,
  PURGE_CHANNEL,
  purgeMessage,
} from '@pulse/contracts';
import { MemoryCacheStore } from '@pulse/platform';
import { eventually } from '@pulse/testing';
import { FakeUpstream, jsonResponse, startTestGateway, type TestGateway } from '../../testing/test-gateway';
import type { ForwardResponse } from '../upstreams/upstream';
import { MicroCache } from './micro-cache';

/** What content answers: its cache-tag names the article, or the lists. */
function tagged(body: unknown, tags: string): ForwardResponse {
  const response = jsonResponse(200, body);
  return { ...response, headers: { ...response.headers, [CACHE_TAG_HEADER]: tags } };
}

describe('the micro-cache drops what a service purges', () => {
  let gateway: TestGateway;
  let content: FakeUpstream;
  /** Another process's store on the same cache (embedded: this process), as content publishes through. */
  const publisher = new MemoryCacheStore();
  let version = 1;

  beforeAll(async () => {
    content = new FakeUpstream('content', ['/api/content', '/api/articles'], (request) => {
      if (request.url.startsWith('/api/content/news')) return tagged({ version }, ARTICLE_LISTS_TAG);
      return tagged({ url: request.url, version }, articleTag(request.url.split('/').pop()!));
    });
    // A TTL far beyond the test: only a purge can make the gateway fetch again.
    gateway = await startTestGateway({ upstreams: [content], env: { GATEWAY_MICROCACHE_MS: '60000' } });
  });

  afterAll(async () => {
    await gateway.close();
    await publisher.close();
  });

  const countOf = (url: string) => content.requests.filter((request) => request.url === url).length;
  const read = async (path: string) => (await fetch(`${gateway.base}${path}`)).json();

  it('refetches a purged article once, keeps the others, and never hands the tag to clients', async () => {
    await Promise.all(['/api/articles/p1', '/api/articles/p2', '/api/content/news?offset=0'].map(read));
    await Promise.all(['/api/articles/p1', '/api/articles/p2', '/api/content/news?offset=0'].map(read));
    expect([countOf('/api/articles/p1'), countOf('/api/articles/p2')]).toEqual([1, 1]);
    const response = await fetch(`${gateway.base}/api/articles/p1`);
    expect(response.headers.get(CACHE_TAG_HEADER)).toBeNull();

    version = 2;
    await publisher.publish(PURGE_CHANNEL, purgeMessage([articleTag('p1')]));
    await eventually(async () => expect(await read('/api/articles/p1')).toMatchObject({ version: 2 }));
    expect(countOf('/api/articles/p1')).toBe(2);
    expect(await read('/api/articles/p2')).toMatchObject({ version: 1 });
    expect(await read('/api/content/news?offset=0')).toMatchObject({ version: 1 });
    expect([countOf('/api/articles/p2'), countOf('/api/content/news?offset=0')]).toEqual([1, 1]);
  });

  it('refetches every list on a lists purge, and ignores a malformed message', async () => {
    await read('/api/content/news?offset=12');
    await publisher.publish(PURGE_CHANNEL, 'not json');
    await publisher.publish(PURGE_CHANNEL, JSON.stringify({ tags: 'article-lists' }));
    version = 3;
    await publisher.publish(PURGE_CHANNEL, purgeMessage([ARTICLE_LISTS_TAG]));
    await eventually(async () =>
      expect(await read('/api/content/news?offset=12')).toMatchObject({ version: 3 }),
    );
    expect(await read('/api/content/news?offset=0')).toMatchObject({ version: 3 });
    expect(countOf('/api/content/news?offset=12')).toBe(2);
  });
});

describe('the micro-cache and a purge during a fetch', () => {
  it('serves an answer fetched while its article was purged, but neither holds nor shares it', async () => {
    const cache = new MemoryCacheStore();
    let release: () => void = () => undefined;
    let version = 1;
    const upstream = new FakeUpstream('content', ['/api/articles'], async () => {
      const seen = version;
      await new Promise<void>((resolve) => (release = resolve));
      return tagged({ version: seen }, articleTag('r1'));
    });
    const micro = new MicroCache(cache, 600_000);
    const request = { method: 'GET', url: '/api/articles/r1', headers: {} };
    try {
      const inFlight = micro.forward(upstream, request);
      await eventually(async () => expect(upstream.requests).toHaveLength(1));
      version = 2;
      await micro.purge([articleTag('r1')]);
      release();
      expect(JSON.parse(String((await inFlight).body))).toEqual({ version: 1 });
      expect(await cache.get('gateway:micro:/api/articles/r1')).toBeUndefined();

      const next = micro.forward(upstream, request);
      await eventually(async () => expect(upstream.requests).toHaveLength(2));
      release();
      expect(JSON.parse(String((await next).body))).toEqual({ version: 2 });
    } finally {
      await cache.close();
    }
  });
});

describe('what the micro-cache remembers of purges', () => {
  it('says whether a purge of a tag came at or after a moment, among thousands of others', async () => {
    const cache = new MemoryCacheStore();
    let clock = 100;
    const micro = new MicroCache(cache, 1_000, () => clock);
    try {
      await micro.purge(['a']);
      clock = 200;
      await micro.purge(['b']);
      for (let index = 0; index < 2_000; index += 1) {
        clock = 300 + index;
        await micro.purge([`other-${index}`]);
      }
      expect(micro.purgedSince(100, ['a'])).toBe(true);
      expect(micro.purgedSince(101, ['a'])).toBe(false);
      expect(micro.purgedSince(150, ['x', 'b'])).toBe(true);
      expect(micro.purgedSince(201, ['b'])).toBe(false);
      expect(micro.purgedSince(1_000, ['other-700'])).toBe(true);
      expect(micro.purgedSince(1_001, ['other-700'])).toBe(false);
      expect(micro.purgedSince(0, [])).toBe(false);

      // A clock that steps back: the purge counts as no earlier than the last one noted.
      clock = 150;
      await micro.purge(['c']);
      expect(micro.purgedSince(2_299, ['c'])).toBe(true);
      expect(micro.purgedSince(140, ['c'])).toBe(true);
    } finally {
      await cache.close();
    }
  });
});

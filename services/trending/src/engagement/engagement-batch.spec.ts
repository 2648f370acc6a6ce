import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ArticleEngagedPayload } from '@pulse/contracts';
import {
  EmbeddedDocumentStore,
  MemoryCacheStore,
  type Collection,
  type DocumentStore,
} from '@pulse/platform';
import { trendingConfigSchema, type TrendingConfig } from '../trending.config';
import { ListReadCache } from '../trending/list-read-cache';
import type { ScoresService } from '../trending/scores.service';
import { TrendingArticlesRepository } from '../trending/trending-articles.repository';
import { EngagementFilter } from './engagement-filter';
import { EngagementWindows } from './engagement-windows';
import { EngagementRepository } from './engagement.repository';
import { EngagementService } from './engagement.service';
import { TestClock } from '@pulse/testing';

const NOW = Date.parse('2026-01-05T03:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** A store whose next call of `method` on `collection` (after `skip` successful ones) dies, as a crash would. */
class CrashingStore {
  private armed?: { collection: string; method: string; skip: number };

  constructor(private readonly inner: DocumentStore) {}

  crashOn(collection: string, method: string, skip = 0): void {
    this.armed = { collection, method, skip };
  }

  get store(): DocumentStore {
    return {
      adapterName: this.inner.adapterName,
      check: () => this.inner.check(),
      close: () => this.inner.close(),
      collection: <T extends { _id: string }>(name: string, options?: object) => {
        const target = this.inner.collection<T>(name, options);
        return new Proxy(target, {
          get: (collection, method: string) => {
            const original = Reflect.get(collection, method) as unknown;
            if (typeof original !== 'function') return original;
            return (...args: unknown[]) => {
              const armed = this.armed;
              if (armed && armed.collection === name && armed.method === method) {
                if (armed.skip-- <= 0) {
                  this.armed = undefined;
                  return Promise.reject(new Error(`process died in ${name}.${method}`));
                }
              }
              return (original as (...a: unknown[]) => unknown).apply(collection, args);
            };
          },
        }) as Collection<T>;
      },
    } as DocumentStore;
  }
}

let session = 0;
function events(articleId: string, kind: 'view' | 'like' | 'unlike', count: number): ArticleEngagedPayload[] {
  return Array.from({ length: count }, (_, i) => ({
    articleId,
    kind,
    sessionKey: `reader-${String(++session).padStart(12, '0')}`,
    occurredAt: iso(NOW - (i % 30) * 60_000),
  }));
}

describe('engagement batches: a redelivered batch after a crash mid-apply counts each engagement once', () => {
  let dir: string;
  let embedded: EmbeddedDocumentStore;
  let crashing: CrashingStore;
  let cache: MemoryCacheStore;
  let service: EngagementService;
  let articles: TrendingArticlesRepository;
  let windows: EngagementWindows;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pulse-trending-batch-'));
    embedded = await EmbeddedDocumentStore.open({ dataDir: dir });
    crashing = new CrashingStore(embedded);
    cache = new MemoryCacheStore();
    articles = new TrendingArticlesRepository(crashing.store);
    windows = new EngagementWindows(cache);
    const scores = { requestRecompute: () => undefined } as unknown as ScoresService;
    const clock = new TestClock(NOW);
    const lists = new ListReadCache({ TRENDING_READ_CACHE_MS: 0 } as TrendingConfig, clock);
    service = new EngagementService(
      articles,
      new EngagementRepository(crashing.store),
      windows,
      scores,
      lists,
      clock,
      new EngagementFilter(cache, trendingConfigSchema.parse({})),
    );
  });

  afterEach(async () => {
    await embedded.close();
    await cache.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const totals = async (ids: string[]) =>
    (await articles.findByIds(ids))
      .sort((a, b) => a._id.localeCompare(b._id))
      .map(({ _id, views, likes }) => ({ _id, views, likes }));
  const windowViews = async (articleId: string) =>
    Object.values(await windows.buckets(articleId, NOW)).reduce((sum, views) => sum + views, 0);

  const batch = () => [
    ...events('a', 'view', 40),
    ...events('b', 'view', 25),
    ...events('b', 'like', 3),
    ...events('c', 'view', 10),
    ...events('b', 'unlike', 5),
  ];
  const expected = [
    { _id: 'a', views: 40, likes: 0 },
    { _id: 'b', views: 25, likes: 0 },
    { _id: 'c', views: 10, likes: 0 },
  ];

  it('applies a batch once, and a redelivery of it changes nothing', async () => {
    const all = batch();
    await service.onEngagedBatch(all);
    expect(await totals(['a', 'b', 'c'])).toEqual(expected);
    await service.onEngagedBatch(all);
    await service.onEngagedBatch(all.slice(10, 50));
    expect(await totals(['a', 'b', 'c'])).toEqual(expected);
    expect(await windowViews('a')).toBe(40);
  });

  it('crash after some articles took their counters: the redelivery, in other batches, applies the rest', async () => {
    const all = batch();
    // The first article's update goes in, the second's dies with the process.
    crashing.crashOn('trending_articles', 'updateOne', 1);
    await expect(service.onEngagedBatch(all)).rejects.toThrow(/process died/);
    const partial = await totals(['a', 'b', 'c']);
    expect(partial.reduce((sum, article) => sum + article.views, 0)).toBeGreaterThan(0);
    expect(partial.reduce((sum, article) => sum + article.views, 0)).toBeLessThan(75);
    // Redelivered from the last commit, cut into batches differently, with a new event behind it.
    const extra = events('c', 'view', 2);
    await service.onEngagedBatch(all.slice(0, 30));
    await service.onEngagedBatch([...all.slice(30), ...extra]);
    expect(await totals(['a', 'b', 'c'])).toEqual([
      expected[0],
      expected[1],
      { _id: 'c', views: 12, likes: 0 },
    ]);
    await service.onEngagedBatch(all);
    expect(await totals(['a', 'b', 'c'])).toEqual([
      expected[0],
      expected[1],
      { _id: 'c', views: 12, likes: 0 },
    ]);
  });

  it('crash after every counter went in but before the apply was recorded finished: nothing twice', async () => {
    const all = batch();
    crashing.crashOn('engagement_applies', 'insertOne');
    await expect(service.onEngagedBatch(all)).rejects.toThrow(/process died/);
    expect(await totals(['a', 'b', 'c'])).toEqual(expected);
    await service.onEngagedBatch(all);
    expect(await totals(['a', 'b', 'c'])).toEqual(expected);
    // The windows were written before the crash and are not written again.
    expect(await windowViews('a')).toBe(40);
    // Released markers stay applied: re-sent again later, still nothing.
    await service.onEngagedBatch(all);
    expect(await totals(['a', 'b', 'c'])).toEqual(expected);
  });

  it('crash while inserting the markers: the redelivery applies every engagement once', async () => {
    const all = batch();
    crashing.crashOn('engagements', 'insertMany');
    await expect(service.onEngagedBatch(all)).rejects.toThrow(/process died/);
    await service.onEngagedBatch(all);
    expect(await totals(['a', 'b', 'c'])).toEqual(expected);
  });

  it('keeps likes at 0 or more through a batch, as one event at a time would', async () => {
    await service.onEngagedBatch([
      ...events('d', 'like', 2),
      ...events('d', 'unlike', 4),
      ...events('d', 'like', 1),
    ]);
    expect(await totals(['d'])).toEqual([{ _id: 'd', views: 0, likes: 1 }]);
  });
});

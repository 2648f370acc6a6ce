import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ArticleEngagedPayload } from '@pulse/contracts';
import { EmbeddedDocumentStore, MemoryCacheStore } from '@pulse/platform';
import { countedTotals, hotScore } from '../scoring';
import { trendingConfigSchema, type TrendingConfig } from '../trending.config';
import { ListReadCache } from '../trending/list-read-cache';
import type { ScoresService } from '../trending/scores.service';
import { TrendingArticlesRepository } from '../trending/trending-articles.repository';
import { decayedWeight, EngagementFilter } from './engagement-filter';
import { EngagementWindows } from './engagement-windows';
import { EngagementRepository } from './engagement.repository';
import { EngagementService } from './engagement.service';
import { TestClock } from '@pulse/testing';

const NOW = Date.parse('2026-01-05T03:30:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const DAY = 86_400_000;
const config = trendingConfigSchema.parse({});

let serial = 0;
/** One reader's engagement: its own session, from `network`, its session issued `ageMs` before. */
function engagement(
  articleId: string,
  kind: 'view' | 'like' | 'unlike' | 'share',
  network: string | undefined,
  ageMs: number | undefined,
  at = NOW,
): ArticleEngagedPayload {
  serial += 1;
  const common = {
    articleId,
    sessionKey: `reader-${String(serial).padStart(12, '0')}`,
    occurredAt: iso(at),
    ...(network ? { networkHash: `net-${network}`.padEnd(16, '_') } : {}),
    ...(ageMs === undefined ? {} : { sessionIssuedAt: iso(at - ageMs) }),
  };
  return kind === 'share' ? { ...common, kind, platform: 'twitter' } : { ...common, kind };
}
const many = (count: number, make: (i: number) => ArticleEngagedPayload) =>
  Array.from({ length: count }, (_, i) => make(i));
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('EngagementFilter: bursts from one network or from brand-new sessions weigh little', () => {
  let cache: MemoryCacheStore;
  let filter: EngagementFilter;

  beforeEach(() => {
    cache = new MemoryCacheStore();
    filter = new EngagementFilter(cache, config);
  });
  afterEach(() => cache.close());

  it('weighs the first ones of a group fully, then 1/2, 1/3, …', () => {
    expect([0, 1, 2, 3, 4].map((index) => decayedWeight(index, 2))).toEqual([1, 1, 1 / 2, 1 / 3, 1 / 4]);
  });

  it('counts aged readers on distinct networks in full, and events without the new fields at face value', async () => {
    const organic = many(200, (i) => engagement('a', i % 10 === 0 ? 'like' : 'view', `n${i}`, DAY));
    expect(await filter.weigh(organic)).toEqual(organic.map(() => 1));
    const older = many(50, () => engagement('a', 'like', undefined, undefined));
    expect(await filter.weigh(older)).toEqual(older.map(() => 1));
  });

  it('discounts 100 likes from one network (aged sessions) to a handful, across batches, and starts again the next hour', async () => {
    const burst = many(100, () => engagement('b', 'like', 'one', DAY));
    const weights = [...(await filter.weigh(burst.slice(0, 40))), ...(await filter.weigh(burst.slice(40)))];
    expect(weights.slice(0, 3)).toEqual([1, 1, 1 / 2]);
    expect(sum(weights)).toBeLessThan(7);
    // Another network and another article are their own groups.
    expect(
      await filter.weigh([engagement('b', 'like', 'two', DAY), engagement('c', 'like', 'one', DAY)]),
    ).toEqual([1, 1]);
    const nextHour = await filter.weigh([engagement('b', 'like', 'one', DAY, NOW + 3_600_000)]);
    expect(nextHour).toEqual([1]);
  });

  it('discounts a burst of brand-new sessions from many networks past the allowance, and a fresh burst from one network most', async () => {
    const fresh = many(100, (i) => engagement('d', 'like', `n${i}`, 5_000));
    const weights = await filter.weigh(fresh);
    expect(weights.slice(0, config.TRENDING_FILTER_NEW_SESSION_FREE_LIKES)).toEqual(
      Array(config.TRENDING_FILTER_NEW_SESSION_FREE_LIKES).fill(1),
    );
    expect(sum(weights)).toBeLessThan(16);
    // Half an hour old is no longer brand-new.
    expect(await filter.weigh([engagement('d', 'like', 'x', 31 * 60_000)])).toEqual([1]);
    const script = await filter.weigh(many(100, () => engagement('e', 'like', 'one', 1_000)));
    expect(sum(script)).toBeLessThan(5);
    // Unlikes are not weighed.
    expect(await filter.weigh([engagement('e', 'unlike', 'one', 1_000)])).toEqual([1]);
  });
});

describe('EngagementService with the filter: raw and counted totals, and the hot score from the counted', () => {
  let dir: string;
  let store: EmbeddedDocumentStore;
  let cache: MemoryCacheStore;
  let service: EngagementService;
  let articles: TrendingArticlesRepository;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pulse-trending-filter-'));
    store = await EmbeddedDocumentStore.open({ dataDir: dir });
    cache = new MemoryCacheStore();
    articles = new TrendingArticlesRepository(store);
    const clock = new TestClock(NOW);
    service = new EngagementService(
      articles,
      new EngagementRepository(store),
      new EngagementWindows(cache),
      { requestRecompute: () => undefined } as unknown as ScoresService,
      new ListReadCache({ TRENDING_READ_CACHE_MS: 0 } as TrendingConfig, clock),
      clock,
      new EngagementFilter(cache, config),
    );
  });
  afterEach(async () => {
    await store.close();
    await cache.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the raw figures and the discount; a like-unlike loop from one network leaves no likes and no discount', async () => {
    const burst = [
      ...many(300, () => engagement('r', 'view', 'one', 1_000)),
      ...many(30, () => engagement('r', 'like', 'one', 1_000)),
      ...many(10, () => engagement('r', 'share', 'one', 1_000)),
    ];
    await service.onEngagedBatch(burst);
    const [rigged] = await articles.findByIds(['r']);
    expect(rigged).toMatchObject({ views: 300, likes: 30, shares: 10 });
    const counted = countedTotals(rigged);
    expect(counted.views).toBeLessThan(8);
    expect(counted.likes).toBeLessThan(5);
    expect(counted.shares).toBeLessThan(4);
    const published = NOW - 3_600_000;
    expect(hotScore(counted, published, NOW)).toBeLessThan(
      0.1 * hotScore({ views: 300, likes: 30, shares: 10 }, published, NOW),
    );

    // Every like taken back: counted and raw likes both 0, nothing left over to hold down later likes.
    const unlikes = many(30, () => engagement('r', 'unlike', 'one', 1_000));
    await service.onEngagedBatch(unlikes);
    const [after] = await articles.findByIds(['r']);
    expect(after.likes).toBe(0);
    expect(after.discountedLikes).toBeCloseTo(0, 9);
    await service.onEngagedBatch([engagement('r', 'like', 'elsewhere', DAY)]);
    expect(countedTotals((await articles.findByIds(['r']))[0]).likes).toBeCloseTo(1, 9);
  });

  it('takes back the discount of the like an unlike undoes: a loop from one network leaves honest likes counted in full', async () => {
    const honest = many(100, (i) => engagement('h', 'like', `n${i}`, DAY));
    await service.onEngagedBatch(honest);
    const article = async () => (await articles.findByIds(['h']))[0];
    const discountBefore = (await article()).discountedLikes ?? 0;
    expect(countedTotals(await article()).likes).toBe(100);

    const loopLikes = many(5, () => engagement('h', 'like', 'one', DAY));
    await service.onEngagedBatch(loopLikes);
    // The third like of the network on weighs 1/2, 1/3, 1/4.
    expect((await article()).discountedLikes).toBeCloseTo(1 / 2 + 2 / 3 + 3 / 4, 9);
    // An honest reader's unlike takes back a like the filter did not discount: it removes no discount.
    await service.onEngagedBatch([{ ...honest[0], kind: 'unlike', occurredAt: iso(NOW + 60_000) }]);
    expect((await article()).discountedLikes).toBeCloseTo(1 / 2 + 2 / 3 + 3 / 4, 9);
    await service.onEngagedBatch([{ ...honest[0], occurredAt: iso(NOW + 2 * 60_000) }]);
    await service.onEngagedBatch(
      loopLikes.map((like) => ({ ...like, kind: 'unlike' as const, occurredAt: iso(NOW + 60_000) })),
    );
    expect((await article()).likes).toBe(100);
    expect((await article()).discountedLikes).toBeCloseTo(discountBefore, 9);
    expect(countedTotals(await article()).likes).toBeCloseTo(100, 9);

    // The same loop within one batch, from another network.
    const sameBatch = many(5, () => engagement('h', 'like', 'two', DAY)).flatMap((like) => [
      like,
      { ...like, kind: 'unlike' as const, occurredAt: iso(NOW + 60_000) },
    ]);
    await service.onEngagedBatch(sameBatch);
    expect(countedTotals(await article()).likes).toBeCloseTo(100, 9);
  });
});

import { Inject, Injectable } from '@nestjs/common';
import { CACHE_STORE, type CacheStore } from '@pulse/platform';
import { minuteOf, WINDOW_MINUTES, type MinuteBuckets } from '../scoring';

/** Every key this service writes starts with this, so it never collides with another service's keys. */
const PREFIX = 'trending:';
/** Articles with a view in the last hour, scored by the minute of their latest view. */
const ACTIVE_KEY = `${PREFIX}active`;
/**
 * Set once the windows were rebuilt from the store; in memory it vanishes with the process. Named for the
 * weighted buckets: a cache still holding the older, unweighted ones lacks it and rebuilds.
 */
const READY_KEY = `${PREFIX}counted-windows-ready`;
/** A bucket hash holds one hour of minutes; two hashes cover any 60-minute window. */
const bucketKey = (articleId: string, hour: number) => `${PREFIX}counted-views:${articleId}:${hour}`;
const BUCKET_TTL_MS = 3 * 3_600_000;
/** Bucket fields are integers (HINCRBY) and a view's filter weight a fraction: they count thousandths. */
const UNITS_PER_VIEW = 1000;

/**
 * Per-article minute buckets of views, each view by its rigging-filter weight (EngagementFilter), through
 * the CacheStore port (Redis hashes and a sorted set in production, memory in embedded mode). Only
 * windows live here; totals live in the store.
 */
@Injectable()
export class EngagementWindows {
  constructor(@Inject(CACHE_STORE) private readonly cache: CacheStore) {}

  /**
   * Counts views, each by its weight, in their minute buckets: the same minute's views of an article become one increment, each
   * bucket gets one expiry and each article one check of its latest minute; all calls go out together
   * (one pipelined burst on Redis, not a round trip each).
   */
  async addViews(views: Array<{ articleId: string; occurredAtMs: number; weight: number }>): Promise<void> {
    const perField = new Map<string, { key: string; field: string; views: number }>();
    const latest = new Map<string, number>();
    for (const { articleId, occurredAtMs, weight } of views) {
      const minute = minuteOf(occurredAtMs);
      const key = bucketKey(articleId, Math.floor(minute / 60));
      const entry = perField.get(`${key} ${minute}`);
      if (entry) entry.views += weight;
      else perField.set(`${key} ${minute}`, { key, field: String(minute), views: weight });
      latest.set(articleId, Math.max(latest.get(articleId) ?? -Infinity, minute));
    }
    const keys = new Set([...perField.values()].map((entry) => entry.key));
    await Promise.all([
      ...[...perField.values()].map(({ key, field, views }) =>
        this.cache.hincrby(key, field, Math.round(views * UNITS_PER_VIEW)),
      ),
      ...[...keys].map((key) => this.cache.expire(key, BUCKET_TTL_MS)),
      ...[...latest].map(async ([articleId, minute]) => {
        if (minute > ((await this.cache.zscore(ACTIVE_KEY, articleId)) ?? -Infinity))
          await this.cache.zadd(ACTIVE_KEY, { member: articleId, score: minute });
      }),
    ]);
  }

  /** Articles viewed within the window ending at nowMs; drops the ones that fell out of it. */
  async activeArticles(nowMs: number): Promise<string[]> {
    const oldest = minuteOf(nowMs) - WINDOW_MINUTES + 1;
    await this.cache.zremrangeByScore(ACTIVE_KEY, -Infinity, oldest - 1);
    const members = await this.cache.zrangeByScore(ACTIVE_KEY, oldest, Infinity);
    return members.map((entry) => entry.member);
  }

  /** Counted views per minute (fractions where the filter discounted some). */
  async buckets(articleId: string, nowMs: number): Promise<MinuteBuckets> {
    const hour = Math.floor(minuteOf(nowMs) / 60);
    const [previous, current] = await Promise.all([
      this.cache.hgetall(bucketKey(articleId, hour - 1)),
      this.cache.hgetall(bucketKey(articleId, hour)),
    ]);
    return Object.fromEntries(
      Object.entries({ ...previous, ...current }).map(([minute, units]) => [minute, units / UNITS_PER_VIEW]),
    ) as MinuteBuckets;
  }

  async isReady(): Promise<boolean> {
    return (await this.cache.get(READY_KEY)) !== undefined;
  }

  async markReady(): Promise<void> {
    await this.cache.set(READY_KEY, true);
  }
}

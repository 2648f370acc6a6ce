import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { parsePurge, PURGE_CHANNEL, purgeMessage, TRENDING_TAG } from '@pulse/contracts';
import { CACHE_STORE, type CacheStore } from '@pulse/platform';
import { ListReadCache } from './list-read-cache';

/**
 * Purges of the trending answers (libs/contracts cache-purge.ts, services/trending/README.md 'Reads'):
 * sent once at the end of a recompute pass, never per engagement event. Heard too: every trending replica
 * drops the lists it holds (ListReadCache) on a purge from any of them, so a gateway refetching on that
 * purge does not get a copy another replica read before the pass and keep it for its own TTL again.
 */
@Injectable()
export class TrendingPurges implements OnApplicationBootstrap, OnModuleDestroy {
  private stopListening?: () => Promise<void>;

  constructor(
    @Inject(CACHE_STORE) private readonly cache: CacheStore,
    private readonly lists: ListReadCache,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.stopListening = await this.cache.subscribe(PURGE_CHANNEL, (message) => {
      if (parsePurge(message)?.tags.includes(TRENDING_TAG)) this.lists.invalidate();
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.stopListening?.();
  }

  /** A recompute pass saved scores, or counters changed since the last one: every trending answer may differ. */
  recomputed(): Promise<void> {
    return this.cache.publish(PURGE_CHANNEL, purgeMessage([TRENDING_TAG]));
  }
}

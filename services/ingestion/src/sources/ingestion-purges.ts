import { Inject, Injectable } from '@nestjs/common';
import { INGESTION_RUNS_TAG, INGESTION_SOURCES_TAG, PURGE_CHANNEL, purgeMessage } from '@pulse/contracts';
import { CACHE_STORE, type CacheStore } from '@pulse/platform';

/**
 * Purges of the gateway's micro-cache for ingestion's public reads (libs/contracts cache-purge.ts,
 * ARCHITECTURE.md 'The gateway's edge'): the sources with their run state, and the run records. A run
 * ends at most once per source per poll or push, so a purge per run is a handful a minute, never a storm.
 * The port's publish never throws; a lost purge leaves an answer its TTL.
 */
@Injectable()
export class IngestionPurges {
  constructor(@Inject(CACHE_STORE) private readonly cache: CacheStore) {}

  /**
   * An admin added, edited, paused, resumed or deleted a source, the default list was seeded, or a
   * source's WebSub state changed.
   */
  sourcesChanged(): Promise<void> {
    return this.cache.publish(PURGE_CHANNEL, purgeMessage([INGESTION_SOURCES_TAG]));
  }

  /** A run was recorded and its source's state (count, last run, status, next run) stored. */
  runFinished(): Promise<void> {
    return this.cache.publish(PURGE_CHANNEL, purgeMessage([INGESTION_SOURCES_TAG, INGESTION_RUNS_TAG]));
  }
}

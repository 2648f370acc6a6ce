import { Inject, Injectable } from '@nestjs/common';
import { PURGE_CHANNEL, purgeMessage, TECH_ANALYSIS_LISTS_TAG, techAnalysisTag } from '@pulse/contracts';
import { CACHE_STORE, type CacheStore } from '@pulse/platform';

/**
 * Purges of the gateway's micro-cache for tech analyses (libs/contracts cache-purge.ts, ARCHITECTURE.md
 * 'The gateway's edge'). Only what readers see counts: drafts are in no public answer, so creating or
 * editing one purges nothing. The port's publish never throws; a lost purge leaves an answer its TTL.
 */
@Injectable()
export class TechAnalysisPurges {
  constructor(@Inject(CACHE_STORE) private readonly cache: CacheStore) {}

  /** A published analysis appeared or changed: its detail, and the list and every detail that embeds it. */
  changed(id: string): Promise<void> {
    return this.publish([techAnalysisTag(id), TECH_ANALYSIS_LISTS_TAG]);
  }

  /** Analyses appeared without one of them being named (the demo corpus seeded at start). */
  listsChanged(): Promise<void> {
    return this.publish([TECH_ANALYSIS_LISTS_TAG]);
  }

  /** Its like count changed: the detail shows it; the lists wait out their TTL, as article lists do. */
  liked(id: string): Promise<void> {
    return this.publish([techAnalysisTag(id)]);
  }

  private publish(tags: string[]): Promise<void> {
    return this.cache.publish(PURGE_CHANNEL, purgeMessage(tags));
  }
}

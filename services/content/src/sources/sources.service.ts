import { Inject, Injectable } from '@nestjs/common';
import {
  PURGE_CHANNEL,
  purgeMessage,
  SOURCES_TAG,
  type SidebarDataResponse,
  type Source,
  type SourcesResponse,
  type SourceUpdatedPayload,
  type SourceWithFreshness,
} from '@pulse/contracts';
import { CACHE_STORE, type CacheStore, CLOCK, type Clock } from '@pulse/platform';
import { ArticleCounts } from './article-counts';
import { KoreanDelays } from './korean-delays';
import type { SourceRecord } from './source.record';
import { SourcesRepository } from './sources.repository';

/** ~60 s: counts move with every published article; a minute old is fine for a sidebar. */
export const SOURCES_CACHE_TTL_MS = 60_000;
/** docs/spec-content.md §7 sidebar: the top tags and sources; /full has no caps. */
export const SIDEBAR_TAG_LIMIT = 10;
export const SIDEBAR_SOURCE_LIMIT = 6;

const CACHE_KEYS = {
  sources: 'content:sources',
  top: 'content:sidebar:top',
  full: 'content:sidebar:full',
} as const;

const byCountThenName = (a: Source, b: Source) => b.count - a.count || a.name.localeCompare(b.name, 'ko');

/** The source catalogue (from ingestion's source.updated) with real article counts, and the sidebar. */
@Injectable()
export class SourcesService {
  constructor(
    private readonly repository: SourcesRepository,
    private readonly counts: ArticleCounts,
    private readonly delays: KoreanDelays,
    @Inject(CACHE_STORE) private readonly cache: CacheStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async onSourceUpdated(payload: SourceUpdatedPayload): Promise<void> {
    const { id, pollIntervalSeconds, websub, ...fields } = payload;
    // Stored as null when the event does not say, so an older value is not kept as if it were current.
    const record = {
      _id: id,
      ...fields,
      pollIntervalSeconds: pollIntervalSeconds ?? null,
      websub: websub ?? null,
    };
    // Any newer event is a change (ingestion announces only when the entry changed, poll interval and
    // WebSub state included), so each one stored purges the cached answers.
    if (await this.repository.upsertIfNewer(record)) {
      // This replica's answers change at once; other replicas share the cache (Redis), so theirs too.
      await this.cache.del(Object.values(CACHE_KEYS));
      // And the gateway's copies of them: purged here, once content has the change, not by ingestion when
      // it makes it (a gateway refetching before this event arrived would hold the old catalogue again).
      await this.cache.publish(PURGE_CHANNEL, purgeMessage([SOURCES_TAG]));
    }
  }

  /**
   * GET /api/sources: enabled sources, most articles first, each with its median time to Korean this
   * week, how often ingestion polls it and its WebSub subscription.
   */
  sources(): Promise<SourcesResponse> {
    return this.cache.getOrLoad(CACHE_KEYS.sources, SOURCES_CACHE_TTL_MS, async () => {
      const [sources, medians] = await Promise.all([
        this.sourcesWithCounts(),
        this.delays.medianMinutesBySource(this.clock.now()),
      ]);
      return {
        sources: sources.map(({ source, record }): SourceWithFreshness => ({
          ...source,
          medianMinutesToKorean: medians.get(source.id) ?? null,
          pollIntervalSeconds: record.pollIntervalSeconds ?? null,
          websub: record.websub ?? null,
        })),
      };
    });
  }

  /** GET /api/sidebar-data (top 10 tags, top 6 sources) and /api/sidebar-data/full (all of both). */
  sidebar(variant: 'top' | 'full'): Promise<SidebarDataResponse> {
    const full = variant === 'full';
    return this.cache.getOrLoad(CACHE_KEYS[variant], SOURCES_CACHE_TTL_MS, async () => {
      const [popularTags, sources, articleCounts] = await Promise.all([
        this.counts.tags(full ? undefined : SIDEBAR_TAG_LIMIT),
        this.sourcesWithCounts(),
        this.counts.totals(this.clock.now()),
      ]);
      return {
        popularTags,
        rssSources: (full ? sources : sources.slice(0, SIDEBAR_SOURCE_LIMIT)).map(({ source }) => source),
        articleCounts,
      };
    });
  }

  /** Enabled sources as the API shows them, most articles first, each beside its stored record. */
  private async sourcesWithCounts(): Promise<Array<{ source: Source; record: SourceRecord }>> {
    const [records, counts] = await Promise.all([this.repository.listEnabled(), this.counts.bySource()]);
    return records
      .map((record) => ({ source: toSource(record, counts.get(record._id) ?? 0), record }))
      .sort((a, b) => byCountThenName(a.source, b.source));
  }
}

function toSource(record: SourceRecord, count: number): Source {
  return {
    id: record._id,
    name: record.name,
    description: record.description,
    sourceType: record.sourceType,
    url: record.url,
    imageUrl: record.imageUrl,
    count,
  };
}

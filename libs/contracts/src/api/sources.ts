/** News sources and the category sidebar (docs/spec-content.md §2 'News sources', §3 Source and Tag, §7 sidebar-data). */

export const SOURCE_TYPES = ['rss', 'api', 'scrape'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

/** docs/spec-content.md §3 Source; count is the number of articles from it. */
export interface Source {
  id: string;
  name: string;
  description: string;
  sourceType: SourceType;
  url: string;
  imageUrl: string | null;
  count: number;
}

/**
 * A source's WebSub subscription as ingestion tracks it (docs/pipeline.md 'Freshness: adaptive polling and WebSub'):
 * 'pending' until the hub verifies the request, 'subscribed' while a verified lease lasts (pushes arrive),
 * 'failed' when the hub denied or refused it (asked again a day later), 'lapsed' when a lease ended
 * without a verified renewal. In the last two the source is simply polled.
 */
export const SOURCE_WEBSUB_STATES = ['pending', 'subscribed', 'failed', 'lapsed'] as const;
export type SourceWebSubState = (typeof SOURCE_WEBSUB_STATES)[number];

export interface SourceWebSub {
  state: SourceWebSubState;
  /** End of the hub's lease (ISO), set while subscribed; null otherwise. */
  leaseExpiresAt: string | null;
}

/** A source on the sources page, with how quickly its stories reach readers in Korean. */
export interface SourceWithFreshness extends Source {
  /**
   * Median over the last 7 days of (Korean publication − the source's own publication), in whole minutes;
   * null when no article of the week has both times.
   */
  medianMinutesToKorean: number | null;
  /**
   * About how often ingestion polls the source now, in seconds: its adaptive interval (failure backoff
   * included, jitter not), as last announced; it moves only when the interval changes by a quarter or
   * more. Null before its first run, or when ingestion has not said.
   */
  pollIntervalSeconds: number | null;
  /** Its WebSub subscription; null when it has none (no hub, WebSub off) or ingestion has not said. */
  websub: SourceWebSub | null;
}

/** GET /api/sources, for the sources page. Seed: not shown (no call listed); chosen here. */
export interface SourcesResponse {
  sources: SourceWithFreshness[];
}

/** docs/spec-content.md §3 Tag. */
export interface TagCount {
  name: string;
  count: number;
}

/**
 * GET /api/sidebar-data (docs/spec-content.md §7: popularTags, rssSources). articleCounts replaces the seed's hard-coded
 * '6,349 total, +24 today' (docs/design.md §11.6); it is an addition chosen here.
 */
export interface SidebarDataResponse {
  popularTags: TagCount[];
  rssSources: Source[];
  articleCounts: { total: number; today: number };
}

/** docs/spec-content.md §7: 'a full variant exists, its path is not shown'. Chosen: GET /api/sidebar-data/full, no caps. */
export type SidebarDataFullResponse = SidebarDataResponse;

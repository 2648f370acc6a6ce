import { z } from 'zod';
/** News sources and the category sidebar (docs/spec-content.md §2 'News sources', §3 Source and Tag, §7 sidebar-data). */

export const SOURCE_TYPES = ['rss', 'api', 'scrape'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

/** docs/spec-content.md §3 Source; count is the number of articles from it. */
export const sourceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    sourceType: z.enum(SOURCE_TYPES),
    url: z.string(),
    imageUrl: z.string().nullable(),
    count: z.number(),
  })
  .meta({ id: 'Source' });
export type Source = z.output<typeof sourceSchema>;

/**
 * A source's WebSub subscription as ingestion tracks it (docs/pipeline.md 'Freshness: adaptive polling and WebSub'):
 * 'pending' until the hub verifies the request, 'subscribed' while a verified lease lasts (pushes arrive),
 * 'failed' when the hub denied or refused it (asked again a day later), 'lapsed' when a lease ended
 * without a verified renewal. In the last two the source is simply polled.
 */
export const SOURCE_WEBSUB_STATES = ['pending', 'subscribed', 'failed', 'lapsed'] as const;
export type SourceWebSubState = (typeof SOURCE_WEBSUB_STATES)[number];

export const sourceWebSubSchema = z
  .object({
    state: z.enum(SOURCE_WEBSUB_STATES),
    /** End of the hub's lease (ISO), set while subscribed; null otherwise. */
    leaseExpiresAt: z.string().nullable(),
  })
  .meta({ id: 'SourceWebSub' });
export type SourceWebSub = z.output<typeof sourceWebSubSchema>;

/** A source on the sources page, with how quickly its stories reach readers in Korean. */
export const sourceWithFreshnessSchema = sourceSchema
  .extend({
    /**
     * Median over the last 7 days of (Korean publication − the source's own publication), in whole minutes;
     * null when no article of the week has both times.
     */
    medianMinutesToKorean: z.number().nullable(),
    /**
     * About how often ingestion polls the source now, in seconds: its adaptive interval (failure backoff
     * included, jitter not), as last announced; it moves only when the interval changes by a quarter or
     * more. Null before its first run, or when ingestion has not said.
     */
    pollIntervalSeconds: z.number().nullable(),
    /** Its WebSub subscription; null when it has none (no hub, WebSub off) or ingestion has not said. */
    websub: sourceWebSubSchema.nullable(),
  })
  .meta({ id: 'SourceWithFreshness' });
export type SourceWithFreshness = z.output<typeof sourceWithFreshnessSchema>;

/** GET /api/sources, for the sources page. Seed: not shown (no call listed); chosen here. */
export const sourcesResponseSchema = z
  .object({
    sources: z.array(sourceWithFreshnessSchema),
  })
  .meta({ id: 'SourcesResponse' });
export type SourcesResponse = z.output<typeof sourcesResponseSchema>;

/** docs/spec-content.md §3 Tag. */
export const tagCountSchema = z
  .object({
    name: z.string(),
    count: z.number(),
  })
  .meta({ id: 'TagCount' });
export type TagCount = z.output<typeof tagCountSchema>;

/**
 * GET /api/sidebar-data (docs/spec-content.md §7: popularTags, rssSources). articleCounts replaces the seed's hard-coded
 * '6,349 total, +24 today' (docs/design.md §11.6); it is an addition chosen here.
 */
export const sidebarDataResponseSchema = z
  .object({
    popularTags: z.array(tagCountSchema),
    rssSources: z.array(sourceSchema),
    articleCounts: z.object({
      total: z.number(),
      today: z.number(),
    }),
  })
  .meta({ id: 'SidebarDataResponse' });
export type SidebarDataResponse = z.output<typeof sidebarDataResponseSchema>;

/** docs/spec-content.md §7: 'a full variant exists, its path is not shown'. Chosen: GET /api/sidebar-data/full, no caps. */
export const sidebarDataFullResponseSchema = sidebarDataResponseSchema;
export type SidebarDataFullResponse = z.output<typeof sidebarDataFullResponseSchema>;

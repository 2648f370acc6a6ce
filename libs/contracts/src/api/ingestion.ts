import { CATEGORY_SLUGS } from './taxonomy';
import { sourceWebSubSchema } from './sources';
import { z } from 'zod';
import { categorySlugSchema, httpUrl } from '../events/shared-schemas';

/**
 * The ingestion service's sources and runs (chosen paths; docs/pipeline.md 'The news pipeline'): reading them is
 * public, every change needs the admin credential. The request schemas here are the ones the service
 * parses with, so its OpenAPI document cannot promise a field it refuses.
 */

const selector = z.string().trim().min(1).max(300);

/** How to read a scraped site: CSS selectors for the listing page; the body comes from readability. */
export const scrapeRulesSchema = z
  .object({
    /** Selector of each item on the listing page (e.g. 'article', '.post-card'). */
    item: selector,
    /** Selector (inside an item) of the link to the story; its href, resolved against the page URL. */
    link: selector,
    title: selector.optional(),
    summary: selector.optional(),
    publishedAt: selector.optional(),
    image: selector.optional(),
  })
  .strict();
export type IngestionScrapeRules = z.output<typeof scrapeRulesSchema>;

export const INGESTION_SOURCE_TYPES = ['rss', 'api', 'scrape'] as const;
export type IngestionSourceType = (typeof INGESTION_SOURCE_TYPES)[number];

/** Fields without defaults, so the same shape serves creation and partial updates. */
const sourceFields = z
  .object({
    name: z.string().trim().min(1).max(100),
    description: z.string().trim().max(500),
    sourceType: z.enum(INGESTION_SOURCE_TYPES),
    url: httpUrl,
    imageUrl: httpUrl.nullable(),
    category: categorySlugSchema,
    scrape: scrapeRulesSchema.nullable(),
    intervalMinutes: z.number().int().min(1).max(1440).nullable(),
    /** For the tests' fixture server on 127.0.0.1; every write here is admin-only anyway. */
    allowPrivateNetwork: z.boolean(),
  })
  .strict();

/** A scraped source cannot be read without its selectors. */
const requireScrapeRules = (value: { sourceType?: string; scrape?: unknown }, ctx: z.RefinementCtx): void => {
  if (value.sourceType === 'scrape' && !value.scrape)
    ctx.addIssue({ code: 'custom', path: ['scrape'], message: 'required when sourceType is scrape' });
};

/** POST /api/ingestion/sources. */
export const createSourceBodySchema = sourceFields
  .extend({
    description: sourceFields.shape.description.default(''),
    imageUrl: sourceFields.shape.imageUrl.default(null),
    scrape: sourceFields.shape.scrape.default(null),
    intervalMinutes: sourceFields.shape.intervalMinutes.default(null),
    allowPrivateNetwork: sourceFields.shape.allowPrivateNetwork.default(false),
  })
  .superRefine(requireScrapeRules);
export type CreateSourceBody = z.output<typeof createSourceBodySchema>;

/** PATCH /api/ingestion/sources/{id}: any of the fields. */
export const updateSourceBodySchema = sourceFields.partial();
export type UpdateSourceBody = z.output<typeof updateSourceBodySchema>;

/** Checked on the source as it would be after a PATCH, so a type change to 'scrape' needs selectors. */
export const mergedSourceSchema = sourceFields.superRefine(requireScrapeRules);

export const sourceIdSchema = z.string().min(1).max(200);

/** POST /api/ingestion/sources/preview: what a source would read, before it is saved. */
export const previewSourceBodySchema = sourceFields
  .pick({ sourceType: true, url: true, scrape: true, allowPrivateNetwork: true })
  .extend({
    scrape: sourceFields.shape.scrape.default(null),
    allowPrivateNetwork: sourceFields.shape.allowPrivateNetwork.default(false),
  })
  .superRefine(requireScrapeRules);
export type PreviewSourceBody = z.output<typeof previewSourceBodySchema>;

/**
 * A WebSub callback's id: random, one per subscription, so the callback URL names the subscription and
 * only its hub knows it (services/ingestion/src/websub/).
 */
export const websubCallbackIdSchema = z
  .string()
  .regex(/^[a-f0-9]{32}$/, { error: 'id must be 32 lowercase hexadecimal characters' });

/** GET /api/ingestion/websub/:id: a hub's verification of intent, or its notice of a denied subscription. */
export const websubVerifyQuerySchema = z.object({
  'hub.mode': z.enum(['subscribe', 'unsubscribe', 'denied']),
  'hub.topic': z.string().min(1).max(2000),
  'hub.challenge': z.string().min(1).max(1000).optional(),
  'hub.lease_seconds': z.coerce.number().int().min(1).max(31_536_000).optional(),
  'hub.reason': z.string().max(1000).optional(),
});
export type WebSubVerifyQuery = z.output<typeof websubVerifyQuerySchema>;

/** GET /api/ingestion/runs. */
export const listRunsQuerySchema = z.object({
  sourceId: sourceIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ListRunsQuery = z.output<typeof listRunsQuerySchema>;

/** POST /api/ingestion/runs: one source, or every unpaused source when sourceId is absent. */
export const triggerRunsBodySchema = z.object({ sourceId: sourceIdSchema.optional() }).strict().default({});
export type TriggerRunsBody = z.output<typeof triggerRunsBodySchema>;

export const ingestionSourceStatusSchema = z.enum(['active', 'paused', 'failing']);
export type IngestionSourceStatus = z.output<typeof ingestionSourceStatusSchema>;

/**
 * What kind of failure a run had, as the public reads it. The raw message (addresses, resolver and TLS
 * library words, store errors) is the admin's only: GET /api/ingestion/admin/runs and /admin/sources.
 * - 'timeout': no complete answer in time; 'dns': the host name did not resolve; 'tls': the certificate or
 *   handshake failed; 'connection': refused, reset or unreachable;
 * - 'http-4xx', 'http-5xx': the source answered with that class of status; 'http-other': another
 *   non-success status (a redirect without a Location);
 * - 'too-large': past the size cap; 'too-many-redirects'; 'blocked-address': the host resolves to a
 *   private, loopback or otherwise refused address; 'bad-url': not a fetchable URL; 'decode': the body
 *   could not be decompressed or decoded;
 * - 'internal': the service failed while handling what it fetched (a store outage, a bug);
 * - 'unknown': a failure recorded before categories were kept.
 */
export const INGESTION_ERROR_CATEGORIES = [
  'timeout',
  'dns',
  'tls',
  'connection',
  'http-4xx',
  'http-5xx',
  'http-other',
  'too-large',
  'too-many-redirects',
  'blocked-address',
  'bad-url',
  'decode',
  'internal',
  'unknown',
] as const;
export type IngestionErrorCategory = (typeof INGESTION_ERROR_CATEGORIES)[number];

/** What GET answers: the seed's Source fields plus the run state; no validators, no fetch options. */
export const ingestionSourceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    sourceType: z.enum(INGESTION_SOURCE_TYPES),
    url: z.string(),
    imageUrl: z.string().nullable(),
    category: z.enum(CATEGORY_SLUGS),
    /** Stories that carry this source (new or joined), recounted after every run. */
    count: z.number(),
    status: ingestionSourceStatusSchema,
    lastRunAt: z.string().nullable(),
    /** What kind of failure its last run had (INGESTION_ERROR_CATEGORIES); null when it succeeded. */
    lastErrorCategory: z.enum(INGESTION_ERROR_CATEGORIES).nullable(),
    /** Null: due at the scheduler's next look. */
    nextRunAt: z.string().nullable(),
    /** 'default-list' sources come from the service's default list; both kinds are real sources. */
    origin: z.enum(['default-list', 'admin']),
    /**
     * Its adaptive poll interval as last announced to the sources page (source.updated), in seconds; null
     * before its first run.
     */
    pollIntervalSeconds: z.number().nullable(),
    /** Its WebSub subscription as the sources page shows it; null when it has none. */
    websub: sourceWebSubSchema.nullable(),
  })
  .meta({ id: 'IngestionSource' });
export type IngestionSource = z.output<typeof ingestionSourceSchema>;

/** Admins also see how the source is fetched, and its last run's own error message. */
export const ingestionSourceAdminSchema = ingestionSourceSchema
  .extend({
    lastError: z.string().nullable(),
    scrape: scrapeRulesSchema.nullable(),
    intervalMinutes: z.number().nullable(),
    allowPrivateNetwork: z.boolean(),
    consecutiveFailures: z.number(),
  })
  .meta({ id: 'IngestionSourceAdmin' });
export type IngestionSourceAdmin = z.output<typeof ingestionSourceAdminSchema>;

/** One run of one source. */
export const ingestionRunSchema = z
  .object({
    id: z.string(),
    sourceId: z.string(),
    sourceName: z.string(),
    /** 'push': a document a WebSub hub delivered (no fetch; httpStatus null). */
    trigger: z.enum(['schedule', 'manual', 'push']),
    startedAt: z.string(),
    durationMs: z.number(),
    outcome: z.enum(['ok', 'not-modified', 'failed']),
    /** Of the source's own URL (the last hop); null when no response came. */
    httpStatus: z.number().nullable(),
    itemsNew: z.number(),
    /** Near-duplicates of a story another source already carried: added to that story, not emitted again. */
    itemsJoined: z.number(),
    itemsDuplicate: z.number(),
    itemsRejected: z.number(),
    /** The first few rejections with why, for an admin looking at a feed that loses items. */
    rejections: z.array(
      z.object({
        reason: z.string(),
        title: z.string().optional(),
      }),
    ),
    /** What kind of failure it was (INGESTION_ERROR_CATEGORIES); null on success. */
    errorCategory: z.enum(INGESTION_ERROR_CATEGORIES).nullable(),
  })
  .meta({ id: 'IngestionRun' });
export type IngestionRun = z.output<typeof ingestionRunSchema>;

/** A run as the admin API lists it: with the failure's own message. */
export const ingestionRunAdminSchema = ingestionRunSchema
  .extend({
    /** Why the run failed (fetch reason and message, parse or store error); null on success. */
    error: z.string().nullable(),
  })
  .meta({ id: 'IngestionRunAdmin' });
export type IngestionRunAdmin = z.output<typeof ingestionRunAdminSchema>;

/** POST /api/ingestion/runs answers 202: the sources queued, and those already running (not queued twice). */
export const triggerRunsResponseSchema = z
  .object({
    queued: z.array(z.string()),
    alreadyRunning: z.array(z.string()),
  })
  .meta({ id: 'TriggerRunsResponse' });
export type TriggerRunsResponse = z.output<typeof triggerRunsResponseSchema>;

/** The first items of a previewed feed, as the parser read them (nothing stored, nothing emitted). */
export const sourcePreviewItemSchema = z
  .object({
    title: z.string(),
    link: z.string(),
    publishedAt: z.string().nullable(),
    summary: z.string().nullable(),
  })
  .meta({ id: 'SourcePreviewItem' });
export type SourcePreviewItem = z.output<typeof sourcePreviewItemSchema>;

/**
 * POST /api/ingestion/sources/preview answers 200 either way: the feed read (its first items, how many it
 * held and how many the parser dropped) or the fetch's failure in the words a run would record.
 */
export const sourcePreviewResponseSchema = z.union([
  z.object({
    outcome: z.literal('ok'),
    /** After redirects. */
    finalUrl: z.string(),
    itemsFound: z.number(),
    itemsRejected: z.number(),
    /** At most SOURCE_PREVIEW_ITEMS, in the feed's order. */
    items: z.array(sourcePreviewItemSchema),
  }),
  z.object({
    outcome: z.literal('failed'),
    errorCategory: z.enum(INGESTION_ERROR_CATEGORIES),
    error: z.string(),
  }),
]);
export type SourcePreviewResponse = z.output<typeof sourcePreviewResponseSchema>;

export const SOURCE_PREVIEW_ITEMS = 5;

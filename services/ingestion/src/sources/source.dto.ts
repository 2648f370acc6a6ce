import { categorySlugSchema, httpUrl } from '@pulse/contracts';
import { z } from 'zod';

const selector = z.string().trim().min(1).max(300);

export const scrapeRulesSchema = z
  .object({
    item: selector,
    link: selector,
    title: selector.optional(),
    summary: selector.optional(),
    publishedAt: selector.optional(),
    image: selector.optional(),
  })
  .strict();

/** Fields without defaults, so the same shape serves creation and partial updates. */
const sourceFields = z
  .object({
    name: z.string().trim().min(1).max(100),
    description: z.string().trim().max(500),
    sourceType: z.enum(['rss', 'api', 'scrape']),
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

export const createSourceSchema = sourceFields
  .extend({
    description: sourceFields.shape.description.default(''),
    imageUrl: sourceFields.shape.imageUrl.default(null),
    scrape: sourceFields.shape.scrape.default(null),
    intervalMinutes: sourceFields.shape.intervalMinutes.default(null),
    allowPrivateNetwork: sourceFields.shape.allowPrivateNetwork.default(false),
  })
  .superRefine(requireScrapeRules);
export type CreateSourceDto = z.output<typeof createSourceSchema>;

export const updateSourceSchema = sourceFields.partial();
export type UpdateSourceDto = z.output<typeof updateSourceSchema>;

/** Checked on the source as it would be after a PATCH, so a type change to 'scrape' needs selectors. */
export const mergedSourceSchema = sourceFields.superRefine(requireScrapeRules);

export const sourceIdSchema = z.string().min(1).max(200);

import { z } from 'zod';
import { originalSourceSchema } from '../events/shared-schemas';
import { SUMMARY_MAX_LENGTH } from './constants';
import { intParam, oneOf, strictParams, textField } from './params';
import { CATEGORY_SLUGS, CONTENT_TYPES } from './taxonomy';

/**
 * The review API of translations held for review (chosen paths, admin only; ARCHITECTURE.md "Held
 * translations"). A held job never published anything; an editor reads its reasons and the source beside
 * the output, edits the output, then releases it (published through the translator's own event) or rejects
 * it (kept, never published).
 */

/** Bounds of an output, the same as the translator's structured output (a valid edit is a valid event). */
export const REVIEW_OUTPUT_LIMITS = {
  title: 200,
  summary: SUMMARY_MAX_LENGTH,
  bodyHtml: 200_000,
  tags: 10,
  tag: 50,
  keyInsights: 3,
  keyInsight: 500,
  rejectReason: 500,
} as const;

/** A held job's state in review: waiting, released (published) or rejected (kept, never published). */
export const REVIEW_STATES = ['held', 'released', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/**
 * GET /api/translation/admin/held: held jobs, oldest first (the one waiting longest is at the top);
 * `state` shows the rejected or released ones instead.
 */
export const heldListQuerySchema = strictParams({
  state: oneOf('state', REVIEW_STATES).default('held'),
  page: intParam('page', { min: 1 }).default(1),
  limit: intParam('limit', { min: 1, max: 50 }).default(20),
});
export type HeldListQuery = z.output<typeof heldListQuerySchema>;

/** The rewrite an editor reviews: what would be published. */
export const reviewOutputSchema = z
  .object({
    title: z.string(),
    summary: z.string(),
    bodyHtml: z.string(),
    primaryCategory: z.enum(CATEGORY_SLUGS),
    secondaryCategory: z.enum(CATEGORY_SLUGS).nullable(),
    tags: z.array(z.string()),
    contentType: z.enum(CONTENT_TYPES),
    keyInsights: z.array(z.string()),
  })
  .meta({ id: 'ReviewOutput' });
export type ReviewOutput = z.output<typeof reviewOutputSchema>;

/** Why a job is held, as the checks recorded it. */
export const reviewFindingsSchema = z.object({
  reasons: z.array(z.string()),
  /** Addresses the output points to or writes that its source did not allow. */
  addedUrls: z.array(z.string()),
  /** Source sentences that spoke to the model and were left out of the prompt. */
  removedInstructions: z.array(z.string()),
});
export type ReviewFindings = z.output<typeof reviewFindingsSchema>;

export const heldItemSummarySchema = reviewFindingsSchema
  .extend({
    id: z.string(),
    articleId: z.string(),
    state: z.enum(REVIEW_STATES),
    /** The output's title, or the English title when the model gave no valid output. */
    title: z.string(),
    sourceTitle: z.string(),
    sourceName: z.string(),
    hasOutput: z.boolean(),
    createdAt: z.string(),
    /** When it was held (or last edited). */
    updatedAt: z.string(),
  })
  .meta({ id: 'HeldItemSummary' });
export type HeldItemSummary = z.output<typeof heldItemSummarySchema>;

export const heldListResponseSchema = z
  .object({
    items: z.array(heldItemSummarySchema),
    pagination: z.object({
      page: z.number(),
      totalPages: z.number(),
      total: z.number(),
    }),
  })
  .meta({ id: 'HeldListResponse' });
export type HeldListResponse = z.output<typeof heldListResponseSchema>;

/** GET /api/translation/admin/held/{id}: the source beside the output. */
export const heldItemDetailSchema = heldItemSummarySchema
  .extend({
    source: z.object({
      title: z.string(),
      summary: z.string(),
      /** Sanitised before display; the source as collected (untrusted). */
      bodyHtml: z.string(),
      sources: z.array(originalSourceSchema),
      collectedAt: z.string(),
    }),
    /** null when the model never produced a valid output: an editor writes one before releasing. */
    output: reviewOutputSchema.nullable(),
    model: z.string().nullable(),
    lastError: z.string().nullable(),
    /** The editor's last change to the output, if any. */
    editedAt: z.string().nullable(),
    decision: z
      .object({
        state: z.enum(['released', 'rejected']),
        at: z.string(),
        reason: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'HeldItemDetail' });
export type HeldItemDetail = z.output<typeof heldItemDetailSchema>;

const category = oneOf('category', CATEGORY_SLUGS);
const plainList = (field: string, max: number, itemMax: number) =>
  z
    .array(textField(field, { min: 1, max: itemMax }), { error: () => `${field} must be a list of text` })
    .max(max, { error: `${field} may have at most ${max} entries` });

/**
 * PATCH /api/translation/admin/held/{id}: any fields of the output; the rest stay. A job held without an
 * output needs every field. The edited output passes the translator's checks (link rule, plain-text
 * fields) or the answer is a 400 naming the field.
 */
export const editHeldBodySchema = strictParams({
  title: textField('title', { min: 1, max: REVIEW_OUTPUT_LIMITS.title }).optional(),
  summary: textField('summary', { min: 1, max: REVIEW_OUTPUT_LIMITS.summary }).optional(),
  bodyHtml: z
    .string({ error: () => 'bodyHtml must be text' })
    .min(1, { error: 'bodyHtml must not be empty' })
    .max(REVIEW_OUTPUT_LIMITS.bodyHtml, {
      error: `bodyHtml must be at most ${REVIEW_OUTPUT_LIMITS.bodyHtml} characters`,
    })
    .optional(),
  primaryCategory: category.optional(),
  secondaryCategory: category.nullable().optional(),
  tags: plainList('tags', REVIEW_OUTPUT_LIMITS.tags, REVIEW_OUTPUT_LIMITS.tag).optional(),
  contentType: oneOf('contentType', CONTENT_TYPES).optional(),
  keyInsights: plainList(
    'keyInsights',
    REVIEW_OUTPUT_LIMITS.keyInsights,
    REVIEW_OUTPUT_LIMITS.keyInsight,
  ).optional(),
});
export type EditHeldBody = z.output<typeof editHeldBodySchema>;

/** POST /api/translation/admin/held/{id}/reject. */
export const rejectHeldBodySchema = strictParams({
  reason: textField('reason', { min: 1, max: REVIEW_OUTPUT_LIMITS.rejectReason }),
});
export type RejectHeldBody = z.output<typeof rejectHeldBodySchema>;

import { z } from 'zod';
import { oneOf, strictParams } from './params';
import { CATEGORY_SLUGS, CONTENT_TYPES } from './taxonomy';

/**
 * The newsletter's calls beyond the sign-up (docs/services.md 'The newsletter'): the pages a mail links to (confirm,
 * unsubscribe with RFC 8058 one-click, preferences, delete), which take form posts and answer HTML, and
 * the JSON archive and admin calls. The newsletter service parses its requests with these schemas.
 */

export const NEWSLETTER_KINDS = ['weekly', 'daily'] as const;
export type NewsletterKind = (typeof NEWSLETTER_KINDS)[number];

const token = z.string().min(1).max(1024).describe('The signed token from the link in the mail');

/** ?token= on the pages, or the form's hidden token. Unknown parameters are ignored (mail clients add some). */
export const newsletterTokenSchema = z.object({ token }, { error: () => 'token: 링크가 올바르지 않습니다' });

/** The preferences form (urlencoded: a category box repeated, or absent when none is ticked). */
export const newsletterPreferencesFormSchema = z.object({
  token,
  categories: z
    .union([z.enum(CATEGORY_SLUGS), z.array(z.enum(CATEGORY_SLUGS)).max(CATEGORY_SLUGS.length)], {
      error: () => `categories must be among: ${CATEGORY_SLUGS.join(', ')}`,
    })
    .optional()
    .transform((value) => [...new Set(value === undefined ? [] : ([] as string[]).concat(value))]),
  frequency: z.enum(NEWSLETTER_KINDS, {
    error: () => `frequency must be one of: ${NEWSLETTER_KINDS.join(', ')}`,
  }),
});

/** Admin preview (?kind=) and manual send ({kind}). */
export const newsletterKindSchema = strictParams({ kind: oneOf('kind', NEWSLETTER_KINDS) });

const digestArticleSchema = z.object({
  id: z.string(),
  type: z.enum(CONTENT_TYPES),
  title: z.string(),
  summary: z.string(),
  url: z.string().describe('Canonical reader URL on PUBLIC_SITE_URL'),
  imageUrl: z.string().nullable(),
  publishedAt: z.string(),
  views: z.number().int(),
  reason: z.enum(['popular', 'hot']).describe("The period's most read, or hottest now"),
});

const digestSectionSchema = z.object({
  category: z.enum(CATEGORY_SLUGS),
  articles: z.array(digestArticleSchema),
});

const editionId = z.string().describe("'weekly-2026-03-02' or 'daily-2026-03-03' (its Seoul date)");

/** GET /api/newsletter/editions: newest first. */
export const editionListResponseSchema = z.object({
  editions: z.array(
    z.object({
      id: editionId,
      kind: z.enum(NEWSLETTER_KINDS),
      date: z.string(),
      title: z.string(),
      recipients: z.number().int(),
    }),
  ),
});

/** GET /api/newsletter/editions/:id: the articles as mailed and shown on the web version. */
export const editionResponseSchema = z.object({
  edition: z.object({
    id: editionId,
    kind: z.enum(NEWSLETTER_KINDS),
    date: z.string(),
    title: z.string(),
    periodStart: z.string(),
    periodEnd: z.string(),
    sections: z.array(digestSectionSchema),
  }),
});

/** Admin: the edition due now as it would be mailed (every category), stored nowhere. */
export const editionPreviewResponseSchema = z.object({
  id: editionId,
  title: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});

/**
 * Admin: a test send of one edition to the signed-in member's own address: the mail as subscribers get it,
 * its subject prefixed TEST_SEND_SUBJECT_PREFIX, to no one else, leaving the edition as it was.
 */
export const editionTestSendResponseSchema = z.object({
  id: editionId,
  subject: z.string(),
  /** The member's own address the mail went to. */
  to: z.string(),
});

/** What a test send's subject starts with, so it is never mistaken for the real edition. */
export const TEST_SEND_SUBJECT_PREFIX = '[시험 발송] ';

const sendCount = z.number().int();

/** Admin: an edition's enqueue and its send records by status (manual send and progress). */
export const editionProgressResponseSchema = z.object({
  edition: z.object({
    id: editionId,
    kind: z.enum(NEWSLETTER_KINDS),
    title: z.string(),
    recipients: z.number().int(),
    enqueue: z.enum(['running', 'done']),
  }),
  sends: z.object({
    queued: sendCount,
    claimed: sendCount,
    sent: sendCount,
    bounced: sendCount,
    failed: sendCount,
    skipped: sendCount,
  }),
});

const subscriberCount = z.number().int();

/**
 * Admin: GET /api/newsletter/admin/subscribers: subscribers by state, and when the schedule mails the next
 * editions (whether it is on: NEWSLETTER_SCHEDULE).
 */
export const subscriberOverviewResponseSchema = z.object({
  subscribers: z.object({
    pending: subscriberCount.describe('Signed up, not confirmed yet'),
    confirmed: subscriberCount,
    unsubscribed: subscriberCount,
    bounced: subscriberCount,
  }),
  schedule: z.object({
    on: z.boolean(),
    next: z.object({
      daily: z.string().describe('When the next daily edition falls due (UTC ISO)'),
      weekly: z.string().describe('When the next weekly edition falls due (UTC ISO)'),
    }),
  }),
});
export type SubscriberOverviewResponse = z.output<typeof subscriberOverviewResponseSchema>;

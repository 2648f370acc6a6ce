import { z } from 'zod';
import { intParam, oneOf, optionalTextParam, strictParams } from './params';

/**
 * Readers' messages to the editors (newsroom: the /contact page's form, the /admin/contact screen;
 * docs/admin.md 'Contact messages').
 */
export const CONTACT_PATH = '/api/newsroom/contact';
export const CONTACT_ADMIN_PATH = '/api/admin/contact';

export const CONTACT_TOPICS = ['correction', 'tip', 'partnership', 'privacy', 'other'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_STATUSES = ['new', 'handled'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const CONTACT_LIMITS = {
  message: { min: 10, max: 2000 },
  name: 40,
  /** RFC 5321's longest forward path. */
  replyTo: 254,
  /** A message at its longest is about 6 KB of UTF-8 as JSON; anything far past that is not a message. */
  bodyBytes: 16 * 1024,
  pageSize: 20,
} as const;

/**
 * The form's hidden field: people never see it, so a value in it means a script filled every field it
 * found. Such a message is answered like any other and not kept.
 */
export const CONTACT_HONEYPOT_FIELD = 'website';

const blankIsAbsent = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** POST /api/newsroom/contact: what a reader sends. */
export const contactMessageSchema = z.strictObject({
  topic: oneOf('topic', CONTACT_TOPICS),
  message: z
    .string({ error: () => 'message is required and must be text' })
    .trim()
    .min(CONTACT_LIMITS.message.min, {
      error: `message must be ${CONTACT_LIMITS.message.min} to ${CONTACT_LIMITS.message.max} characters`,
    })
    .max(CONTACT_LIMITS.message.max, {
      error: `message must be ${CONTACT_LIMITS.message.min} to ${CONTACT_LIMITS.message.max} characters`,
    }),
  replyTo: z.preprocess(
    blankIsAbsent,
    z
      .email({ error: 'replyTo must be an email address' })
      .max(CONTACT_LIMITS.replyTo, { error: `replyTo must be at most ${CONTACT_LIMITS.replyTo} characters` })
      .optional(),
  ),
  name: optionalTextParam('name', CONTACT_LIMITS.name),
  /** The honeypot (CONTACT_HONEYPOT_FIELD): empty from people. */
  website: z.string().max(2000).optional(),
});
export type ContactMessageInput = z.output<typeof contactMessageSchema>;

/** The answer to every accepted message, kept or not: nothing in it tells a script which it was. */
export const contactReceiptSchema = z
  .object({
    received: z.literal(true),
  })
  .meta({ id: 'ContactReceipt' });
export type ContactReceipt = z.output<typeof contactReceiptSchema>;

/** GET /api/newsroom/contact: how readers reach the editors besides the form. */
export const contactChannelsSchema = z
  .object({
    /** PUBLIC_CONTACT_EMAIL; null when none is configured (the page then offers the form alone). */
    email: z.string().nullable(),
  })
  .meta({ id: 'ContactChannels' });
export type ContactChannels = z.output<typeof contactChannelsSchema>;

/** GET /api/admin/contact: newest first, a page at a time. */
export const contactListQuerySchema = strictParams({
  status: oneOf('status', CONTACT_STATUSES).default('new'),
  page: intParam('page', { min: 1, max: 10_000 }).default(1),
});
export type ContactListQuery = z.output<typeof contactListQuerySchema>;

/** One reader's message as the editors see it (never the sender's address or network). */
export const contactMessageViewSchema = z
  .object({
    id: z.string(),
    topic: z.enum(CONTACT_TOPICS),
    message: z.string(),
    replyTo: z.string().nullable(),
    name: z.string().nullable(),
    status: z.enum(CONTACT_STATUSES),
    createdAt: z.string(),
    /** When and by whom it was marked handled; null while new. */
    handledAt: z.string().nullable(),
    handledBy: z.string().nullable(),
  })
  .meta({ id: 'ContactMessageView' });
export type ContactMessageView = z.output<typeof contactMessageViewSchema>;

export const contactMessagePageSchema = z
  .object({
    items: z.array(contactMessageViewSchema),
    page: z.number(),
    pageSize: z.number(),
    /** Messages with this status in all. */
    total: z.number(),
  })
  .meta({ id: 'ContactMessagePage' });
export type ContactMessagePage = z.output<typeof contactMessagePageSchema>;

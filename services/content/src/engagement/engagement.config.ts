import { z } from 'zod';

const cap = (fallback: number, description: string) =>
  z.coerce.number().int().min(1).max(1_000_000).default(fallback).describe(description);

/** Reader sessions, view counting, and the caps on engagement (docs/abuse/engagement.md). */
export const engagementConfigSchema = z.object({
  CONTENT_SESSION_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .describe(
      'HMAC-SHA256 key signing the anonymous reader cookie (pulse_sid). Unset: one is generated once and kept in the content store (content_settings), so restarts and replicas sharing the store agree.',
    ),
  CONTENT_SESSION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(400)
    .default(365)
    .describe(
      "How long the reader cookie lives, in days; a reader's likes are remembered for that long (browsers cap cookies at 400 days).",
    ),
  CONTENT_VIEW_WINDOW_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24)
    .describe(
      'A view is counted once per article per reader within this many hours (seed: once per browser session).',
    ),
  CONTENT_SHARE_LIMIT_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(10)
    .describe('Shares counted per article per reader in any hour; more answer 429.'),
  CONTENT_LIKES_PER_READER_ARTICLE_HOUR: cap(
    6,
    'Likes and unlikes one reader session may make on one article in any hour; more answer 429 (a toggling script cannot send a stream of events).',
  ),
  CONTENT_VIEWS_PER_READER_HOUR: cap(
    300,
    'Views one reader session gets counted in any hour, across all articles; more are recorded as not counted.',
  ),
  CONTENT_LIKES_PER_READER_HOUR: cap(
    120,
    'Likes and unlikes one reader session may make in any hour, across all articles; more answer 429.',
  ),
  CONTENT_SHARES_PER_READER_HOUR: cap(
    60,
    'Shares one reader session may record in any hour, across all articles; more answer 429.',
  ),
  CONTENT_VIEWS_PER_NETWORK_ARTICLE_HOUR: cap(
    60,
    'Views of one article counted from one network (IPv4 address, IPv6 /64) in any hour, whatever the sessions; more are recorded as not counted.',
  ),
  CONTENT_LIKES_PER_NETWORK_ARTICLE_HOUR: cap(
    10,
    'Likes and unlikes of one article from one network (IPv4 address, IPv6 /64) in any hour, whatever the sessions; more answer 429.',
  ),
  CONTENT_SHARES_PER_NETWORK_ARTICLE_HOUR: cap(
    10,
    'Shares of one article from one network (IPv4 address, IPv6 /64) in any hour, whatever the sessions; more answer 429.',
  ),
});

export type EngagementConfig = z.output<typeof engagementConfigSchema>;

export const ENGAGEMENT_CONFIG = Symbol.for('pulse.content.EngagementConfig');

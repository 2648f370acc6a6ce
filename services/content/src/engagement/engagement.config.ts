import { z } from 'zod';

/** Reader sessions, view counting and share limits (issue 4 'Engagement'). */
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
});

export type EngagementConfig = z.output<typeof engagementConfigSchema>;

export const ENGAGEMENT_CONFIG = Symbol.for('pulse.content.EngagementConfig');

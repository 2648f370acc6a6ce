import { z } from 'zod';

const int = (min: number, max: number, fallback: number, description: string) =>
  z.coerce.number().int().min(min).max(max).default(fallback).describe(description);

/** Settings of the community service (identity, views, abuse limits); services/community/README.md explains them. */
export const communityConfigSchema = z.object({
  PUBLIC_SITE_URL: z
    .url({ protocol: /^https?$/ })
    .default('http://localhost:3000')
    .transform((url) => url.replace(/\/+$/, ''))
    .describe('Public origin of the site: community cookies are Secure when it is https.'),
  COMMUNITY_CONTENT_URL: z
    .url({ protocol: /^https?$/ })
    .default('http://127.0.0.1:3101')
    .transform((url) => url.replace(/\/+$/, ''))
    .describe(
      "Base URL of the content service's public read API, which the assistant retrieves articles from and comments check their article against (`npm start` points it at its own gateway).",
    ),
  COMMUNITY_TOKEN_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .describe(
      'HS256 key signing community identity tokens. Unset: one is generated once and kept in the community store (community_settings), so restarts and replicas agree.',
    ),
  COMMUNITY_SESSION_IDLE_DAYS: int(
    1,
    365,
    7,
    'A community session unused for this many days expires (seed: 7).',
  ),
  COMMUNITY_ACTIVITY_WRITE_MINUTES: int(
    1,
    1440,
    5,
    "A session's lastActiveAt is written at most once per this many minutes.",
  ),
  COMMUNITY_COUNTER_FLUSH_MS: int(
    0,
    1000,
    50,
    "Votes and comment reactions are recorded at once; their targets' counts follow in one write per target per this many milliseconds (0: within the vote's own request).",
  ),
  COMMUNITY_VIEW_WINDOW_HOURS: int(
    1,
    720,
    24,
    'A question view counts once per reader within this many hours.',
  ),
  COMMUNITY_VIEWS_PER_READER_HOUR: int(
    1,
    1_000_000,
    300,
    'Question views one reader (identity or reader session) gets counted in any hour, across all questions; more are answered as not counted.',
  ),
  COMMUNITY_VIEWS_PER_NETWORK_QUESTION_HOUR: int(
    1,
    1_000_000,
    60,
    'Views of one question counted from one network (NETWORK_*) in any hour, whatever the sessions or identities; more are answered as not counted.',
  ),
  COMMUNITY_IDENTITIES_PER_IP_HOUR: int(
    1,
    100_000,
    5,
    'New nickname identities one network (an IPv4 address, an IPv6 /64: NETWORK_*) may create per hour.',
  ),
  COMMUNITY_POSTS_PER_IDENTITY_10MIN: int(
    1,
    100_000,
    10,
    'Questions plus answers one identity may post per 10 minutes.',
  ),
  COMMUNITY_POSTS_PER_IP_10MIN: int(
    1,
    100_000,
    30,
    'Questions, answers and comments one network (NETWORK_*) may post per 10 minutes.',
  ),
  COMMUNITY_VOTES_PER_IDENTITY_MINUTE: int(
    1,
    100_000,
    30,
    'Votes and reports one identity may cast per minute.',
  ),
  COMMUNITY_VOTES_PER_IP_MINUTE: int(
    1,
    1_000_000,
    120,
    'Votes and reports one network (NETWORK_*) may cast per minute.',
  ),
});
export type CommunityConfig = z.output<typeof communityConfigSchema>;
export const COMMUNITY_CONFIG = Symbol.for('pulse.community.Config');

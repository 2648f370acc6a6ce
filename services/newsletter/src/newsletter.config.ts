import { z } from 'zod';

const int = (min: number, max: number, fallback: number, description: string) =>
  z.coerce.number().int().min(min).max(max).default(fallback).describe(description);
const onOff = (fallback: 'on' | 'off', description: string) =>
  z.enum(['on', 'off']).default(fallback).describe(description);

/** Settings of the newsletter service; docs/services.md 'The newsletter' explains them. */
export const newsletterConfigSchema = z.object({
  PUBLIC_SITE_URL: z
    .url({ protocol: /^https?$/ })
    .default('http://localhost:3000')
    .transform((url) => url.replace(/\/+$/, ''))
    .describe('Public origin of the site: links in mails (confirm, unsubscribe, articles) start with it.'),
  NEWSLETTER_TOKEN_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .describe(
      'HS256 key signing confirmation and unsubscribe links. Unset: one is generated once and kept in the newsletter store, so restarts and replicas agree.',
    ),
  NEWSLETTER_CONFIRM_DAYS: int(
    1,
    30,
    3,
    'A confirmation link expires, and an unconfirmed sign-up is forgotten, after this many days.',
  ),
  NEWSLETTER_SUBSCRIBES_PER_IP_HOUR: int(
    1,
    1_000_000,
    10,
    'Sign-up requests one network may make per hour (an IPv4 address, an IPv6 /64: NETWORK_IPV4_PREFIX, NETWORK_IPV6_PREFIX).',
  ),
  NEWSLETTER_MAILS_PER_ADDRESS_DAY: int(
    1,
    100,
    3,
    'Sign-up mails (confirmation, already subscribed) one mailbox may receive per day; `+tag` variants, and dotted or googlemail.com variants of a Gmail address, count as one mailbox.',
  ),
  NEWSLETTER_TEST_SENDS_PER_HOUR: int(
    1,
    1000,
    10,
    "Test sends of an edition one staff member may make per hour (each mails only the member's own address).",
  ),
  NEWSLETTER_UNSUBSCRIBE_MAILTO: z
    .email()
    .default('unsubscribe@pulse.local')
    .describe('Address in the mailto part of List-Unsubscribe (RFC 8058 keeps both forms).'),
  NEWSLETTER_TRENDING_URL: z
    .url({ protocol: /^https?$/ })
    .default('http://127.0.0.1:3104')
    .transform((url) => url.replace(/\/+$/, ''))
    .describe(
      "Base URL of the trending service's read API, which digests are built from (`npm start` points it at its own gateway).",
    ),
  NEWSLETTER_ARTICLES_PER_CATEGORY: int(1, 20, 5, 'Articles per category in a digest.'),
  NEWSLETTER_SCHEDULE: onOff(
    'on',
    'Build and send the weekly (Monday 08:00 Asia/Seoul) and daily (08:00) editions when due.',
  ),
  NEWSLETTER_SENDER: onOff('on', 'Run the sender in this process (claims and sends queued mails).'),
  NEWSLETTER_SEND_RATE_PER_SECOND: int(1, 100_000, 20, 'Digest mails one replica sends per second at most.'),
  NEWSLETTER_SEND_CONCURRENCY: int(
    1,
    64,
    4,
    'Digest mails one replica has in flight at once (on the wire: at most SMTP_MAX_CONNECTIONS; the rest wait for a connection).',
  ),
  NEWSLETTER_SEND_PAGE_SIZE: int(
    1,
    10_000,
    5000,
    "Subscribers an edition's send walks per page: their mails are queued together, and the next page only once fewer than this many of the edition's mails are waiting.",
  ),
  NEWSLETTER_SEND_LEASE_SECONDS: int(
    1,
    3600,
    120,
    'A claimed mail not marked sent within this time (its sender died) is claimed again.',
  ),
  NEWSLETTER_SEND_MAX_ATTEMPTS: int(1, 20, 6, 'Attempts on temporary SMTP failures (4xx) before giving up.'),
  NEWSLETTER_RETRY_BASE_SECONDS: int(
    1,
    86_400,
    60,
    'First retry delay after a temporary failure; doubled per attempt, at most 6 hours.',
  ),
});
export type NewsletterConfig = z.output<typeof newsletterConfigSchema>;
export const NEWSLETTER_CONFIG = Symbol.for('pulse.newsletter.Config');
/** What counts as one network for the sign-up limit (NetworkPrefixes, from the service's `network` settings). */
export const NEWSLETTER_NETWORKS = Symbol.for('pulse.newsletter.Networks');

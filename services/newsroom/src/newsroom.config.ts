import { z } from 'zod';

const int = (min: number, max: number, fallback: number, description: string) =>
  z.coerce.number().int().min(min).max(max).default(fallback).describe(description);

/** Settings of the newsroom service (staff accounts and sessions); docs/admin.md explains them. */
export const newsroomConfigSchema = z.object({
  PUBLIC_SITE_URL: z
    .url({ protocol: /^https?$/ })
    .default('http://localhost:3000')
    .transform((url) => url.replace(/\/+$/, ''))
    .describe(
      'Public origin of the site. On https the staff session cookie is marked Secure (sent over TLS only).',
    ),
  NEWSROOM_SESSION_HOURS: int(
    1,
    24 * 30,
    12,
    'A staff session (the pulse_staff cookie) ends this many hours after sign-in; sign in again after.',
  ),
  NEWSROOM_SESSION_IDLE_MINUTES: int(
    1,
    24 * 60,
    30,
    'A staff session also ends after this many minutes without a request (measured to the minute), before NEWSROOM_SESSION_HOURS.',
  ),
  NEWSROOM_LOCKOUT_FAILURES: int(
    3,
    100,
    10,
    'Wrong passwords (or second-factor codes) in a row for one name from one network (NETWORK_* prefixes) that lock that name from that network for NEWSROOM_LOCKOUT_MINUTES; other networks still sign in.',
  ),
  NEWSROOM_LOCKOUT_MINUTES: int(
    1,
    24 * 60,
    15,
    'How long a name locked from a network refuses every sign-in from it, the right password too (423 with a Korean message).',
  ),
  NEWSROOM_LOCKOUT_NAME_FAILURES: int(
    10,
    100_000,
    100,
    'Wrong passwords or codes for one name from all networks together per NEWSROOM_LOGIN_WINDOW_MINUTES, past which each further one locks the name from its network at once.',
  ),
  NEWSROOM_LOGIN_PER_ADDRESS: int(
    1,
    10_000,
    30,
    'Sign-in attempts one network (NETWORK_* prefixes) may make per NEWSROOM_LOGIN_WINDOW_MINUTES, whatever the account; past it 429.',
  ),
  NEWSROOM_LOGIN_WINDOW_MINUTES: int(1, 24 * 60, 15, 'The window NEWSROOM_LOGIN_PER_ADDRESS counts in.'),
  AUDIT_RETENTION_DAYS: int(
    1,
    3650,
    400,
    'Days the staff audit log (/admin/audit) keeps each recorded action; older entries are removed hourly.',
  ),
  PUBLIC_CONTACT_EMAIL: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .email()
      .optional()
      .describe(
        "The editors' address shown on /contact beside the form (GET /api/newsroom/contact). Unset: the page offers the form alone.",
      ),
  ),
  CONTACT_PER_NETWORK_HOUR: int(
    1,
    1000,
    5,
    'Messages one network (NETWORK_* prefixes) may send through /contact per clock hour; past it 429 with Retry-After.',
  ),
  CONTACT_PER_HOUR: int(
    1,
    100_000,
    200,
    'Messages the whole site takes through /contact per clock hour, all networks together: what a sender with many networks (an IPv6 /48 is 65,536 /64s) can store is bounded by it. Past it 429 with Retry-After for every sender until the hour ends.',
  ),
  CONTACT_RETENTION_DAYS: int(
    1,
    3650,
    180,
    "Days a reader's message (/admin/contact) is kept, handled or not; older ones are removed hourly.",
  ),
});

export type NewsroomConfig = z.output<typeof newsroomConfigSchema>;

export const NEWSROOM_CONFIG = Symbol.for('pulse.newsroom.Config');
/** The network prefixes the per-address sign-in limit keys on (networkConfigSchema). */
export const NEWSROOM_NETWORKS = Symbol.for('pulse.newsroom.Networks');

import { z } from 'zod';

const intFrom = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** The ingestion service's own variables (docs/design.md §5); the README's configuration table lists them. */
export const ingestionConfigSchema = z.object({
  INGESTION_INTERVAL_MINUTES: intFrom(1, 1440)
    .default(15)
    .describe(
      'Minutes between the first runs of a source, jittered by up to ±10%; afterwards the interval adapts to how often the source publishes (between the min and max below). A source may set its own, which pins it.',
    ),
  INGESTION_MIN_INTERVAL_MINUTES: intFrom(1, 1440)
    .default(2)
    .describe('Shortest adaptive interval between runs of a source that publishes often.'),
  INGESTION_MAX_INTERVAL_MINUTES: intFrom(1, 1440)
    .default(60)
    .describe(
      'Longest adaptive interval between runs of a quiet source (and of one whose WebSub subscription is active).',
    ),
  INGESTION_FIRST_RUN_DELAY_SECONDS: intFrom(0, 86_400)
    .default(60)
    .describe(
      'Seconds after start before the scheduler first looks for due sources, so a starting or restarting process does not fetch at once.',
    ),
  INGESTION_CONCURRENCY: intFrom(1, 32)
    .default(4)
    .describe(
      'Sources read at the same time, polled or pushed by a WebSub hub (a push waits for a slot, ahead of waiting polls).',
    ),
  INGESTION_MAX_BACKOFF_MINUTES: intFrom(1, 10_080)
    .default(360)
    .describe('Upper bound of the exponential backoff after consecutive failures of a source.'),
  INGESTION_WEBSUB_CALLBACK_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, { error: 'must be an http(s) URL' })
    .optional()
    .describe(
      'Public origin the site is reached at (e.g. https://pulse.example): WebSub hubs call back under /api/ingestion/websub/. Unset: no subscriptions; every source is polled.',
    ),
  INGESTION_WEBSUB_LEASE_SECONDS: intFrom(60, 31_536_000)
    .default(86_400)
    .describe(
      'Lease asked of a WebSub hub; the hub decides, and the subscription is renewed before it ends.',
    ),
  INGESTION_SEED_DEFAULT_SOURCES: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true')
    .describe('Add the default list of real public sources to an empty store at start (once).'),
  INGESTION_ALLOW_PRIVATE_SOURCES: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true')
    .describe(
      "Let a source fetch from private and loopback addresses when it asks to (allowPrivateNetwork): for a feed on this machine or the office network, and the tests' fixture servers. Off: no fetch reaches them, and a source asking to is refused (400).",
    ),
});

export type IngestionConfig = z.output<typeof ingestionConfigSchema>;

export const INGESTION_CONFIG = Symbol.for('pulse.ingestion.Config');

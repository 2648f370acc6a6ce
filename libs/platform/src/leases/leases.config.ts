import { z } from 'zod';

const seconds = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/**
 * Timing of the leases that spread scheduled work over replicas (ingestion's polls and WebSub upkeep,
 * newsletter editions, trending recomputes): docs/scaling.md.
 */
export const scheduleLeaseConfigSchema = z
  .object({
    SCHEDULE_LEASE_SECONDS: seconds(5, 3_600)
      .default(60)
      .describe(
        "How long a replica's claim on a scheduled job (a source's poll, an edition, a trending recompute) lasts; the holder renews it every third of that while the job runs. A replica that dies holding one blocks that job for at most this long.",
      ),
    SCHEDULE_TAKEOVER_SECONDS: seconds(10, 7_200)
      .default(120)
      .describe(
        'Longest time from the death of a replica holding a scheduled job to another replica starting it: replicas look for held jobs at least every (SCHEDULE_TAKEOVER_SECONDS − SCHEDULE_LEASE_SECONDS) seconds. Must be longer than SCHEDULE_LEASE_SECONDS.',
      ),
  })
  .refine((config) => config.SCHEDULE_TAKEOVER_SECONDS > config.SCHEDULE_LEASE_SECONDS, {
    message: 'must be longer than SCHEDULE_LEASE_SECONDS',
    path: ['SCHEDULE_TAKEOVER_SECONDS'],
  });

export type ScheduleLeaseConfig = z.output<typeof scheduleLeaseConfigSchema>;

/** The timing in milliseconds, as the schedulers use it. */
export interface LeaseTiming {
  /** Length of a lease; renewed every third of it while held. */
  leaseMs: number;
  /** Bound from a holder's death to a takeover. */
  takeoverMs: number;
  /** How often a replica that found a job held looks again: takeoverMs − leaseMs. */
  lookAgainMs: number;
}

export function leaseTiming(config: ScheduleLeaseConfig): LeaseTiming {
  const leaseMs = config.SCHEDULE_LEASE_SECONDS * 1000;
  const takeoverMs = config.SCHEDULE_TAKEOVER_SECONDS * 1000;
  return { leaseMs, takeoverMs, lookAgainMs: takeoverMs - leaseMs };
}

import { POLLS_PER_ITEM, publishGapMs, type PublishRate } from './publish-rate';

/** Jitter spreads sources that share an interval, so they do not all fetch in the same second. */
export const JITTER_FRACTION = 0.1;

export interface NextRunInput {
  intervalMs: number;
  /** Failures in a row, counting the run just finished. */
  consecutiveFailures: number;
  maxBackoffMs: number;
  /** A draw in [0, 1). */
  random: number;
}

/**
 * Delay until a source's next run: its backed-off interval ± up to 10%, so a dead feed is asked less and
 * less often but never forgotten.
 */
export function nextRunDelayMs(input: NextRunInput): number {
  const jitter = 1 + (input.random * 2 - 1) * JITTER_FRACTION;
  // Jittered after capping, so failing sources at the cap do not all retry in the same second.
  return Math.round(backedOffIntervalMs(input) * jitter);
}

/**
 * The interval a source is polled at before jitter: its interval, doubled per consecutive failure up to
 * a cap. This is what the sources page is told ('about every N minutes').
 */
export function backedOffIntervalMs({
  intervalMs,
  consecutiveFailures,
  maxBackoffMs,
}: Omit<NextRunInput, 'random'>): number {
  if (consecutiveFailures <= 0) return intervalMs;
  // 2^n grows past any cap quickly; bounding the exponent keeps the number finite.
  return Math.min(intervalMs * 2 ** Math.min(consecutiveFailures, 30), maxBackoffMs);
}

/**
 * A change of the announced interval smaller than this factor (either way) is not announced: the page
 * says 'about', and an estimate that drifts a little with every run would otherwise send source.updated
 * after every poll.
 */
export const INTERVAL_ANNOUNCE_FACTOR = 1.25;

/**
 * The poll interval to announce, in whole seconds: the one in use, unless it is within
 * INTERVAL_ANNOUNCE_FACTOR of the one announced last (`previousSeconds`), which is then kept.
 */
export function announcedIntervalSeconds(previousSeconds: number | undefined, intervalMs: number): number {
  const seconds = Math.max(1, Math.round(intervalMs / 1000));
  if (!previousSeconds) return seconds;
  const ratio = seconds / previousSeconds;
  const moved = ratio >= INTERVAL_ANNOUNCE_FACTOR || ratio <= 1 / INTERVAL_ANNOUNCE_FACTOR;
  return moved ? seconds : previousSeconds;
}

export interface PollIntervalInput {
  /** The run's estimate of the source's pace; null before its first observation. */
  rate: PublishRate | null;
  /** INGESTION_INTERVAL_MINUTES (or the source's own, which pins it): the start value. */
  baseIntervalMs: number;
  minIntervalMs: number;
  maxIntervalMs: number;
  /** An admin set this source's interval: it is kept as is. */
  pinned: boolean;
  /**
   * A WebSub subscription is live: pushes bring the news, and polls at the longest interval are only
   * the safety net for a hub that stops pushing.
   */
  pushed?: boolean;
}

/**
 * Adaptive polling: a source that publishes often is polled often, a quiet one rarely, within
 * [min, max]. Extra polls stay cheap because every poll is a conditional GET (fetching/): an unchanged
 * feed answers 304 with no body. ARCHITECTURE.md ("Adaptive polling") explains the choice.
 */
export function pollIntervalMs({
  rate,
  baseIntervalMs,
  minIntervalMs,
  maxIntervalMs,
  pinned,
  pushed = false,
}: PollIntervalInput): number {
  if (pinned) return baseIntervalMs;
  const low = Math.min(minIntervalMs, maxIntervalMs);
  const high = Math.max(minIntervalMs, maxIntervalMs);
  if (pushed) return high;
  const wanted = rate ? publishGapMs(rate) / POLLS_PER_ITEM : baseIntervalMs;
  return Math.round(Math.min(Math.max(wanted, low), high));
}

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
 * Delay until a source's next run: its interval ± up to 10%, doubled per consecutive failure up to a cap (± the same jitter),
 * so a dead feed is asked less and less often but never forgotten.
 */
export function nextRunDelayMs({
  intervalMs,
  consecutiveFailures,
  maxBackoffMs,
  random,
}: NextRunInput): number {
  const jitter = 1 + (random * 2 - 1) * JITTER_FRACTION;
  if (consecutiveFailures <= 0) return Math.round(intervalMs * jitter);
  // 2^n grows past any cap quickly; bounding the exponent keeps the number finite.
  const backoff = intervalMs * 2 ** Math.min(consecutiveFailures, 30);
  // Jittered after capping, so failing sources at the cap do not all retry in the same second.
  return Math.round(Math.min(backoff, maxBackoffMs) * jitter);
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

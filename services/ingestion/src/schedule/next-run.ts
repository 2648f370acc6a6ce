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

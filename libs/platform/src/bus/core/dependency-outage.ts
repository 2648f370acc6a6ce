import { StoreUnavailableError } from '../../store/store.errors';
import { backoffDelay, waitOrAbort } from './backoff';
import type { BackoffOptions, BusLogger } from '../bus.port';
import { errorOf } from './dead-letter';

/**
 * The longest wait between two tries while a dependency is down: one probe per partition is cheap, and
 * the partition should move again within seconds of the dependency's return, not after a long backoff.
 */
export const OUTAGE_RETRY_MAX_MS = 5_000;

/**
 * Whether an error (or one of its causes) says a dependency cannot be reached rather than that this
 * event cannot be handled: retrying it later will work, so it must not count toward the dead letter.
 */
export function isDependencyOutage(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if (current instanceof StoreUnavailableError) return true;
    current = current.cause;
  }
  return false;
}

export interface OutageWait {
  /** Tries that met the outage so far, this one included. */
  retries: number;
  error: unknown;
  backoff: BackoffOptions;
  signal: AbortSignal;
  logger?: BusLogger;
  /** What the log line names (topic, partition, group, the event or the batch). */
  where: Record<string, unknown>;
  message: string;
}

/**
 * Waits before the next try after a dependency outage, with the backoff capped at OUTAGE_RETRY_MAX_MS;
 * logs the first try and every tenth, not each one, as an outage can last minutes. False when the
 * subscription closed meanwhile. Single deliveries and batches retry an outage the same way
 * (ARCHITECTURE.md 'Events and delivery', Outages).
 */
export function waitOutOutage({ retries, error, backoff, signal, logger, where, message }: OutageWait) {
  if (retries === 1 || retries % 10 === 0)
    logger?.warn({ ...where, outageRetries: retries, err: errorOf(error) }, message);
  return waitOrAbort(Math.min(backoffDelay(backoff, retries), OUTAGE_RETRY_MAX_MS), signal);
}

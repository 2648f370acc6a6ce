import { StoreUnavailableError } from '../store/store.errors';

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

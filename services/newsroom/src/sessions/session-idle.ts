/**
 * A session's last use is written at most this often: the gateway resolves the session on every request
 * it carries, and a write per request would double the store's load for a timestamp nobody needs finer.
 */
export const LAST_USE_WRITE_MS = 60_000;

/** The instant (ISO) a session must have been used after to still be live at `now`. */
export const idleCutoffOf = (now: number, idleMinutes: number): string =>
  new Date(now - idleMinutes * 60_000).toISOString();

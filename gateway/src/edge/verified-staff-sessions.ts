/** Long enough to span a member's pauses between screens, short enough that a session ended elsewhere
 * (revoked, signed out, idle) loses its bucket within a minute even if its browser sends no API call. */
const KEEP_MS = 60_000;
/** Staff are a handful of people; a bound keeps a flood of sign-ins from growing the map without end. */
const KEPT = 10_000;

/**
 * The staff session cookies newsroom has lately answered for, and whose account each is. The staff gate
 * asks newsroom on every API request with the cookie (staff-gate.ts) and notes each answer here; the rate
 * limit, which runs before it, keys a request on the account only when its cookie is noted here. A cookie
 * newsroom never answered for (made up, or from a session long gone) is unknown, so its requests stay in
 * their network's bucket, and the newsroom lookups it causes stay bounded by that bucket as before.
 */
export class VerifiedStaffSessions {
  /** cookie token → account and until when it counts; insertion order is age (Map keeps it). */
  private readonly sessions = new Map<string, { accountId: string; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Newsroom answered for this cookie: its requests count as the account's for the next minute. */
  verified(token: string, accountId: string): void {
    this.sessions.delete(token);
    if (this.sessions.size >= KEPT) this.sessions.delete(this.sessions.keys().next().value!);
    this.sessions.set(token, { accountId, until: this.now() + KEEP_MS });
  }

  /** Newsroom found no session for this cookie: it names no one from now on. */
  refused(token: string): void {
    this.sessions.delete(token);
  }

  /** The account a cookie was lately verified for, or undefined. */
  accountOf(token: string): string | undefined {
    const known = this.sessions.get(token);
    if (!known) return undefined;
    if (known.until > this.now()) return known.accountId;
    this.sessions.delete(token);
    return undefined;
  }
}

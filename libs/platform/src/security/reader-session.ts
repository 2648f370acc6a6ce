import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Anonymous reader sessions a service issued and can prove it issued: a random key and its issue time,
 * signed together (HMAC-SHA256), so a script can neither invent a session nor make a new one look old.
 * Engagement (likes, shares, views) counts only for such a session, and trending weighs a brand-new one
 * less (docs/abuse/engagement.md).
 *
 * Each service signs with its own secret under its own cookie name (content `pulse_sid`, community
 * `pulse_community_sid`): each secret stays in the store of the service that uses it, and no two
 * services write one cookie.
 *
 * Cookie value: `<key>.<issued>.<signature>`: key = 32 random bytes in base64url, issued = seconds since
 * the epoch in base 36, signature = base64url HMAC-SHA256 of `reader-session:v2:<key>.<issued>`. The
 * version inside the signed text means a signature of the older `<key>.<signature>` form (the HMAC of the
 * key alone) can never pass as a new one.
 */
export interface ReaderSession {
  /** The random key; never leaves the service (hash it with readerHash for markers and events). */
  key: string;
  /** When the session was issued (for a migrated older session: no later than this). */
  issuedAtMs: number;
  /** True when it came from the older, undated cookie form (legacyIssuedAtMs stands for its age). */
  legacy: boolean;
}

/** 32 random bytes in base64url. */
const SESSION_KEY = /^[A-Za-z0-9_-]{43}$/;
const ISSUED = /^[0-9a-z]{1,10}$/;
/** A session dated this far in the future was not issued by a sane clock: refused. */
const FUTURE_SLACK_MS = 5 * 60_000;

export interface ReaderSessionSignerOptions {
  /**
   * Verify the older undated form `<key>.<HMAC(key)>` too, as a session issued no later than this
   * instant (the first start of the dated form). Omit where no undated cookie was ever issued.
   */
  legacyIssuedAtMs?: number;
}

export class ReaderSessionSigner {
  private readonly secret: Buffer;

  constructor(
    secret: string | Buffer,
    private readonly options: ReaderSessionSignerOptions = {},
  ) {
    this.secret = Buffer.isBuffer(secret) ? secret : Buffer.from(secret, 'utf8');
  }

  /** A new session issued at `nowMs` and the cookie value carrying it. */
  issue(
    nowMs: number,
    key = randomBytes(32).toString('base64url'),
  ): { session: ReaderSession; value: string } {
    const issued = Math.floor(nowMs / 1000).toString(36);
    return {
      session: { key, issuedAtMs: parseInt(issued, 36) * 1000, legacy: false },
      value: `${key}.${issued}.${this.sign(`reader-session:v2:${key}.${issued}`)}`,
    };
  }

  /** The session of a well-formed cookie value whose signature matches; undefined for anything else. */
  verify(value: string | undefined, nowMs: number): ReaderSession | undefined {
    const parts = value?.split('.') ?? [];
    if (parts.length === 3) {
      const [key, issued, signature] = parts;
      if (!SESSION_KEY.test(key) || !ISSUED.test(issued)) return undefined;
      if (!this.matches(signature, `reader-session:v2:${key}.${issued}`)) return undefined;
      const issuedAtMs = parseInt(issued, 36) * 1000;
      return issuedAtMs > nowMs + FUTURE_SLACK_MS ? undefined : { key, issuedAtMs, legacy: false };
    }
    if (parts.length === 2 && this.options.legacyIssuedAtMs !== undefined) {
      const [key, signature] = parts;
      if (!SESSION_KEY.test(key) || !this.matches(signature, key)) return undefined;
      return { key, issuedAtMs: this.options.legacyIssuedAtMs, legacy: true };
    }
    return undefined;
  }

  /**
   * A keyed one-way hash of `text` under this secret (domain-separated by `purpose`): for values such as a
   * network key, whose plain hash could be reversed by trying every IPv4 address.
   */
  keyedHash(purpose: string, text: string): string {
    return this.sign(`${purpose}:${text}`);
  }

  private matches(signature: string, text: string): boolean {
    const expected = Buffer.from(this.sign(text));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private sign(text: string): string {
    return createHmac('sha256', this.secret).update(text).digest('base64url');
  }
}

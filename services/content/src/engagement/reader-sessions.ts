import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  networkOf,
  networkPrefixesOf,
  ReaderSessionSigner,
  SERVICE_CONFIG,
  type NetworkConfig,
  type NetworkPrefixes,
  type ReaderSession,
  CLOCK,
  type Clock,
} from '@pulse/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SITE_CONFIG, type SiteConfig } from '../content.config';
import { ContentSettingsRepository } from './content-settings.repository';
import { ENGAGEMENT_CONFIG, type EngagementConfig } from './engagement.config';

export const READER_COOKIE = 'pulse_sid';
const SECRET_SETTING = 'reader-session-secret';
/** When this service first issued dated sessions: the age an older, undated cookie is given. */
const DATED_SINCE_SETTING = 'reader-session-dated-since';

/**
 * The one-way hash of a session key that leaves the request: markers in the store and `sessionKey` on
 * article.engaged carry this, never the cookie's key, so neither a store dump nor a consumer can
 * impersonate a reader. 43 base64url characters (the event contract's /^[A-Za-z0-9_-]{16,128}$/).
 */
export function readerHash(sessionKey: string): string {
  return createHash('sha256').update(`pulse-reader:${sessionKey}`).digest('base64url');
}

/** Who engages, as the engagement services need it. */
export interface ReaderContext {
  /** readerHash of the session key. */
  hash: string;
  /** When the site issued the session (signed in the cookie). */
  issuedAtMs: number;
  /** True when the request carried no valid session and this one was issued with the answer. */
  issuedNow: boolean;
  /** Keyed one-way hash of the request's network (networkOf): equal networks, equal hashes. */
  networkHash: string;
}

/**
 * Anonymous reader sessions for likes, views and shares (docs/spec-content.md §5: no login to like or
 * share). The cookie `pulse_sid` holds a random key and its issue time, signed together
 * (ReaderSessionSigner, libs/platform): a missing, malformed or forged cookie is replaced by a new
 * session, and a request that needed one counts nothing (docs/abuse/engagement.md).
 *
 * Older cookies (`<key>.<HMAC(key)>`, no date) still verify and are migrated: the answer re-issues the
 * same key in the dated form, dated when this service first issued dated sessions (stored once in
 * content_settings), which is when the last undated one could have been issued. The key is unchanged, so
 * the reader keeps their likes. HttpOnly (scripts never see it) and SameSite=Lax (another site cannot like
 * or view on the reader's behalf with a cross-site POST).
 */
@Injectable()
export class ReaderSessions implements OnModuleInit {
  private signer: ReaderSessionSigner | undefined;
  private readonly prefixes: NetworkPrefixes;
  /** A request resolved twice (two services of one request) gets one session and one Set-Cookie. */
  private readonly resolved = new WeakMap<FastifyRequest, ReaderContext & { key: string }>();

  constructor(
    private readonly settings: ContentSettingsRepository,
    @Inject(ENGAGEMENT_CONFIG) private readonly config: EngagementConfig,
    @Inject(SITE_CONFIG) private readonly site: SiteConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) service: { network?: NetworkConfig },
  ) {
    this.prefixes = networkPrefixesOf(
      service.network ?? { NETWORK_IPV4_PREFIX: 32, NETWORK_IPV6_PREFIX: 64 },
    );
  }

  async onModuleInit(): Promise<void> {
    const now = new Date(this.clock.now()).toISOString();
    const secret =
      this.config.CONTENT_SESSION_SECRET ??
      (await this.settings.getOrCreate(SECRET_SETTING, randomBytes(32).toString('base64url'), now));
    const datedSince = await this.settings.getOrCreate(DATED_SINCE_SETTING, now, now);
    this.signer = new ReaderSessionSigner(secret, { legacyIssuedAtMs: Date.parse(datedSince) });
  }

  /** The reader's session key; a new session (and its Set-Cookie) when the request carries no valid one. */
  resolve(request: FastifyRequest, reply: FastifyReply): string {
    return this.reader(request, reply).key;
  }

  /** resolve, hashed: what markers and events carry (readerHash). */
  resolveHash(request: FastifyRequest, reply: FastifyReply): string {
    return this.reader(request, reply).hash;
  }

  /** The reader's session with its age and network; issued (Set-Cookie) when the request has none. */
  reader(request: FastifyRequest, reply: FastifyReply): ReaderContext & { key: string } {
    const known = this.resolved.get(request);
    if (known) return known;
    const signer = this.signerOrThrow();
    const now = this.clock.now();
    const verified = signer.verify(request.cookies[READER_COOKIE], now);
    let session: ReaderSession;
    if (verified && !verified.legacy) session = verified;
    else {
      // No session, or an undated one to migrate (same key, dated as ReaderSessions explains).
      const issued = verified ? signer.issue(verified.issuedAtMs, verified.key) : signer.issue(now);
      session = issued.session;
      void reply.setCookie(READER_COOKIE, issued.value, {
        path: '/',
        maxAge: this.config.CONTENT_SESSION_DAYS * 24 * 60 * 60,
        httpOnly: true,
        sameSite: 'lax',
        secure: this.site.PUBLIC_SITE_URL.startsWith('https:'),
      });
    }
    const context = {
      key: session.key,
      hash: readerHash(session.key),
      issuedAtMs: session.issuedAtMs,
      issuedNow: !verified,
      networkHash: signer.keyedHash('pulse-network', networkOf(request.ip ?? '', this.prefixes)).slice(0, 32),
    };
    this.resolved.set(request, context);
    return context;
  }

  private signerOrThrow(): ReaderSessionSigner {
    if (!this.signer) throw new Error('ReaderSessions used before the module was initialised');
    return this.signer;
  }
}

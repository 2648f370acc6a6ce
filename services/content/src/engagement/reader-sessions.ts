import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONTENT_CLOCK, SITE_CONFIG, type ContentClock, type SiteConfig } from '../content.config';
import { ContentSettingsRepository } from './content-settings.repository';
import { ENGAGEMENT_CONFIG, type EngagementConfig } from './engagement.config';

export const READER_COOKIE = 'pulse_sid';
const SECRET_SETTING = 'reader-session-secret';
/** 32 random bytes in base64url. */
const SESSION_KEY = /^[A-Za-z0-9_-]{43}$/;

/**
 * The one-way hash of a session key that leaves the request: markers in the store and `sessionKey` on
 * article.engaged carry this, never the cookie's key, so neither a store dump nor a consumer can
 * impersonate a reader. 43 base64url characters (the event contract's /^[A-Za-z0-9_-]{16,128}$/).
 */
export function readerHash(sessionKey: string): string {
  return createHash('sha256').update(`pulse-reader:${sessionKey}`).digest('base64url');
}

/**
 * Anonymous reader sessions for likes, views and shares (docs/spec-content.md §5: no login to like or share). The
 * cookie `pulse_sid` holds a random key and its HMAC-SHA256 signature; a missing, malformed or forged
 * cookie is replaced by a new session. @fastify/cookie (registered for every service by createServiceApp)
 * parses and writes the cookie; the signature stays ours, base64url HMAC-SHA256, so sessions issued before
 * the plugin still verify (the plugin's own signer encodes differently). HttpOnly (scripts never see it) and SameSite=Lax (another site
 * cannot like or view on the reader's behalf with a cross-site POST).
 */
@Injectable()
export class ReaderSessions implements OnModuleInit {
  private secret: Buffer | undefined;
  /** A request resolved twice (two services of one request) gets one session and one Set-Cookie. */
  private readonly resolved = new WeakMap<FastifyRequest, string>();

  constructor(
    private readonly settings: ContentSettingsRepository,
    @Inject(ENGAGEMENT_CONFIG) private readonly config: EngagementConfig,
    @Inject(SITE_CONFIG) private readonly site: SiteConfig,
    @Inject(CONTENT_CLOCK) private readonly clock: ContentClock,
  ) {}

  async onModuleInit(): Promise<void> {
    const configured = this.config.CONTENT_SESSION_SECRET;
    const secret =
      configured ??
      (await this.settings.getOrCreate(
        SECRET_SETTING,
        randomBytes(32).toString('base64url'),
        new Date(this.clock.now()).toISOString(),
      ));
    this.secret = Buffer.from(secret, 'utf8');
  }

  /** The reader's session key; a new session (and its Set-Cookie) when the request carries no valid one. */
  resolve(request: FastifyRequest, reply: FastifyReply): string {
    const known = this.resolved.get(request) ?? this.verified(request.cookies[READER_COOKIE]);
    if (known) {
      this.resolved.set(request, known);
      return known;
    }
    const key = randomBytes(32).toString('base64url');
    this.resolved.set(request, key);
    void reply.setCookie(READER_COOKIE, `${key}.${this.sign(key)}`, {
      path: '/',
      maxAge: this.config.CONTENT_SESSION_DAYS * 24 * 60 * 60,
      httpOnly: true,
      sameSite: 'lax',
      secure: this.site.PUBLIC_SITE_URL.startsWith('https:'),
    });
    return key;
  }

  /** resolve, hashed: what markers and events carry (readerHash). */
  resolveHash(request: FastifyRequest, reply: FastifyReply): string {
    return readerHash(this.resolve(request, reply));
  }

  /** The session key of a well-formed cookie whose signature matches; undefined for anything else. */
  private verified(value: string | undefined): string | undefined {
    const [key, signature, ...rest] = value?.split('.') ?? [];
    if (rest.length || !key || !signature || !SESSION_KEY.test(key)) return undefined;
    const expected = Buffer.from(this.sign(key));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? key : undefined;
  }

  private sign(key: string): string {
    if (!this.secret) throw new Error('ReaderSessions used before the module was initialised');
    return createHmac('sha256', this.secret).update(key).digest('base64url');
  }
}

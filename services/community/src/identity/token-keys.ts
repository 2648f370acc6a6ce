import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { jwtVerify, SignJWT } from 'jose';
import { COMMUNITY_CONFIG, type CommunityConfig } from '../community.config';
import { CommunitySettingsRepository } from './community-settings.repository';
import { CLOCK, isoNow, type Clock } from '@pulse/platform';

const ISSUER = 'pulse-community';
const SECRET_SETTING = 'token-secret';

export interface TokenClaims {
  identityId: string;
  sessionId: string;
}

/**
 * Signs and verifies identity tokens (JWT, HS256 with `jose`) and the session-bound CSRF value. A valid
 * signature only says who the token names; whether that session is still live is the store's answer
 * (ActorResolver), so logout and idle expiry take effect at once.
 */
@Injectable()
export class TokenKeys implements OnModuleInit {
  private key: Uint8Array | undefined;

  constructor(
    private readonly settings: CommunitySettingsRepository,
    @Inject(COMMUNITY_CONFIG) private readonly config: CommunityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    const secret =
      this.config.COMMUNITY_TOKEN_SECRET ??
      (await this.settings.getOrCreate(
        SECRET_SETTING,
        randomBytes(32).toString('base64url'),
        isoNow(this.clock),
      ));
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.identityId)
      .setIssuer(ISSUER)
      .setIssuedAt(Math.floor(this.clock.now() / 1000))
      .sign(this.secretKey());
  }

  /** The claims of a well-signed token; undefined for anything else (malformed, forged, other algorithm). */
  async verify(token: string): Promise<TokenClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.secretKey(), {
        algorithms: ['HS256'],
        issuer: ISSUER,
        currentDate: new Date(this.clock.now()),
      });
      const sid = payload.sid;
      if (typeof payload.sub !== 'string' || typeof sid !== 'string') return undefined;
      return { identityId: payload.sub, sessionId: sid };
    } catch {
      return undefined;
    }
  }

  /** The CSRF value of a session: an HMAC of its id, so a value planted from elsewhere never matches. */
  csrfFor(sessionId: string): string {
    return createHmac('sha256', this.secretKey()).update(`csrf:${sessionId}`).digest('base64url');
  }

  csrfMatches(sessionId: string, presented: string | undefined): boolean {
    if (!presented) return false;
    const expected = Buffer.from(this.csrfFor(sessionId));
    const given = Buffer.from(presented);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private secretKey(): Uint8Array {
    if (!this.key) throw new Error('TokenKeys used before the module was initialised');
    return this.key;
  }
}

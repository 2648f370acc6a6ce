import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  type AnonymousAuthResponse,
  type CommunityDone,
  type CommunityMeResponse,
  type AnonymousAuthBody,
} from '@pulse/contracts';
import { DuplicateKeyError, CLOCK, isoNow, type Clock } from '@pulse/platform';
import { WriteLimits } from '../abuse/write-limits';
import { BadgesService } from '../badges/badges.service';
import { COMMUNITY_CONFIG, type CommunityConfig } from '../community.config';
import type { Actor } from './actor-resolver';
import { clearedCookies, credentialCookies, type CookieToSet } from './cookies';
import { IdentitiesRepository } from './identities.repository';
import type { IdentityRecord } from './identity.record';
import { refuseUnsafeNickname, withDiscriminator } from './nickname-rules';
import { NICKNAME_KEY_SCHEME, nicknameKey } from './nickname-skeleton';
import { SessionsRepository } from './sessions.repository';
import { TokenKeys } from './token-keys';
import { trustLevelOf } from '../trust/trust-levels';
import { toCommunityUser } from './user-view';

const DISCRIMINATOR_ATTEMPTS = 8;

export const newId = (prefix: string): string => `${prefix}_${randomBytes(12).toString('base64url')}`;
/** The public stand-in for a session id on posts: one-way, so a post never leaks a session. */
export const publicSessionMark = (sessionId: string): string =>
  `anon_${createHash('sha256').update(`pulse-anon:${sessionId}`).digest('base64url').slice(0, 22)}`;

export interface SignedIn {
  response: AnonymousAuthResponse;
  cookies: CookieToSet[];
}

/** Nickname sign-up, the current identity and logout (services/community/README.md 'Identity'). */
@Injectable()
export class IdentityService {
  constructor(
    private readonly identities: IdentitiesRepository,
    private readonly sessions: SessionsRepository,
    private readonly keys: TokenKeys,
    private readonly limits: WriteLimits,
    private readonly badges: BadgesService,
    @Inject(COMMUNITY_CONFIG) private readonly config: CommunityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** POST /api/community/auth/anonymous. */
  async signUp(body: AnonymousAuthBody, ip: string): Promise<SignedIn> {
    const { username } = body;
    refuseUnsafeNickname(username);
    this.limits.refuseProfanity({ username });
    await this.limits.newIdentity(ip);
    const at = isoNow(this.clock);
    const identity = await this.insertWithUniqueName(username, at);
    const sessionId = newId('s');
    await this.sessions.insert({
      _id: sessionId,
      identityId: identity._id,
      createdAt: at,
      lastActiveAt: at,
      revokedAt: null,
    });
    await this.sessions.recordActivity(identity._id, at.slice(0, 10));
    const token = await this.keys.sign({ identityId: identity._id, sessionId });
    return {
      response: { success: true, data: { user: toCommunityUser(identity, []), token, sessionId } },
      cookies: credentialCookies(token, this.keys.csrfFor(sessionId), this.maxAgeSeconds(), this.secure()),
    };
  }

  /** GET /api/community/auth/me. */
  async me(actor: Actor): Promise<CommunityMeResponse> {
    const badges = (await this.badges.of([actor.identity._id])).get(actor.identity._id) ?? [];
    return {
      success: true,
      data: {
        user: toCommunityUser(actor.identity, badges),
        sessionId: actor.sessionId,
        csrfToken: this.keys.csrfFor(actor.sessionId),
        trustLevel: trustLevelOf(actor.identity, this.clock.now()),
      },
    };
  }

  /** POST /api/community/auth/logout: the session is revoked on the server, whatever the client keeps. */
  async logout(actor: Actor): Promise<{ response: CommunityDone; cookies: CookieToSet[] }> {
    await this.sessions.revoke(actor.sessionId, isoNow(this.clock));
    return { response: { success: true }, cookies: clearedCookies(this.secure()) };
  }

  /**
   * The nickname itself when neither it nor a look-alike is taken (names collide by confusable skeleton,
   * nickname-skeleton.ts), else the nickname plus '#NNNN' (a short discriminator).
   */
  private async insertWithUniqueName(username: string, at: string): Promise<IdentityRecord> {
    for (let attempt = 0; attempt < DISCRIMINATOR_ATTEMPTS; attempt += 1) {
      const displayName = attempt === 0 ? username : withDiscriminator(username);
      const identity: IdentityRecord = {
        _id: newId('u'),
        username,
        displayName,
        displayNameKey: nicknameKey(displayName),
        displayNameKeyScheme: NICKNAME_KEY_SCHEME,
        createdAt: at,
        lastActiveAt: at,
        suspendedUntil: null,
        suspendedReason: null,
      };
      try {
        await this.identities.insert(identity);
        return identity;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
    }
    throw new Error('no free display name after several discriminators');
  }

  private maxAgeSeconds(): number {
    return this.config.COMMUNITY_SESSION_IDLE_DAYS * 24 * 60 * 60;
  }

  private secure(): boolean {
    return this.config.PUBLIC_SITE_URL.startsWith('https:');
  }
}

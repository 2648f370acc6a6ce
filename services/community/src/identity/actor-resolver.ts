import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { COMMUNITY_CONFIG, type CommunityConfig } from '../community.config';
import { CREDENTIAL_COOKIE } from './cookies';
import { IdentitiesRepository } from './identities.repository';
import type { IdentityRecord } from './identity.record';
import { SessionsRepository } from './sessions.repository';
import { TokenKeys } from './token-keys';
import { CLOCK, type Clock } from '@pulse/platform';

/** The identity acting in a request, decided from its verified credential only. */
export interface Actor {
  identity: IdentityRecord;
  sessionId: string;
  via: 'bearer' | 'cookie';
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Reads the credential (Authorization: Bearer first, else the pulse_community cookie), verifies its
 * signature, then asks the store whether the session is live: not revoked, used within the idle window.
 * Nothing else in a request (body fields, x-user-id, x-anonymous-session) can name the actor.
 */
@Injectable()
export class ActorResolver {
  private readonly resolved = new WeakMap<FastifyRequest, Promise<Actor | undefined>>();

  constructor(
    private readonly keys: TokenKeys,
    private readonly sessions: SessionsRepository,
    private readonly identities: IdentitiesRepository,
    @Inject(COMMUNITY_CONFIG) private readonly config: CommunityConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  resolve(request: FastifyRequest): Promise<Actor | undefined> {
    let pending = this.resolved.get(request);
    if (!pending) {
      pending = this.lookUp(request);
      this.resolved.set(request, pending);
    }
    return pending;
  }

  /** Whether a live session's lastActiveAt is older than the idle window. */
  isIdle(lastActiveAt: string): boolean {
    return Date.parse(lastActiveAt) + this.config.COMMUNITY_SESSION_IDLE_DAYS * DAY_MS <= this.clock.now();
  }

  private async lookUp(request: FastifyRequest): Promise<Actor | undefined> {
    const presented = presentedCredential(request);
    if (!presented || presented.token.length > 4096) return undefined;
    const claims = await this.keys.verify(presented.token);
    if (!claims) return undefined;
    // Both reads at once: every write request pays this lookup, and each store round trip is a wait.
    const [session, identity] = await Promise.all([
      this.sessions.findById(claims.sessionId),
      this.identities.findById(claims.identityId),
    ]);
    if (!session || session.revokedAt || session.identityId !== claims.identityId) return undefined;
    if (this.isIdle(session.lastActiveAt)) return undefined;
    if (!identity) return undefined;
    await this.refresh(session.lastActiveAt, session._id, identity._id);
    return { identity, sessionId: session._id, via: presented.via };
  }

  /** Activity refreshes the session, written at most once per COMMUNITY_ACTIVITY_WRITE_MINUTES. */
  private async refresh(lastActiveAt: string, sessionId: string, identityId: string): Promise<void> {
    const now = this.clock.now();
    if (now - Date.parse(lastActiveAt) < this.config.COMMUNITY_ACTIVITY_WRITE_MINUTES * 60_000) return;
    const at = new Date(now).toISOString();
    await Promise.all([
      this.sessions.touch(sessionId, at),
      this.identities.touch(identityId, at),
      this.sessions.recordActivity(identityId, at.slice(0, 10)),
    ]);
  }
}

function presentedCredential(request: FastifyRequest): { token: string; via: Actor['via'] } | undefined {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (bearer) return { token: bearer[1], via: 'bearer' };
  const cookie = request.cookies[CREDENTIAL_COOKIE];
  return cookie ? { token: cookie, via: 'cookie' } : undefined;
}

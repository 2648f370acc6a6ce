import { createHmac, timingSafeEqual } from 'node:crypto';
import { STAFF_SESSION_COOKIE } from '@pulse/contracts';
import { tokenMatches } from '@pulse/platform';
import type { FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import type { VerifiedStaffSessions } from './verified-staff-sessions';

/** The community service's credential cookie (services/community/src/identity/cookies.ts). */
const COMMUNITY_COOKIE = 'pulse_community';
/** The issuer the community service signs its identity tokens with (token-keys.ts). */
const COMMUNITY_ISSUER = 'pulse-community';
/** Longer than any token the community service signs; anything longer is not worth an HMAC. */
const MAX_TOKEN_LENGTH = 4096;
/** A compact JWS: three base64url parts. Anything else is refused before jose builds an error for it. */
const COMPACT_JWS = /^[\w-]+\.[\w-]+\.[\w-]+$/;
/**
 * Tokens already verified, so a member's every request is not another HMAC and JSON parse. Only good
 * tokens are kept (made-up ones could otherwise fill it), at most this many, the oldest dropped first.
 */
const VERIFIED_KEPT = 10_000;

/**
 * Whose bucket a request counts in. Only a credential the gateway itself verified names someone:
 * - 'admin': the admin token (compared in constant time);
 * - 'staff': a staff session cookie newsroom lately answered for (verified-staff-sessions.ts); the key is
 *   the account, so a member's browsers share one bucket and an office's readers keep theirs;
 * - 'member': a community identity token (bearer or the community cookie) whose HS256 signature checks
 *   out against COMMUNITY_TOKEN_SECRET; the key is the identity it names, so one person's sessions share
 *   one bucket;
 * - 'anonymous': everything else, a made-up bearer included. It counts in its network's bucket, so
 *   inventing tokens buys nothing.
 */
export type RateIdentity =
  | { kind: 'admin' }
  | { kind: 'staff'; accountId: string }
  | { kind: 'member'; identityId: string }
  | { kind: 'anonymous' };

export interface IdentityKeys {
  adminToken?: string;
  /** The community's signing key; without it community credentials cannot be told from made-up ones. */
  communityTokenSecret?: string;
  /** Staff cookies newsroom has answered for; without it a staff cookie names no one here. */
  staffSessions?: VerifiedStaffSessions;
}

export const bearerOf = (request: Pick<FastifyRequest, 'headers'>): string | undefined =>
  /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];

/** The value of one cookie in the Cookie header (the gateway does not parse cookies otherwise). */
export function cookieOf(request: Pick<FastifyRequest, 'headers'>, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

/** Decides a request's rate-limit identity from credentials the gateway can verify, and nothing else. */
export class RateIdentityResolver {
  private readonly communityKey: Uint8Array | undefined;
  private readonly communitySecret: string | undefined;
  /** token → the identity it names; insertion order is age (Map keeps it). */
  private readonly verified = new Map<string, string>();

  constructor(private readonly keys: IdentityKeys) {
    this.communitySecret = keys.communityTokenSecret;
    this.communityKey = keys.communityTokenSecret
      ? new TextEncoder().encode(keys.communityTokenSecret)
      : undefined;
  }

  async resolve(request: Pick<FastifyRequest, 'headers'>): Promise<RateIdentity> {
    const bearer = bearerOf(request);
    if (bearer && this.keys.adminToken && tokenMatches(bearer, this.keys.adminToken))
      return { kind: 'admin' };
    const staffCookie = cookieOf(request, STAFF_SESSION_COOKIE);
    const accountId = staffCookie ? this.keys.staffSessions?.accountOf(staffCookie) : undefined;
    if (accountId) return { kind: 'staff', accountId };
    // The community resolves the bearer before its cookie (actor-resolver.ts); so does this.
    const presented = bearer ?? cookieOf(request, COMMUNITY_COOKIE);
    if (!presented) return { kind: 'anonymous' };
    const identityId = await this.communityIdentity(presented);
    return identityId ? { kind: 'member', identityId } : { kind: 'anonymous' };
  }

  /**
   * The identity a well-signed community token names. Only the signature is checked, not whether its
   * session is still live (the gateway has no store): a revoked token keeps a bucket of its own, which is
   * bounded anyway, since identities are only made a few per network and hour, and a member's requests
   * still count in the network's bucket too.
   */
  private async communityIdentity(token: string): Promise<string | undefined> {
    if (!this.communityKey || token.length > MAX_TOKEN_LENGTH || !COMPACT_JWS.test(token)) return undefined;
    const known = this.verified.get(token);
    if (known) return known;
    if (!this.signatureMatches(token)) return undefined;
    let identityId: string | undefined;
    try {
      const { payload } = await jwtVerify(token, this.communityKey, {
        algorithms: ['HS256'],
        issuer: COMMUNITY_ISSUER,
      });
      identityId = typeof payload.sub === 'string' && payload.sub.length > 0 ? payload.sub : undefined;
    } catch {
      return undefined;
    }
    if (identityId) {
      if (this.verified.size >= VERIFIED_KEPT) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, identityId);
    }
    return identityId;
  }

  /**
   * The HS256 signature alone, compared in constant time: a forged or invented token is refused for one
   * HMAC, where jose would build and throw an error for it (ten times the cost, and a script can send
   * them at will). jose still checks everything of a token that passes (algorithm, issuer, claims).
   */
  private signatureMatches(token: string): boolean {
    const at = token.lastIndexOf('.');
    const expected = createHmac('sha256', this.communitySecret ?? '')
      .update(token.slice(0, at))
      .digest();
    const given = Buffer.from(token.slice(at + 1), 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

import { tokenMatches } from '@pulse/platform';
import type { FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';

/** The community service's credential cookie (services/community/src/identity/cookies.ts). */
const COMMUNITY_COOKIE = 'pulse_community';
/** The issuer the community service signs its identity tokens with (token-keys.ts). */
const COMMUNITY_ISSUER = 'pulse-community';
/** Longer than any token the community service signs; anything longer is not worth an HMAC. */
const MAX_TOKEN_LENGTH = 4096;

/**
 * Whose bucket a request counts in. Only a credential the gateway itself verified names someone:
 * - 'admin': the admin token (compared in constant time);
 * - 'member': a community identity token (bearer or the community cookie) whose HS256 signature checks
 *   out against COMMUNITY_TOKEN_SECRET; the key is the identity it names, so one person's sessions share
 *   one bucket;
 * - 'anonymous': everything else, a made-up bearer included. It counts in its network's bucket, so
 *   inventing tokens buys nothing.
 */
export type RateIdentity = { kind: 'admin' } | { kind: 'member'; identityId: string } | { kind: 'anonymous' };

export interface IdentityKeys {
  adminToken?: string;
  /** The community's signing key; without it community credentials cannot be told from made-up ones. */
  communityTokenSecret?: string;
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

  constructor(private readonly keys: IdentityKeys) {
    this.communityKey = keys.communityTokenSecret
      ? new TextEncoder().encode(keys.communityTokenSecret)
      : undefined;
  }

  async resolve(request: Pick<FastifyRequest, 'headers'>): Promise<RateIdentity> {
    const bearer = bearerOf(request);
    if (bearer && this.keys.adminToken && tokenMatches(bearer, this.keys.adminToken))
      return { kind: 'admin' };
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
    if (!this.communityKey || token.length > MAX_TOKEN_LENGTH) return undefined;
    try {
      const { payload } = await jwtVerify(token, this.communityKey, {
        algorithms: ['HS256'],
        issuer: COMMUNITY_ISSUER,
      });
      return typeof payload.sub === 'string' && payload.sub.length > 0 ? payload.sub : undefined;
    } catch {
      return undefined;
    }
  }
}

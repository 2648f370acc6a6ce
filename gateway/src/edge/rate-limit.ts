import { networkOf, type CacheStore, type NetworkPrefixes, type RateLimitResult } from '@pulse/platform';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { RateIdentityResolver, type IdentityKeys } from './rate-limit-identity';

const WINDOW_MS = 60_000;
const READ_METHODS = new Set(['GET', 'HEAD']);

export interface RateLimitSettings extends IdentityKeys {
  readPerMinute: number;
  writePerMinute: number;
  /** The budget of one network's members together, as a multiple of one member's. */
  ipFactor: number;
  /**
   * The admin credential's own budget (reads and writes), apart from the readers' buckets; each signed-in
   * staff account has a budget of this size too.
   */
  adminPerMinute: number;
  /** What counts as one network (IPv4 address, IPv6 /64 by default). */
  networks: NetworkPrefixes;
}

/**
 * Sliding-window limits through the cache port: in-memory in one process, Redis when CACHE_DRIVER=redis so
 * every gateway replica counts in the same buckets. Buckets key on the client's network (networkOf: the
 * IPv4 address, the IPv6 /64), never on the full address, since an IPv6 client holds 2^64 of them.
 * - No credential the gateway verified (a made-up bearer included): the network's anonymous bucket.
 * - A verified community member: the member's own bucket, and the network's members' bucket
 *   (RATE_LIMIT_IP_FACTOR times as large), so readers behind one NAT each get a budget while one network's
 *   identities stay bounded.
 * - The admin credential: a bucket of its own; a signed-in staff member, whose session newsroom verified
 *   (verified-staff-sessions.ts), one per account of the same size, so an office's moderation neither
 *   spends its readers' network budget nor is held to a reader's limits.
 * Reads and writes have separate budgets, so browsing cannot use up the budget for posting. Assets and
 * probes are not counted.
 */
export function registerRateLimit(
  fastify: FastifyInstance,
  options: { cache: CacheStore; settings: RateLimitSettings; logger: Logger },
): void {
  const { cache, settings, logger } = options;
  const identities = new RateIdentityResolver(settings);
  fastify.addHook('onRequest', async (request, reply) => {
    if (request.kind === 'asset' || request.kind === 'probe' || request.method === 'OPTIONS') return;
    const operation = READ_METHODS.has(request.method) ? 'read' : 'write';
    const identity = await identities.resolve(request);
    request.credentialVerified = identity.kind !== 'anonymous';
    const network = networkOf(request.clientIp, settings.networks);
    const limit =
      identity.kind === 'admin' || identity.kind === 'staff'
        ? settings.adminPerMinute
        : operation === 'read'
          ? settings.readPerMinute
          : settings.writePerMinute;
    let outer: RateLimitResult;
    let own: RateLimitResult | undefined;
    try {
      if (identity.kind === 'admin') {
        // The admin's own bucket only: an editor's bulk authoring must not spend the office's readers'
        // network budget, nor be held to a reader's write limit.
        outer = await cache.rateLimit('gateway:rate:admin', limit, WINDOW_MS);
        own = outer;
      } else if (identity.kind === 'staff') {
        outer = await cache.rateLimit(`gateway:rate:staff:${identity.accountId}`, limit, WINDOW_MS);
        own = outer;
      } else if (identity.kind === 'anonymous') {
        // One bucket, one cache call (on Redis, a round trip saved on nearly every request).
        outer = await cache.rateLimit(`gateway:rate:${operation}:anon:${network}`, limit, WINDOW_MS);
        own = outer;
      } else {
        // The network first: a request its network may not make must not use up the member's budget.
        outer = await cache.rateLimit(
          `gateway:rate:${operation}:members:${network}`,
          limit * settings.ipFactor,
          WINDOW_MS,
        );
        if (outer.allowed)
          own = await cache.rateLimit(
            `gateway:rate:${operation}:member:${identity.identityId}`,
            limit,
            WINDOW_MS,
          );
      }
    } catch (error) {
      // A cache outage must not take the site down with it: let the request through and say so.
      logger.warn({ err: error, requestId: request.requestId }, 'rate limit unavailable; request allowed');
      return;
    }
    reply.header('x-ratelimit-limit', String(limit));
    reply.header('x-ratelimit-remaining', String(Math.min(own?.remaining ?? 0, outer.remaining)));
    const denied = own && !own.allowed ? own : !outer.allowed ? outer : undefined;
    if (!denied) return;
    const retryAfterS = Math.max(1, Math.ceil(denied.resetMs / 1000));
    logger.warn(
      {
        requestId: request.requestId,
        operation,
        bucket: identity.kind === 'member' ? (denied === outer ? 'members' : 'member') : identity.kind,
      },
      'rate limited',
    );
    return reply
      .status(429)
      .header('retry-after', String(retryAfterS))
      .send({
        statusCode: 429,
        error: 'Too Many Requests',
        message: `요청이 너무 많습니다. ${retryAfterS}초 후에 다시 시도해 주세요.`,
      });
  });
}

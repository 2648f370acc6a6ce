import { createHash } from 'node:crypto';
import { tokenMatches, type CacheStore, type RateLimitResult } from '@pulse/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';

const WINDOW_MS = 60_000;
const READ_METHODS = new Set(['GET', 'HEAD']);

export interface RateLimitSettings {
  readPerMinute: number;
  writePerMinute: number;
  /** An IP's budget as a multiple of one identity's. */
  ipFactor: number;
  /** The admin credential's own budget (reads and writes), apart from the readers' buckets. */
  adminPerMinute: number;
  adminToken?: string;
}

const bearerOf = (request: Pick<FastifyRequest, 'headers'>): string | undefined =>
  /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];

/**
 * Who is asking. A bearer token names an identity (the community service verifies it; the gateway only
 * needs a stable key, so it keeps the token's hash, never the token); without one the IP is the
 * identity. Either way the IP has its own, larger bucket, which bounds what one address can do by
 * inventing tokens.
 */
export function identityOf(request: Pick<FastifyRequest, 'headers' | 'clientIp'>): string {
  const token = bearerOf(request);
  if (!token) return `ip:${request.clientIp}`;
  return `token:${createHash('sha256').update(token).digest('hex').slice(0, 32)}`;
}

/** True when the request carries the admin credential (compared in constant time). */
function isAdmin(request: Pick<FastifyRequest, 'headers'>, adminToken: string | undefined): boolean {
  const token = bearerOf(request);
  return !!adminToken && !!token && tokenMatches(token, adminToken);
}

/**
 * Per-identity and per-IP sliding-window limits through the cache port: in-memory in one process, Redis
 * when CACHE_DRIVER=redis so every gateway replica counts in the same buckets. A request without a token
 * counts in its address's identity bucket only; one with a token in the token's and, up to
 * RATE_LIMIT_IP_FACTOR times as many, in its address's. Reads and writes have
 * separate budgets, so browsing cannot use up the budget for posting. Assets and probes are not counted.
 */
export function registerRateLimit(
  fastify: FastifyInstance,
  options: { cache: CacheStore; settings: RateLimitSettings; logger: Logger },
): void {
  const { cache, settings, logger } = options;
  fastify.addHook('onRequest', async (request, reply) => {
    if (request.kind === 'asset' || request.kind === 'probe' || request.method === 'OPTIONS') return;
    const operation = READ_METHODS.has(request.method) ? 'read' : 'write';
    const admin = isAdmin(request, settings.adminToken);
    const limit = admin
      ? settings.adminPerMinute
      : operation === 'read'
        ? settings.readPerMinute
        : settings.writePerMinute;
    let address: RateLimitResult;
    let identity: RateLimitResult | undefined;
    try {
      if (admin) {
        // The admin's own bucket only: an editor's bulk authoring must not spend the office's readers'
        // address budget, nor be held to a reader's write limit.
        address = await cache.rateLimit('gateway:rate:admin', limit, WINDOW_MS);
        identity = address;
      } else if (!bearerOf(request)) {
        // An anonymous reader's identity is its address: one bucket, one cache call (on Redis, a round trip
        // saved on nearly every request). The address bucket is for what comes with tokens.
        address = await cache.rateLimit(`gateway:rate:${operation}:${identityOf(request)}`, limit, WINDOW_MS);
        identity = address;
      } else {
        // The address first: a request its address may not make must not use up the identity's budget.
        address = await cache.rateLimit(
          `gateway:rate:${operation}:net:${request.clientIp}`,
          limit * settings.ipFactor,
          WINDOW_MS,
        );
        if (address.allowed)
          identity = await cache.rateLimit(
            `gateway:rate:${operation}:${identityOf(request)}`,
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
    reply.header('x-ratelimit-remaining', String(Math.min(identity?.remaining ?? 0, address.remaining)));
    const denied = identity && !identity.allowed ? identity : !address.allowed ? address : undefined;
    if (!denied) return;
    const retryAfterS = Math.max(1, Math.ceil(denied.resetMs / 1000));
    logger.warn(
      { requestId: request.requestId, operation, bucket: denied === address ? 'ip' : 'identity' },
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

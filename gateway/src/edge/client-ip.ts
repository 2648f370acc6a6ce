import type { FastifyRequest } from 'fastify';

/**
 * The client's address for rate limits and X-Forwarded-For. Only the hops the operator declared are
 * trusted: with `trustedHops` proxies in front, the client is the entry that many places from the right
 * of X-Forwarded-For (what the nearest trusted proxy saw). Entries further left are whatever the client
 * wrote, so trusting them would let anyone pick a fresh rate-limit bucket per request.
 */
export function clientIp(request: FastifyRequest, trustedHops: number): string {
  const peer = request.socket?.remoteAddress ?? request.ip ?? 'unknown';
  if (trustedHops === 0) return peer;
  const header = request.headers['x-forwarded-for'];
  const chain = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // The last trusted proxy is the peer; each proxy before it appended the address it saw.
  return chain[chain.length - trustedHops] ?? chain[0] ?? peer;
}

import { CACHE_TAG_HEADER, STAFF_ASSERTION_HEADER } from '@pulse/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { outgoingTraceparent } from '@pulse/platform';
import type { Logger } from 'pino';
import { HOP_BY_HOP, type ForwardRequest, type Upstream } from '../upstreams/upstream';
import type { MicroCache } from './micro-cache';

export function errorBody(statusCode: number, error: string, message: string) {
  return { statusCode, error, message };
}

/**
 * Sends one request on to a service and its answer back. Bodies pass through as bytes (no parse and
 * re-serialise), so the service sees exactly what the client sent and validates it itself. A public read
 * may be answered from the micro-cache instead (micro-cache.ts).
 */
export async function forwardRequest(
  upstream: Upstream,
  request: FastifyRequest,
  reply: FastifyReply,
  logger: Logger,
  microCache?: MicroCache,
  /** The gateway's own signed staff assertion (staff-gate.ts), when the request has a live staff session. */
  staffAssertion?: string,
) {
  try {
    const forwarded: ForwardRequest = {
      method: request.method,
      url: request.url,
      headers: {
        ...request.headers,
        'x-request-id': request.requestId,
        'x-forwarded-for': request.clientIp,
        'x-forwarded-proto': request.protocol,
        // The gateway's span (or, in a process, its client span) becomes the service span's parent, so a
        // trace shows both hops; the client's own traceparent is never passed on beside it.
        traceparent: outgoingTraceparent(request.headers.traceparent),
        // Always replaced: a client's own assertion never reaches a service, only the gateway's.
        [STAFF_ASSERTION_HEADER]: staffAssertion,
      },
      body: Buffer.isBuffer(request.body) ? request.body : undefined,
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') microCache?.noteWrite(request.clientIp);
    const response = microCache?.applies(forwarded, request.clientIp)
      ? await microCache.forward(upstream, forwarded)
      : await upstream.forward(forwarded);
    for (const [name, value] of Object.entries(response.headers)) {
      const lower = name.toLowerCase();
      // cache-tag is for the micro-cache only (micro-cache.ts), not for clients or outside caches.
      if (value !== undefined && !HOP_BY_HOP.has(lower) && lower !== CACHE_TAG_HEADER)
        reply.header(name, value);
    }
    return reply.status(response.statusCode).send(response.body);
  } catch (error) {
    logger.warn(
      { err: error, service: upstream.service, url: request.url, requestId: request.requestId },
      'upstream failed',
    );
    return reply
      .status(502)
      .send(
        errorBody(
          502,
          'Bad Gateway',
          `${upstream.service} 서비스가 응답하지 않습니다. 잠시 후 다시 시도해 주세요.`,
        ),
      );
  }
}

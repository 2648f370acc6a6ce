import { CACHE_TAG_HEADER, STAFF_ASSERTION_HEADER } from '@pulse/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { outgoingTraceparent } from '@pulse/platform';
import type { Logger } from 'pino';
import {
  HOP_BY_HOP,
  isUpstreamTimeout,
  type ForwardRequest,
  type ForwardResponse,
  type Upstream,
} from '../upstreams/upstream';
import type { MicroCache } from './micro-cache';

export function errorBody(statusCode: number, error: string, message: string) {
  return { statusCode, error, message };
}

/**
 * The headers of the micro-cache's answers as passed on to clients: a held answer's, worked out once for
 * all its readers (only these: an entry per one-off answer would cost more than it saves).
 */
const heldHeaders = new WeakMap<ForwardResponse['headers'], Record<string, string | string[]>>();

function heldClientHeaders(headers: ForwardResponse['headers']): Record<string, string | string[]> {
  let kept = heldHeaders.get(headers);
  if (kept === undefined) {
    kept = clientHeadersOf(headers);
    heldHeaders.set(headers, kept);
  }
  return kept;
}

function clientHeadersOf(headers: ForwardResponse['headers']): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    // cache-tag is for the micro-cache only (micro-cache.ts), not for clients or outside caches.
    if (value !== undefined && !HOP_BY_HOP.has(lower) && lower !== CACHE_TAG_HEADER) kept[lower] = value;
  }
  return kept;
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
    const forwarded = (): ForwardRequest => ({
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
    });
    if (request.method !== 'GET' && request.method !== 'HEAD') microCache?.noteWrite(request.clientIp);
    // A bearer the rate limit found to be made up is no one's: the read is shared as an anonymous reader's
    // and forwarded without it, or any invented header would take every read past the micro-cache.
    const madeUpBearer = request.credentialVerified === false && request.headers.authorization !== undefined;
    const check = {
      method: request.method,
      url: request.url,
      headers: {
        authorization: madeUpBearer ? undefined : request.headers.authorization,
        [STAFF_ASSERTION_HEADER]: staffAssertion,
      },
    };
    if (microCache?.applies(check, request.clientIp)) {
      const shared = madeUpBearer
        ? (): ForwardRequest => {
            const anonymous = forwarded();
            return { ...anonymous, headers: { ...anonymous.headers, authorization: undefined } };
          }
        : forwarded;
      const response = await microCache.answer(upstream, request.url, shared);
      return reply
        .status(response.statusCode)
        .headers(heldClientHeaders(response.headers))
        .send(response.body);
    }
    const response = await upstream.forward(forwarded());
    return reply.status(response.statusCode).headers(clientHeadersOf(response.headers)).send(response.body);
  } catch (error) {
    logger.warn(
      { err: error, service: upstream.service, url: request.url, requestId: request.requestId },
      'upstream failed',
    );
    // 504 when the service took the request and did not answer in time, 502 when it could not be reached.
    const [statusCode, name] = isUpstreamTimeout(error) ? [504, 'Gateway Timeout'] : [502, 'Bad Gateway'];
    return reply
      .status(statusCode)
      .send(
        errorBody(
          statusCode,
          name,
          `${upstream.service} 서비스가 응답하지 않습니다. 잠시 후 다시 시도해 주세요.`,
        ),
      );
  }
}

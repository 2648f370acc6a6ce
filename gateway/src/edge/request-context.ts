import { randomUUID } from 'node:crypto';
import { trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { clientIp } from './client-ip';
import { pathnameOf, requestKind, type RequestKind } from './request-kind';

declare module 'fastify' {
  interface FastifyRequest {
    /** Accepted from the client when sane, generated otherwise; echoed, forwarded and logged. */
    requestId: string;
    /** The client's address, as far as the configured proxies can be trusted (client-ip.ts). */
    clientIp: string;
    kind: RequestKind;
    /**
     * Whether the request carries a credential the rate limit verified (a well-signed community token,
     * the admin token, a staff session newsroom answered for); undefined when the rate limit is off. A
     * made-up bearer is false: the micro-cache shares its answer as an anonymous reader's.
     */
    credentialVerified: boolean | undefined;
  }
}

/** Ids from clients are echoed into headers and logs, so only short, plain ones are kept. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@+=/-]{1,128}$/;

export function acceptRequestId(incoming: string | string[] | undefined): string {
  const value = Array.isArray(incoming) ? incoming[0] : incoming;
  return value && SANE_REQUEST_ID.test(value) ? value : randomUUID();
}

/**
 * First hook of every request: its id (echoed as x-request-id, on the trace span, in the access log),
 * the client's address and the request's kind, which the later edge plugins read.
 */
export function registerRequestContext(
  fastify: FastifyInstance,
  options: { trustedHops: number; logger: Logger },
): void {
  fastify.decorateRequest('requestId', '');
  fastify.decorateRequest('clientIp', '');
  fastify.decorateRequest('kind', 'document');
  fastify.decorateRequest('credentialVerified', undefined);
  // Callback hooks, not async ones: every request passes here, and an async hook costs a promise and a
  // turn of the microtask queue each.
  fastify.addHook('onRequest', (request, reply, done) => {
    request.requestId = acceptRequestId(request.headers['x-request-id']);
    request.clientIp = clientIp(request, options.trustedHops);
    request.kind = requestKind(request.url);
    reply.header('x-request-id', request.requestId);
    trace.getActiveSpan()?.setAttribute('http.request.id', request.requestId);
    done();
  });
  fastify.addHook('onResponse', (request: FastifyRequest, reply, done) => {
    logRequest(request, reply.statusCode, reply.elapsedTime, options.logger);
    done();
  });
}

function logRequest(request: FastifyRequest, statusCode: number, elapsedMs: number, logger: Logger): void {
  // Probes come every few seconds and a page pulls assets by the dozen: only their failures are news.
  if (request.kind === 'probe' || (request.kind === 'asset' && statusCode < 400)) return;
  const level = statusCode >= 500 ? 'warn' : 'info';
  if (!logger.isLevelEnabled(level)) return;
  const entry = {
    requestId: request.requestId,
    method: request.method,
    path: pathnameOf(request.url),
    statusCode,
    ms: Math.round(elapsedMs),
  };
  logger[level](entry, level === 'warn' ? 'request failed' : 'request');
}

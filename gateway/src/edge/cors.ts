import fastifyCors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const ALLOWED_METHODS = 'GET, HEAD, POST, PATCH, DELETE';
const ALLOWED_REQUEST_HEADERS = 'authorization, content-type, x-request-id, traceparent';
/** What a cross-origin caller may read beyond the CORS-safelisted headers. */
const EXPOSED_HEADERS = 'x-request-id, retry-after, x-ratelimit-limit, x-ratelimit-remaining';
const PREFLIGHT_MAX_AGE_S = 600;

const isPreflight = (request: FastifyRequest) =>
  request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;

/**
 * CORS from an allowlist (CORS_ORIGINS), by @fastify/cors. An allowed origin gets its own name back
 * (never '*', so the allowlist means something); any other origin gets no CORS headers, so the browser
 * keeps the answer from its script. No credentials mode: identity travels in the Authorization header,
 * not in cookies. Preflights are answered in an onRequest hook, before routing, since the proxy would
 * otherwise forward OPTIONS upstream.
 *
 * Ours on top (ARCHITECTURE.md, 'Hand-written parts, and why they stay'): a preflight from an origin not on
 * the list is refused with a JSON 403 naming the origin. @fastify/cors would let it through to routing
 * (a 404, or the proxy forwarding OPTIONS to a service), and with no allowlist it is not registered at all.
 */
export async function registerCors(
  fastify: FastifyInstance,
  allowedOrigins: readonly string[],
): Promise<void> {
  const allowed = new Set(allowedOrigins);
  if (allowed.size > 0) {
    // A function origin makes the plugin add `Vary: Origin` to every answer (they differ by Origin once an
    // allowlist exists), and `false` for an unknown origin leaves its answer without any CORS header.
    await fastify.register(fastifyCors, {
      origin: (origin, callback) =>
        callback(null, origin !== undefined && allowed.has(origin) ? origin : false),
      methods: ALLOWED_METHODS,
      allowedHeaders: ALLOWED_REQUEST_HEADERS,
      exposedHeaders: EXPOSED_HEADERS,
      maxAge: PREFLIGHT_MAX_AGE_S,
      credentials: false,
    });
  }
  // Runs after the plugin's hook, which has already answered every allowed preflight.
  fastify.addHook('onRequest', (request, reply, done) => {
    if (!isPreflight(request)) return done();
    const origin = request.headers.origin;
    reply.status(403).send({
      statusCode: 403,
      error: 'Forbidden',
      message: `origin: ${origin ?? '(none)'} is not allowed to call this API`,
    });
  });
}

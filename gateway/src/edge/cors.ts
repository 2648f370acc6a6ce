import type { FastifyInstance } from 'fastify';

const ALLOWED_METHODS = 'GET, HEAD, POST, PATCH, DELETE';
const ALLOWED_REQUEST_HEADERS = 'authorization, content-type, x-request-id, traceparent';
/** What a cross-origin caller may read beyond the CORS-safelisted headers. */
const EXPOSED_HEADERS = 'x-request-id, retry-after, x-ratelimit-limit, x-ratelimit-remaining';
const PREFLIGHT_MAX_AGE_S = 600;

/**
 * CORS from an allowlist (CORS_ORIGINS). An allowed origin gets its own name back (never '*', so the
 * allowlist means something); any other origin gets no CORS headers, so the browser keeps the answer
 * from its script. No credentials mode: identity travels in the Authorization header, not in cookies.
 * Preflights are answered here, before routing, since the proxy would otherwise forward OPTIONS upstream.
 */
export function registerCors(fastify: FastifyInstance, allowedOrigins: readonly string[]): void {
  const allowed = new Set(allowedOrigins);
  fastify.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    // Answers differ by Origin once an allowlist exists; shared caches must key on it.
    if (allowed.size > 0) reply.header('vary', 'Origin');
    const isPreflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'];
    if (!origin || !allowed.has(origin)) {
      if (isPreflight) {
        return reply.status(403).send({
          statusCode: 403,
          error: 'Forbidden',
          message: `origin: ${origin ?? '(none)'} is not allowed to call this API`,
        });
      }
      return;
    }
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    if (isPreflight) {
      return reply
        .status(204)
        .header('access-control-allow-methods', ALLOWED_METHODS)
        .header('access-control-allow-headers', ALLOWED_REQUEST_HEADERS)
        .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_S))
        .send();
    }
  });
}

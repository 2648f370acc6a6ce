import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentTraceparent } from '@pulse/platform';
import type { Logger } from 'pino';
import { HOP_BY_HOP, type Upstream } from '../upstreams/upstream';
import { RouteTable } from './route-table';

const MAX_BODY_BYTES = 1024 * 1024;

function errorBody(statusCode: number, error: string, message: string) {
  return { statusCode, error, message };
}

/**
 * Forwards /api/* to the owning service. Bodies pass through as bytes (no parse and re-serialise), so
 * the service sees exactly what the client sent and validates it itself.
 */
export function registerProxy(
  fastify: FastifyInstance,
  upstreams: readonly Upstream[],
  logger: Logger,
): void {
  const table = new RouteTable(upstreams);
  void fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.all('/api/*', async (request: FastifyRequest, reply: FastifyReply) => {
      const upstream = table.resolve(request.url);
      if (!upstream) {
        return reply
          .status(404)
          .send(errorBody(404, 'Not Found', `API 경로를 찾을 수 없습니다: ${request.url.split('?')[0]}`));
      }
      const requestId = (request.headers['x-request-id'] as string | undefined) ?? randomUUID();
      try {
        const response = await upstream.forward({
          method: request.method,
          url: request.url,
          headers: {
            ...request.headers,
            'x-request-id': requestId,
            'x-forwarded-for': request.ip,
            'x-forwarded-proto': request.protocol,
            // The gateway's own span becomes the service span's parent, so a trace shows both hops.
            traceparent: currentTraceparent() ?? request.headers.traceparent,
          },
          body: Buffer.isBuffer(request.body) ? request.body : undefined,
        });
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(name.toLowerCase())) reply.header(name, value);
        }
        return reply.status(response.statusCode).header('x-request-id', requestId).send(response.body);
      } catch (error) {
        logger.warn({ err: error, service: upstream.service, url: request.url }, 'upstream failed');
        return reply
          .status(502)
          .header('x-request-id', requestId)
          .send(
            errorBody(
              502,
              'Bad Gateway',
              `${upstream.service} 서비스가 응답하지 않습니다. 잠시 후 다시 시도해 주세요.`,
            ),
          );
      }
    });
  });
}

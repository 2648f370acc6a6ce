import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { StaffGate } from '../edge/staff-gate';
import type { Upstream } from '../upstreams/upstream';
import { errorBody, forwardRequest } from './forward-request';
import type { MicroCache } from './micro-cache';
import type { RouteTable } from './route-table';

const MAX_BODY_BYTES = 1024 * 1024;

/** Forwards /api/* to the service that owns the longest matching prefix. */
export function registerProxy(
  fastify: FastifyInstance,
  table: RouteTable,
  logger: Logger,
  microCache?: MicroCache,
  staffGate?: StaffGate,
): void {
  void fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.all('/api/*', async (request: FastifyRequest, reply: FastifyReply) => {
      const upstream: Upstream | undefined = table.resolve(request.url);
      if (!upstream) {
        return reply
          .status(404)
          .send(errorBody(404, 'Not Found', `API 경로를 찾을 수 없습니다: ${request.url.split('?')[0]}`));
      }
      const staff = (await staffGate?.check(request)) ?? {};
      if ('refuse' in staff) {
        const { statusCode, error, message, retryAfterS } = staff.refuse;
        if (retryAfterS !== undefined) reply.header('retry-after', String(retryAfterS));
        return reply.status(statusCode).send(errorBody(statusCode, error, message));
      }
      return forwardRequest(upstream, request, reply, logger, microCache, staff.assertion);
    });
  });
}

import type { FastifyInstance } from 'fastify';
import { buildServiceOpenApi } from './build-openapi';

/** Outside /api, so the gateway never routes it publicly; the gateway merges every service's at /api/docs. */
export const OPENAPI_PATH = '/openapi.json';

export function registerOpenApiRoute(fastify: FastifyInstance, service: string): void {
  const document = buildServiceOpenApi(service);
  fastify.get(OPENAPI_PATH, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(document),
  );
}

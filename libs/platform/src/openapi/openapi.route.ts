import type { EndpointSpec } from '@pulse/contracts';
import type { FastifyInstance } from 'fastify';
import { buildServiceOpenApi } from './build-openapi';

/** Outside /api, so the gateway never routes it publicly; the gateway merges every service's at /api/docs. */
export const OPENAPI_PATH = '/openapi.json';

/** '/api/questions/:questionId/answers' and '/api/questions/:id/answers' are the same route. */
const routeKey = (method: string, url: string) => `${method} ${url.replace(/:[^/]+/g, ':')}`;

/**
 * Serves the service's OpenAPI document. Call it before the app registers its controllers: every route
 * registered afterwards is recorded, and the document (built on first request, when all are known) lists
 * only the ENDPOINTS rows that one of them answers.
 */
export function registerOpenApiRoute(fastify: FastifyInstance, service: string): void {
  const registered = new Set<string>();
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registered.add(routeKey(method, route.url));
  });
  let document: ReturnType<typeof buildServiceOpenApi> | undefined;
  fastify.get(OPENAPI_PATH, async (_request, reply) => {
    document ??= buildServiceOpenApi(service, (spec: EndpointSpec) =>
      registered.has(routeKey(spec.method, spec.path)),
    );
    return reply.header('cache-control', 'no-cache').send(document);
  });
}

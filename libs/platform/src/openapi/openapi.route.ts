import { ENDPOINTS, type EndpointSpec } from '@pulse/contracts';
import type { FastifyInstance } from 'fastify';
import { buildServiceOpenApi } from './build-openapi';

/** Outside /api, so the gateway never routes it publicly; the gateway merges every service's at /api/docs. */
export const OPENAPI_PATH = '/openapi.json';

/** '/api/questions/:questionId/answers' and '/api/questions/:id/answers' are the same route. */
const routeKey = (method: string, url: string) => `${method} ${url.replace(/:[^/]+/g, ':')}`;

const DOCUMENTED = new Set(
  Object.values(ENDPOINTS).map((spec: EndpointSpec) => routeKey(spec.method, spec.path)),
);

/**
 * Serves the service's OpenAPI document. Call it before the app registers its controllers: every route
 * registered afterwards is recorded, and the document (built on first request, when all are known) lists
 * only the ENDPOINTS rows that one of them answers. The other direction is recorded too: a route under
 * the service's public prefixes with no ENDPOINTS row is named in the document's `x-unlisted-routes`
 * (this internal document only; the gateway's merged one never carries it), which a system test requires
 * to be empty for every service, so nothing is served that /api/docs does not document.
 */
export function registerOpenApiRoute(
  fastify: FastifyInstance,
  service: string,
  publicPrefixes: readonly string[] = [],
): void {
  const registered = new Set<string>();
  const unlisted: string[] = [];
  fastify.addHook('onRoute', (route) => {
    const isPublic = publicPrefixes.some(
      (prefix) => route.url === prefix || route.url.startsWith(`${prefix}/`),
    );
    for (const method of [route.method].flat()) {
      const key = routeKey(method, route.url);
      registered.add(key);
      // HEAD and OPTIONS come with a GET (fastify's exposeHeadRoutes, CORS), not as operations of their own.
      if (isPublic && method !== 'HEAD' && method !== 'OPTIONS' && !DOCUMENTED.has(key))
        unlisted.push(`${method} ${route.url}`);
    }
  });
  let document: ReturnType<typeof buildServiceOpenApi> | undefined;
  fastify.get(OPENAPI_PATH, async (_request, reply) => {
    document ??= {
      ...buildServiceOpenApi(service, (spec: EndpointSpec) =>
        registered.has(routeKey(spec.method, spec.path)),
      ),
      'x-unlisted-routes': unlisted,
    };
    return reply.header('cache-control', 'no-cache').send(document);
  });
}

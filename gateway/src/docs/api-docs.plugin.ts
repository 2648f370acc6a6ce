import { OPENAPI_PATH, type OpenApiDocument } from '@pulse/platform';
import type { FastifyInstance } from 'fastify';
import type { Upstream } from '../upstreams/upstream';
import { renderDocsPage } from './docs-page';
import { mergeOpenApi, type ServiceDocument } from './merge-openapi';

async function fetchDocument(upstream: Upstream, requestId: string): Promise<ServiceDocument> {
  try {
    const response = await upstream.forward({
      method: 'GET',
      url: OPENAPI_PATH,
      headers: { accept: 'application/json', 'x-request-id': requestId },
    });
    if (response.statusCode !== 200)
      return { service: upstream.service, error: `answered ${response.statusCode}` };
    return {
      service: upstream.service,
      document: JSON.parse(response.body.toString('utf8')) as OpenApiDocument,
    };
  } catch (error) {
    return { service: upstream.service, error: (error as Error).message };
  }
}

/**
 * GET /api/docs: every upstream's OpenAPI document, fetched when asked (so a redeployed service shows
 * its current calls) and merged; /api/docs.html shows the same as a table. Exact routes, so they win
 * over the proxy's /api/*.
 */
export function registerApiDocs(
  fastify: FastifyInstance,
  upstreams: readonly Upstream[],
  siteUrl: string,
): void {
  const merged = async (requestId: string) =>
    mergeOpenApi(await Promise.all(upstreams.map((upstream) => fetchDocument(upstream, requestId))), siteUrl);
  fastify.get('/api/docs', async (request, reply) =>
    reply.header('cache-control', 'no-cache').send(await merged(request.requestId)),
  );
  fastify.get('/api/docs.html', async (request, reply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(renderDocsPage(await merged(request.requestId))),
  );
}

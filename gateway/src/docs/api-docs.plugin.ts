import { OPENAPI_PATH, type OpenApiDocument } from '@pulse/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Upstream } from '../upstreams/upstream';
import { OPENAPI_JSON_PATH, prefersHtml, registerDocsViewerAssets, renderDocsViewer } from './docs-viewer';
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
 * Every upstream's OpenAPI document, fetched when asked (so a redeployed service shows its current calls)
 * and merged. GET /api/docs answers the document as JSON, or the interactive viewer to a browser (which
 * asks for HTML first); /api/docs/openapi.json is always the JSON (the viewer loads it) and
 * /api/docs.html always the viewer. Exact routes, so they win over the proxy's /api/*.
 */
export function registerApiDocs(
  fastify: FastifyInstance,
  upstreams: readonly Upstream[],
  siteUrl: string,
): void {
  const merged = async (requestId: string) =>
    mergeOpenApi(await Promise.all(upstreams.map((upstream) => fetchDocument(upstream, requestId))), siteUrl);
  const viewer = (reply: FastifyReply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(renderDocsViewer());
  const json = async (request: FastifyRequest, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').send(await merged(request.requestId));

  fastify.get('/api/docs', async (request, reply) => {
    // Added to what the CORS hook may already have set (Origin).
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Accept` : 'Accept');
    return prefersHtml(request.headers.accept) ? viewer(reply) : json(request, reply);
  });
  fastify.get(OPENAPI_JSON_PATH, json);
  fastify.get('/api/docs.html', async (_request, reply) => viewer(reply));
  registerDocsViewerAssets(fastify);
}

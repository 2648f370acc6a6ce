import { OPENAPI_PATH, type OpenApiDocument } from '@pulse/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { isUpstreamTimeout, type Upstream } from '../upstreams/upstream';
import { OPENAPI_JSON_PATH, prefersHtml, registerDocsViewerAssets, renderDocsViewer } from './docs-viewer';
import { mergeOpenApi, type ServiceDocument } from './merge-openapi';

async function fetchDocument(
  upstream: Upstream,
  requestId: string,
  logger: Logger,
): Promise<ServiceDocument> {
  const { service } = upstream;
  let response;
  try {
    response = await upstream.forward({
      method: 'GET',
      url: OPENAPI_PATH,
      headers: { accept: 'application/json', 'x-request-id': requestId },
    });
  } catch (error) {
    logger.warn({ err: error, service, requestId }, 'openapi document not fetched');
    return { service, error: isUpstreamTimeout(error) ? 'timed out' : 'unreachable' };
  }
  if (response.statusCode !== 200) return { service, error: `answered ${response.statusCode}` };
  try {
    return { service, document: JSON.parse(response.body.toString('utf8')) as OpenApiDocument };
  } catch (error) {
    logger.warn({ err: error, service, requestId }, 'openapi document not JSON');
    return { service, error: 'bad document' };
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
  logger: Logger,
): void {
  const merged = async (requestId: string) =>
    mergeOpenApi(
      await Promise.all(upstreams.map((upstream) => fetchDocument(upstream, requestId, logger))),
      siteUrl,
    );
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

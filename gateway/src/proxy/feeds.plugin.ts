import { CATEGORY_FEED_PATH_PATTERN, CONTENT_FEED_PATHS } from '@pulse/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Upstream } from '../upstreams/upstream';
import { errorBody, forwardRequest } from './forward-request';

/**
 * The feeds and sitemaps outside /api (docs/spec-content.md §2: opened as plain links) belong to the content service.
 * Exact routes win over the front end's catch-all, so /sitemap.xml is never mistaken for a page.
 */
export function registerFeeds(fastify: FastifyInstance, content: Upstream | undefined, logger: Logger): void {
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!content) return reply.status(404).send(errorBody(404, 'Not Found', '피드를 찾을 수 없습니다.'));
    return forwardRequest(content, request, reply, logger);
  };
  for (const path of CONTENT_FEED_PATHS) fastify.get(path, forward);
  fastify.get('/category/:slug/rss.xml', async (request, reply) => {
    // The route and the shared pattern must agree; the content service checks the slug itself.
    if (!CATEGORY_FEED_PATH_PATTERN.test(request.url.split('?')[0])) {
      return reply.status(404).send(errorBody(404, 'Not Found', '피드를 찾을 수 없습니다.'));
    }
    return forward(request, reply);
  });
}

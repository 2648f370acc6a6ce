import type { FastifyReply, FastifyRequest } from 'fastify';
import { DOCUMENT_CACHE } from '../edge/http-caching';
import type { DocumentRenderer } from './document-renderer';

/**
 * The fastify side of the documents: status, redirect or HTML. A page document is the same bytes for every
 * reader (nothing about the reader is rendered into it), so a CDN may keep it a minute and serve it stale
 * while it refetches; the browser revalidates each time with the ETag the edge adds
 * (edge/http-caching.ts). Anything but a 200 is not cached.
 */
export function documentHandler(renderer: DocumentRenderer) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const rendered = await renderer.render(request.url, request.requestId);
    if (rendered.statusCode === 301) return reply.redirect(rendered.location, 301);
    if (rendered.retryAfterS) reply.header('retry-after', String(rendered.retryAfterS));
    return reply
      .status(rendered.statusCode)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', rendered.statusCode === 200 ? DOCUMENT_CACHE.cacheControl : 'no-store')
      .header('cdn-cache-control', rendered.statusCode === 200 ? DOCUMENT_CACHE.cdnCacheControl : 'no-store')
      .send(rendered.html);
  };
}

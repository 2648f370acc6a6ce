import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DocumentRenderer } from './document-renderer';

/** The fastify side of the documents: status, redirect or HTML, never cached by the browser. */
export function documentHandler(renderer: DocumentRenderer) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const rendered = await renderer.render(request.url, request.requestId);
    if (rendered.statusCode === 301) return reply.redirect(rendered.location, 301);
    if (rendered.retryAfterS) reply.header('retry-after', String(rendered.retryAfterS));
    return reply
      .status(rendered.statusCode)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(rendered.html);
  };
}

import { NEWSLETTER_PAGE_PREFIX } from '@pulse/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Upstream } from '../upstreams/upstream';
import { errorBody, forwardRequest } from './forward-request';

const MAX_BODY_BYTES = 64 * 1024;

/**
 * /newsletter and /newsletter/* belong to the newsletter service, which renders them (the links in its
 * mails point here). GET and POST only: the pages' forms and RFC 8058 one-click unsubscribe post
 * urlencoded or multipart bodies, which pass through as bytes like every proxied body.
 */
export function registerNewsletterPages(
  fastify: FastifyInstance,
  newsletter: Upstream | undefined,
  logger: Logger,
): void {
  void fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES },
      (_request, body, done) => done(null, body),
    );
    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!newsletter)
        return reply.status(404).send(errorBody(404, 'Not Found', '뉴스레터 페이지를 찾을 수 없습니다.'));
      return forwardRequest(newsletter, request, reply, logger);
    };
    for (const path of [NEWSLETTER_PAGE_PREFIX, `${NEWSLETTER_PAGE_PREFIX}/*`])
      scope.route({ method: ['GET', 'HEAD', 'POST'], url: path, handler: forward, exposeHeadRoute: false });
  });
}

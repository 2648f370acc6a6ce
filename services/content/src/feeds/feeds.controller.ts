import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { feedHeaders, isNotModified, type FeedDocument } from './feed-document';
import { FeedRedirect, FeedsService } from './feeds.service';
import { SitemapsService } from './sitemaps.service';
import {
  noQueryParamsSchema,
  categoryFeedNameSchema,
  type SitemapQuery,
  sitemapQuerySchema,
} from '@pulse/contracts';
import { ZodPipe } from '@pulse/platform';
import type { z } from 'zod';

/** The route takes no query parameters: any one is a 400 naming it. */
const noQueryParams = new ZodPipe(noQueryParamsSchema);
type NoQueryParams = z.output<typeof noQueryParamsSchema>;

/**
 * The feeds outside /api (libs/contracts routing.ts CONTENT_FEED_PATHS; the gateway routes them here).
 * /feed.json and /news-sitemap.xml are not in seed 000 (chosen), nor is /sitemap.xml?page=N.
 */
@Controller()
export class FeedsController {
  constructor(
    private readonly feeds: FeedsService,
    private readonly sitemaps: SitemapsService,
  ) {}

  @Get('rss.xml')
  rss(
    @Query(noQueryParams) _query: NoQueryParams,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return this.feeds.rss().then((document) => send(request, reply, document));
  }

  @Get('atom.xml')
  atom(
    @Query(noQueryParams) _query: NoQueryParams,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return this.feeds.atom().then((document) => send(request, reply, document));
  }

  @Get('feed.json')
  jsonFeed(
    @Query(noQueryParams) _query: NoQueryParams,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return this.feeds.jsonFeed().then((document) => send(request, reply, document));
  }

  @Get('sitemap.xml')
  sitemap(
    @Query(new ZodPipe(sitemapQuerySchema)) query: SitemapQuery,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return this.sitemaps.sitemap(query).then((document) => send(request, reply, document));
  }

  @Get('news-sitemap.xml')
  newsSitemap(
    @Query(noQueryParams) _query: NoQueryParams,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return this.sitemaps.newsSitemap().then((document) => send(request, reply, document));
  }

  /** A legacy or Korean name ('Gen AI', '블록체인') answers 301 to the slug's feed (docs/spec-content.md §2). */
  @Get('category/:slug/rss.xml')
  // The query comes before the slug on purpose: Nest runs the last argument's pipe first, so a bad slug is
  // answered before a bad query, as it was when the service read both.
  async categoryRss(
    @Query(noQueryParams) _query: NoQueryParams,
    @Param('slug', new ZodPipe(categoryFeedNameSchema)) slug: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    try {
      return send(request, reply, await this.feeds.categoryRss(slug));
    } catch (error) {
      if (!(error instanceof FeedRedirect)) throw error;
      return reply.redirect(error.location, 301);
    }
  }
}

/** 200 with the document, or 304 when the client's copy is current; the same headers either way. */
function send(request: FastifyRequest, reply: FastifyReply, document: FeedDocument) {
  void reply.headers(feedHeaders(document));
  if (isNotModified(document, request.headers)) return reply.status(304).send();
  return reply.status(200).send(document.body);
}

import { Controller, Get, Header, Param, Query, Req, Res } from '@nestjs/common';
import {
  ARTICLE_LISTS_TAG,
  articleTag,
  CACHE_TAG_HEADER,
  type CategoryPageQuery,
  categoryPageQuerySchema,
  idParamSchema,
} from '@pulse/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ArticlesService, CategoryRedirect } from './articles.service';
import { ZodPipe } from '@pulse/platform';

/**
 * docs/spec-content.md §7: one article, its related articles, and category pages. Each answer names in
 * `cache-tag` what it shows, so the gateway's micro-cache drops it when that changes (ArticleCache).
 */
@Controller('/api/articles')
export class ArticlesController {
  constructor(private readonly articles: ArticlesService) {}

  @Get('related/:id')
  async related(
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const related = await this.articles.related(id);
    void reply.header(CACHE_TAG_HEADER, `${articleTag(id)} ${ARTICLE_LISTS_TAG}`);
    return related;
  }

  /** A legacy or Korean category name answers 301 to the slug, query kept (docs/spec-content.md §3, the category definitions). */
  @Get('category/:slug')
  @Header(CACHE_TAG_HEADER, ARTICLE_LISTS_TAG)
  async category(
    // Free text by design: any name, legacy or Korean ('Gen AI', '블록체인'), is looked up and answers 301
    // to its slug or 404; none is a 400.
    // eslint-disable-next-line edge-input/input-through-pipe -- a category name, looked up, never parsed
    @Param('slug') slug: string,
    @Query(new ZodPipe(categoryPageQuerySchema)) query: CategoryPageQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    try {
      return await this.articles.category(slug, query);
    } catch (error) {
      if (!(error instanceof CategoryRedirect)) throw error;
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      void reply.redirect(`/api/articles/category/${encodeURIComponent(error.slug)}${search}`, 301);
      return undefined;
    }
  }

  @Get(':id')
  async detail(
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const article = await this.articles.detail(id);
    // Only once the id is known good (the service answers 400 or 404 first).
    void reply.header(CACHE_TAG_HEADER, articleTag(id));
    return article;
  }
}

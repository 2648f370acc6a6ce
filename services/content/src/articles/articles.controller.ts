import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ArticlesService, CategoryRedirect } from './articles.service';

/** docs/spec-content.md §7: one article, its related articles, and category pages. */
@Controller('/api/articles')
export class ArticlesController {
  constructor(private readonly articles: ArticlesService) {}

  @Get('related/:id')
  related(@Param('id') id: string) {
    return this.articles.related(id);
  }

  /** A legacy or Korean category name answers 301 to the slug, query kept (issue 4 'Model'). */
  @Get('category/:slug')
  async category(
    @Param('slug') slug: string,
    @Query() query: unknown,
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
  detail(@Param('id') id: string) {
    return this.articles.detail(id);
  }
}

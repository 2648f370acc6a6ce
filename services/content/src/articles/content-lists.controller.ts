import { Controller, Get, Header, Query } from '@nestjs/common';
import {
  ARTICLE_LISTS_TAG,
  CACHE_TAG_HEADER,
  type NewsListQuery,
  newsListQuerySchema,
  type InsightsListQuery,
  insightsListQuerySchema,
} from '@pulse/contracts';
import { ArticlesService } from './articles.service';
import { ZodPipe } from '@pulse/platform';

/** docs/spec-content.md §7: the news list (all and hot tabs) and the insights list, offset-paged. */
@Controller('/api/content')
export class ContentListsController {
  constructor(private readonly articles: ArticlesService) {}

  @Get('news')
  @Header(CACHE_TAG_HEADER, ARTICLE_LISTS_TAG)
  news(@Query(new ZodPipe(newsListQuerySchema)) query: NewsListQuery) {
    return this.articles.news(query);
  }

  @Get('insights')
  @Header(CACHE_TAG_HEADER, ARTICLE_LISTS_TAG)
  insights(@Query(new ZodPipe(insightsListQuerySchema)) query: InsightsListQuery) {
    return this.articles.insights(query);
  }
}

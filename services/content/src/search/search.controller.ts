import { Controller, Get, Header, Query } from '@nestjs/common';
import {
  ARTICLE_LISTS_TAG,
  CACHE_TAG_HEADER,
  TECH_ANALYSIS_LISTS_TAG,
  type SearchPageQuery,
  searchPageQuerySchema,
  type ArchiveQuery,
  archiveQuerySchema,
} from '@pulse/contracts';
import { ArticleSearchService } from './article-search.service';
import { ZodPipe } from '@pulse/platform';

/**
 * docs/spec-content.md §7: GET /api/articles/search (q, page → {articles, total, pages}; chosen: tag, category, type,
 * period and sort as optional extras, and a `highlight` per item) and GET /api/articles/archive (page,
 * category, sort, timeframe, q; chosen: the category page's {articles, currentPage, totalPages}).
 */
@Controller('/api/articles')
export class SearchController {
  constructor(private readonly search: ArticleSearchService) {}

  // Tech analyses are found too: publishing or editing one purges held answers as an article's does.
  @Get('search')
  @Header(CACHE_TAG_HEADER, `${ARTICLE_LISTS_TAG} ${TECH_ANALYSIS_LISTS_TAG}`)
  searchPage(@Query(new ZodPipe(searchPageQuerySchema)) query: SearchPageQuery) {
    return this.search.searchPage(query);
  }

  @Get('archive')
  @Header(CACHE_TAG_HEADER, ARTICLE_LISTS_TAG)
  archive(@Query(new ZodPipe(archiveQuerySchema)) query: ArchiveQuery) {
    return this.search.archive(query);
  }
}

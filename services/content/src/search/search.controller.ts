import { Controller, Get, Query } from '@nestjs/common';
import { ArticleSearchService } from './article-search.service';

/**
 * docs/spec-content.md §7: GET /api/articles/search (q, page → {articles, total, pages}; chosen: tag, category, type,
 * period and sort as optional extras, and a `highlight` per item) and GET /api/articles/archive (page,
 * category, sort, timeframe, q; chosen: the category page's {articles, currentPage, totalPages}).
 */
@Controller('/api/articles')
export class SearchController {
  constructor(private readonly search: ArticleSearchService) {}

  @Get('search')
  searchPage(@Query() query: unknown) {
    return this.search.searchPage(query);
  }

  @Get('archive')
  archive(@Query() query: unknown) {
    return this.search.archive(query);
  }
}

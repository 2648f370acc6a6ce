import { Module } from '@nestjs/common';
import { SERVICE_CONFIG } from '@pulse/platform';
import { ArticleIndexer } from './article-indexer';
import { ArticleSearchService } from './article-search.service';
import { SearchController } from './search.controller';
import { CONTENT_SEARCH_CONFIG, type ContentSearchConfig } from './search.config';

/**
 * Korean search and the archive (issue 4, docs/design.md §6): the article index kept in step with the store, and
 * GET /api/articles/search and /api/articles/archive.
 */
@Module({
  controllers: [SearchController],
  providers: [
    ArticleIndexer,
    ArticleSearchService,
    // contentSearchConfigSchema, validated at start by the platform (ServiceDefinition.config 'search').
    {
      provide: CONTENT_SEARCH_CONFIG,
      inject: [SERVICE_CONFIG],
      useFactory: (config: { search: ContentSearchConfig }) => config.search,
    },
  ],
})
export class SearchModule {}

import { Module } from '@nestjs/common';
import { AdminAuthModule, SERVICE_CONFIG } from '@pulse/platform';
import { TechAnalysisModule } from '../tech-analysis/tech-analysis.module';
import { ArticleIndexer } from './article-indexer';
import { ArticleSearchService } from './article-search.service';
import { SearchController } from './search.controller';
import { CONTENT_SEARCH_CONFIG, type ContentSearchConfig } from './search.config';
import { SearchReindexController } from './reindex/search-reindex.controller';
import { SearchReindexService } from './reindex/search-reindex.service';
import { SearchSynonymsController } from './synonyms/search-synonyms.controller';
import { SearchSynonymsService } from './synonyms/search-synonyms.service';
import { SynonymGroupsRepository } from './synonyms/synonym-groups.repository';
import { TechAnalysisIndexer } from './tech-analysis-indexer';

/**
 * Korean search and the archive (docs/design.md §6): the article index kept in step with the store, and
 * GET /api/articles/search (published tech analyses ranked beside the articles) and /api/articles/archive; the admin-added search synonyms and the on-demand reindex (docs/services.md 'The content service').
 */
@Module({
  imports: [AdminAuthModule, TechAnalysisModule],
  controllers: [SearchController, SearchSynonymsController, SearchReindexController],
  providers: [
    ArticleIndexer,
    TechAnalysisIndexer,
    SearchSynonymsService,
    SearchReindexService,
    SynonymGroupsRepository,
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

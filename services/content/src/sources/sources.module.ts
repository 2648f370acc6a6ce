import { Module } from '@nestjs/common';
import { ArticleCounts } from './article-counts';
import { KoreanDelays } from './korean-delays';
import { SourcesController } from './sources.controller';
import { SourcesHandler } from './sources.handler';
import { SourcesRepository } from './sources.repository';
import { SourcesService } from './sources.service';
import { ArticleStatsRepository } from './article-stats.repository';

/**
 * The sources page and the category sidebar: ingestion's source catalogue (source.updated) with article
 * counts, popular tags and article totals counted from the published articles.
 */
@Module({
  controllers: [SourcesController, SourcesHandler],
  providers: [SourcesRepository, SourcesService, ArticleCounts, KoreanDelays, ArticleStatsRepository],
})
export class SourcesModule {}

import { Module } from '@nestjs/common';
import { ContentReadClient } from '@pulse/contracts';
import { SERVICE_CONFIG } from '@pulse/platform';
import type { CommunityConfig } from '../community.config';
import { ArticleWithdrawnHandler } from './article-withdrawn.handler';
import { CONTENT_READER } from './content-reader';
import { PublishedArticles } from './published-articles';

/**
 * Content's articles as community sees them: through content's public read API (COMMUNITY_CONTENT_URL),
 * never its store or code. The assistant retrieves from it; comments check their article against it, and
 * article.withdrawn drops the cached answer.
 */
@Module({
  controllers: [ArticleWithdrawnHandler],
  providers: [
    {
      provide: CONTENT_READER,
      inject: [SERVICE_CONFIG],
      useFactory: (config: { community: CommunityConfig }) =>
        new ContentReadClient(config.community.COMMUNITY_CONTENT_URL),
    },
    PublishedArticles,
  ],
  exports: [CONTENT_READER, PublishedArticles],
})
export class ContentArticlesModule {}

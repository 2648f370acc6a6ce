import { Global, Module } from '@nestjs/common';
import { SERVICE_CONFIG } from '@pulse/platform';
import { SITE_CONFIG, type SiteConfig } from '../content.config';
import { ArticleCache } from './article-cache';
import { ArticleChanges } from './article-changes';
import { ArticlesRepository } from './articles.repository';

/**
 * What every area of the content service shares: the article store, the change notice, the article
 * response cache and the site settings. Global so each area module can inject them without importing this one.
 */
@Global()
@Module({
  providers: [
    ArticlesRepository,
    ArticleChanges,
    ArticleCache,
    {
      provide: SITE_CONFIG,
      inject: [SERVICE_CONFIG],
      useFactory: (config: { site: SiteConfig }) => config.site,
    },
  ],
  exports: [ArticlesRepository, ArticleChanges, ArticleCache, SITE_CONFIG],
})
export class ArticlesCoreModule {}

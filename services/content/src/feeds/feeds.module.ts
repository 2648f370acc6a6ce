import { Global, Module } from '@nestjs/common';
import { FeedCache } from './feed-cache';
import { FeedsController } from './feeds.controller';
import { FeedsService } from './feeds.service';
import { SitemapSections } from './sitemap-sections';
import { SitemapsService } from './sitemaps.service';
import { FeedArticlesRepository } from './feed-articles.repository';

/**
 * RSS 2.0, Atom 1.0 and JSON Feed 1.1 of the latest articles, per-category RSS, the sitemap and the
 * Google News sitemap. Global only so another area (tech analyses) can inject SitemapSections and add
 * its pages to the sitemap without the feeds knowing its storage.
 */
@Global()
@Module({
  controllers: [FeedsController],
  providers: [FeedsService, SitemapsService, FeedCache, SitemapSections, FeedArticlesRepository],
  exports: [SitemapSections],
})
export class FeedsModule {}

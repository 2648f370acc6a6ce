import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  CATEGORY_SLUGS,
  FEED_CONTENT_TYPES,
  NEWS_SITEMAP_MAX_URLS,
  NEWS_SITEMAP_WINDOW_MS,
  type SitemapQuery,
} from '@pulse/contracts';
import { SERVICE_CONFIG, CLOCK, type Clock } from '@pulse/platform';
import { SITE_CONFIG, type SiteConfig } from '../content.config';
import { feedDocument, type FeedDocument } from './feed-document';
import { FeedCache } from './feed-cache';
import { absoluteUrl, articlePath, newestUpdate } from './feed-entry';
import { FeedArticlesRepository } from './feed-articles.repository';
import type { FeedsConfig } from './feeds.config';
import { SitemapSections } from './sitemap-sections';
import { renderNewsSitemap, renderSitemapIndex, renderUrlset, type SitemapUrl } from './sitemap.renderer';

export const SITEMAP_PAGE_NOT_FOUND = 'Sitemap page not found';

/** Pages of docs/spec-content.md §2's route table worth indexing (not search results, not admin screens). */
const STATIC_PATHS = [
  '/news',
  '/insights',
  '/analysis',
  '/tech-analysis',
  '/trending',
  '/archive',
  '/sources',
  '/community/qa',
  '/about',
  '/privacy',
  '/sitemap',
];

/**
 * /sitemap.xml (every published article and the site's pages; an index of /sitemap.xml?page=N files past
 * the per-file limit) and /news-sitemap.xml (Google News: the last two days).
 */
@Injectable()
export class SitemapsService {
  private readonly perFile: number;

  constructor(
    private readonly articles: FeedArticlesRepository,
    private readonly cache: FeedCache,
    private readonly sections: SitemapSections,
    @Inject(SITE_CONFIG) private readonly site: SiteConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) config: { feeds: FeedsConfig },
  ) {
    this.perFile = config.feeds.FEEDS_SITEMAP_URLS_PER_FILE;
  }

  async sitemap(query: SitemapQuery): Promise<FeedDocument> {
    const { page } = query;
    // A refused page is not cached, and crawlers walk ?page=N far past the end: the count is kept instead,
    // so such a page costs no store read.
    const pages = await this.cache.value('sitemap:pages', () => this.pageCount());
    if (page !== undefined && page > pages) throw new NotFoundException(SITEMAP_PAGE_NOT_FOUND);
    return this.cache.document(`sitemap:${page ?? 'root'}`, async () => {
      if (page === undefined && pages > 1) return this.index(pages);
      const urls = await this.page(await this.fixedUrls(), page ?? 1);
      return feedDocument(renderUrlset(urls), FEED_CONTENT_TYPES.sitemap, newest(urls));
    });
  }

  private async pageCount(): Promise<number> {
    const [fixed, articles] = await Promise.all([this.fixedUrls(), this.articles.count()]);
    return Math.max(1, Math.ceil((fixed.length + articles) / this.perFile));
  }

  newsSitemap(): Promise<FeedDocument> {
    return this.cache.document('news-sitemap', async () => {
      const since = new Date(this.clock.now() - NEWS_SITEMAP_WINDOW_MS).toISOString();
      const rows = await this.articles.publishedSince(since, NEWS_SITEMAP_MAX_URLS);
      const urls = rows.map((row) => ({
        loc: this.url(articlePath(row.type, row._id)),
        title: row.title,
        publishedAt: row.publishedAt,
      }));
      return feedDocument(renderNewsSitemap(urls), FEED_CONTENT_TYPES.sitemap, newestUpdate(rows));
    });
  }

  /** The sitemap files' index; each file's lastmod would cost a query per file, and it is optional. */
  private async index(pages: number): Promise<FeedDocument> {
    const sitemaps = Array.from({ length: pages }, (_, i) => ({
      loc: this.url(`/sitemap.xml?page=${i + 1}`),
    }));
    const latest = await this.articles.newestUpdate();
    return feedDocument(renderSitemapIndex(sitemaps), FEED_CONTENT_TYPES.sitemap, latest ?? null);
  }

  /**
   * File `page` of the whole list: the fixed pages first, then the articles oldest first, so a new
   * article lands in the last file and the earlier files stay the same.
   */
  private async page(fixed: SitemapUrl[], page: number): Promise<SitemapUrl[]> {
    const start = (page - 1) * this.perFile;
    const end = start + this.perFile;
    const skip = Math.max(0, start - fixed.length);
    const limit = end - Math.max(start, fixed.length);
    const articles = limit <= 0 ? [] : await this.articles.oldestFirst(skip, limit);
    return [
      ...fixed.slice(start, end),
      ...articles.map((row) => ({ loc: this.url(articlePath(row.type, row._id)), lastmod: row.updatedAt })),
    ];
  }

  /** Home, the static pages, the category pages, then what other areas add (tech analyses). */
  private async fixedUrls(): Promise<SitemapUrl[]> {
    const [home, categories, contributed] = await Promise.all([
      this.articles.newestUpdate(),
      Promise.all(
        CATEGORY_SLUGS.map(async (slug) => ({ slug, lastmod: await this.articles.newestUpdate(slug) })),
      ),
      this.sections.urls(),
    ]);
    return [
      { loc: this.url('/'), ...lastmod(home) },
      ...STATIC_PATHS.map((path) => ({ loc: this.url(path) })),
      ...categories.map((c) => ({ loc: this.url(`/category/${c.slug}`), ...lastmod(c.lastmod) })),
      ...contributed.map((entry) => ({ loc: this.url(entry.path), ...lastmod(entry.lastmod) })),
    ];
  }

  private url(path: string): string {
    return absoluteUrl(this.site.PUBLIC_SITE_URL, path);
  }
}

const lastmod = (value: string | undefined) => (value ? { lastmod: value } : {});
const newest = (urls: readonly SitemapUrl[]): string | null =>
  urls.reduce<string | null>(
    (max, url) => (url.lastmod && (!max || url.lastmod > max) ? url.lastmod : max),
    null,
  );

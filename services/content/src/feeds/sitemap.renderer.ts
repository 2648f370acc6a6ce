import { PUBLICATION_NAME, FEED_LANGUAGE } from './feed-entry';
import { element, textElement, xmlDocument } from './xml';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const NEWS_NS = 'http://www.google.com/schemas/sitemap-news/0.9';

/** One <url>: an absolute location and, when known, when its content last changed (W3C datetime). */
export interface SitemapUrl {
  loc: string;
  lastmod?: string;
}

export interface NewsSitemapUrl {
  loc: string;
  title: string;
  publishedAt: string;
}

/** A sitemaps.org 0.9 urlset. */
export function renderUrlset(urls: readonly SitemapUrl[]): string {
  return xmlDocument(
    element(
      'urlset',
      { xmlns: SITEMAP_NS },
      urls.map((url) =>
        element('url', {}, [
          textElement('loc', url.loc),
          ...(url.lastmod ? [textElement('lastmod', url.lastmod)] : []),
        ]),
      ),
    ),
  );
}

/** A sitemap index: one entry per sitemap file. */
export function renderSitemapIndex(sitemaps: readonly SitemapUrl[]): string {
  return xmlDocument(
    element(
      'sitemapindex',
      { xmlns: SITEMAP_NS },
      sitemaps.map((sitemap) =>
        element('sitemap', {}, [
          textElement('loc', sitemap.loc),
          ...(sitemap.lastmod ? [textElement('lastmod', sitemap.lastmod)] : []),
        ]),
      ),
    ),
  );
}

/** Google News sitemap (https://developers.google.com/search/docs/crawling-indexing/sitemaps/news-sitemap). */
export function renderNewsSitemap(urls: readonly NewsSitemapUrl[]): string {
  const publication = element('news:publication', {}, [
    textElement('news:name', PUBLICATION_NAME),
    textElement('news:language', FEED_LANGUAGE),
  ]);
  return xmlDocument(
    element(
      'urlset',
      { xmlns: SITEMAP_NS, 'xmlns:news': NEWS_NS },
      urls.map((url) =>
        element('url', {}, [
          textElement('loc', url.loc),
          element('news:news', {}, [
            publication,
            textElement('news:publication_date', url.publishedAt),
            textElement('news:title', url.title),
          ]),
        ]),
      ),
    ),
  );
}

/**
 * What a front end's server bundle says of a page it rendered, for the gateway to apply as it is: the
 * document's status, its head and structured data, and how long and under which tags it may be held. The
 * page describes itself where it is drawn (frontends/ui head/describe-page.ts); the gateway names no page.
 * Dependency-free: the front ends import it by path, the gateway through the package.
 */

/** 301/308 with `location`: moved; 404: no such page; 410: gone for good. */
export type PageStatus = 200 | 301 | 308 | 404 | 410;

/** The Open Graph article block (article:published_time and the rest). */
export interface PageArticleMeta {
  publishedTime: string;
  modifiedTime?: string;
  section?: string;
  tags: readonly string[];
}

export interface PageDescription {
  status: PageStatus;
  /** Where a 301 or 308 points (a path of the site, or an absolute URL). */
  location?: string;
  /** The site's name (og:site_name). */
  siteName: string;
  /** The whole <title>, the site's name included. */
  title: string;
  /** Already cut to the length search engines show. */
  description: string;
  /** Absolute URL of the page's one canonical address. */
  canonical: string;
  robots: string;
  ogType: 'website' | 'article';
  /** Absolute URL of the link-preview image. */
  image: string;
  keywords?: readonly string[];
  article?: PageArticleMeta;
  /** schema.org blocks (NewsArticle, QAPage, BreadcrumbList, ItemList…), one application/ld+json each. */
  jsonLd: readonly object[];
  /** The page's largest image, fetched before the stylesheet and scripts (the rendered <img> asks for it). */
  preloadImage?: string;
  /**
   * 'public': the same bytes for every reader, held and shared; 'no-store': never held (a not-found page,
   * a redirect); 'private': a reader's own page, never held and sent `private, no-store`. The cache tags of the answers the render read are added by whoever answered the reads.
   */
  cache: 'public' | 'no-store' | 'private';
  /** What the page shows besides its reads' own tags (@pulse/contracts cache-purge.ts): a purge drops it. */
  cacheTags: readonly string[];
}

/**
 * A server render's read of an API path: the body of a 200, or the status of an answer that says there is
 * no such item (400: an id the service refuses; 404; 410). A failed read (an error, a timeout) is undefined.
 */
export type PageRead = { status: 200; body: unknown } | { status: 400 | 404 | 410 };

import type { Article, ArticleDetailResponse } from '@pulse/contracts/src/api/content';
import type { PageDescription } from '@pulse/contracts/src/api/page-description';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiQueryMeta } from '../api/use-api-query';
import { articlePath } from '../article/paths';
import { CATEGORY_NAMES } from '../categories';
import { documentTitle, shortDescription, SITE_NAME, type PageHead } from './page-head';

// What a server render says of the page it drew (@pulse/contracts PageDescription), built from the head
// the page named (usePageHead) and the answers the render read. Server bundles only: nothing here runs
// in the browser, so the structured data costs no page its JavaScript budget.

export const SITE_DESCRIPTION =
  '펄스 — 생성형 AI, 블록체인, 빅테크 소식을 한국어로 전하는 AI·블록체인 전문 미디어';

/** Link previews need some image: the site's 1200×630 share card (previews ignore SVG images). */
const DEFAULT_IMAGE_PATH = '/og-default.png';
const INDEX_FOLLOW = 'index, follow';
/** A page of nothing is not indexed, but its links are followed. */
const NOT_INDEXED = 'noindex, follow';
const CONTEXT = 'https://schema.org';
/** Google shows at most 110 characters of a headline. */
const HEADLINE_LENGTH = 110;

/** The page a server render drew: its path, the site's address, and the request's answered reads. */
export interface RenderedPageData {
  pathname: string;
  /** The configured site (PUBLIC_SITE_URL), without a trailing slash. */
  siteUrl: string;
  client: QueryClient;
}

/** What a page's own describer adds to the head it named: Open Graph, structured data, its image. */
export type PageExtras = Partial<
  Pick<PageDescription, 'ogType' | 'image' | 'article' | 'keywords' | 'jsonLd' | 'preloadImage' | 'cacheTags'>
>;

/** A bundle's describer for the pages it draws (a remote's server module exports its own). */
export type PageDescriber = (head: PageHead, page: RenderedPageData) => PageExtras | undefined;

/** The answer the render read for the API path `path` (useApiQuery's meta; or the first path it accepts). */
export function findAnswer<T>(
  client: QueryClient,
  path: string | ((read: string) => boolean),
): T | undefined {
  const wanted = typeof path === 'string' ? (read: string) => read === path : path;
  const query = client
    .getQueryCache()
    .getAll()
    .find((each) => {
      const read = (each.meta as Partial<ApiQueryMeta> | undefined)?.path;
      return each.state.status === 'success' && typeof read === 'string' && wanted(read);
    });
  return query?.state.data as T | undefined;
}

/** The document's description from the head the page named and what its describer adds. */
export function describePage(
  head: PageHead,
  page: RenderedPageData,
  extras: PageExtras = {},
): PageDescription {
  const status = head.status ?? 200;
  const moved = status === 301 || status === 308;
  return {
    status,
    ...(moved && head.location ? { location: head.location } : {}),
    siteName: SITE_NAME,
    title: documentTitle(head.title),
    description: shortDescription(head.description ?? SITE_DESCRIPTION),
    canonical: `${page.siteUrl}${head.canonical ?? page.pathname}`,
    robots: head.robots ?? (status === 200 ? INDEX_FOLLOW : NOT_INDEXED),
    ogType: extras.ogType ?? 'website',
    image: extras.image ?? `${page.siteUrl}${DEFAULT_IMAGE_PATH}`,
    ...(head.keywords?.length
      ? { keywords: head.keywords }
      : extras.keywords
        ? { keywords: extras.keywords }
        : {}),
    ...(extras.article ? { article: extras.article } : {}),
    jsonLd: status === 200 ? (extras.jsonLd ?? []) : [],
    ...(extras.preloadImage ? { preloadImage: extras.preloadImage } : {}),
    cache: status !== 200 ? 'no-store' : head.perReader ? 'private' : 'public',
    cacheTags: extras.cacheTags ?? [],
  };
}

/** The site as schema.org's publisher of everything on it. */
export const publisherData = (siteUrl: string) => ({
  '@type': 'Organization',
  name: SITE_NAME,
  url: `${siteUrl}/`,
  logo: { '@type': 'ImageObject', url: `${siteUrl}/favicon.svg` },
});

/** An absolute http(s) URL for `url` on the site, or undefined for anything else (javascript:, data:). */
export function absoluteUrl(url: string | null | undefined, siteUrl: string): string | undefined {
  if (!url) return undefined;
  try {
    const resolved = new URL(url, `${siteUrl}/`);
    return /^https?:$/.test(resolved.protocol) ? resolved.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An article's page (/article/{id}, and the news remote's /news, /insights and /analysis/{id}): its image,
 * Open Graph article block, NewsArticle and BreadcrumbList (home › category › article), and its hero image
 * preloaded (the largest element of the rendered page: frontends/ui HeroImage, same URL).
 */
export const describeArticle: PageDescriber = (head, page) => {
  if (head.status !== undefined && head.status !== 200) return undefined;
  const id = decodeURIComponent(page.pathname.split('/').filter(Boolean)[1] ?? '');
  const article = findAnswer<ArticleDetailResponse>(page.client, articlePath(id))?.article;
  if (!article) return undefined;
  const url = `${page.siteUrl}${head.canonical ?? page.pathname}`;
  const image = absoluteUrl(article.imageUrl, page.siteUrl) ?? `${page.siteUrl}${DEFAULT_IMAGE_PATH}`;
  const section = article.primaryCategory ? CATEGORY_NAMES[article.primaryCategory] : undefined;
  return {
    ogType: 'article',
    image,
    article: {
      publishedTime: article.publishedAt,
      ...(article.updatedAt ? { modifiedTime: article.updatedAt } : {}),
      ...(section ? { section } : {}),
      tags: article.tags.map((tag) => tag.name),
    },
    jsonLd: [newsArticleData(article, url, image, page.siteUrl), breadcrumbData(article, url, page.siteUrl)],
    ...(article.imageUrl ? { preloadImage: article.imageUrl } : {}),
  };
};

function newsArticleData(article: Article, url: string, image: string, siteUrl: string) {
  const author = article.originalArticle?.author;
  const section = article.primaryCategory ? CATEGORY_NAMES[article.primaryCategory] : undefined;
  return {
    '@context': CONTEXT,
    '@type': 'NewsArticle',
    headline: shortDescription(article.title, HEADLINE_LENGTH),
    description: shortDescription(article.summary),
    image: [image],
    datePublished: article.publishedAt,
    dateModified: article.updatedAt || article.publishedAt,
    inLanguage: 'ko-KR',
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    author: author ? { '@type': 'Person', name: author } : publisherData(siteUrl),
    publisher: publisherData(siteUrl),
    ...(section ? { articleSection: section } : {}),
    ...(article.tags.length ? { keywords: article.tags.map((tag) => tag.name).join(', ') } : {}),
    // The source a Korean article was translated and reworked from.
    ...(article.originalArticle ? { isBasedOn: article.originalArticle.sourceUrl } : {}),
  };
}

function breadcrumbData(article: Article, url: string, siteUrl: string) {
  const trail = [{ name: '홈', item: `${siteUrl}/` }];
  if (article.primaryCategory)
    trail.push({
      name: CATEGORY_NAMES[article.primaryCategory],
      item: `${siteUrl}/category/${article.primaryCategory}`,
    });
  trail.push({ name: shortDescription(article.title, HEADLINE_LENGTH), item: url });
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((entry, index) => ({ '@type': 'ListItem', position: index + 1, ...entry })),
  };
}

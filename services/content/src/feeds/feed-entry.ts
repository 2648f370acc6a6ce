import { CATEGORY_DEFINITIONS, type ContentType } from '@pulse/contracts';
import type { ArticleRecord } from '../articles/article.record';
import { cleanText } from './xml';

/** Publisher name in every feed (seed 000: the site is 펄스), and the Google News publication name. */
export const PUBLICATION_NAME = '펄스';
export const SITE_TAGLINE = 'AI·블록체인 전문 미디어';
export const SITE_DESCRIPTION = '생성형 AI, 블록체인, 빅테크 소식을 한국어로 전하는 AI·블록체인 전문 미디어';
export const FEED_LANGUAGE = 'ko';

/**
 * One reader URL per article, the one the gateway calls canonical: /article/{id} for news (docs/spec-content.md §2:
 * trending links there too), /insights/{id} and /analysis/{id} for the other types' own screens.
 */
const READER_PATHS: Readonly<Record<ContentType, string>> = {
  news: '/article/',
  insight: '/insights/',
  analysis: '/analysis/',
};

export const articlePath = (type: ContentType, id: string): string =>
  `${READER_PATHS[type]}${encodeURIComponent(id)}`;

/** `path` (site-relative or absolute) as an absolute URL on the public origin. */
export const absoluteUrl = (siteUrl: string, path: string): string => new URL(path, `${siteUrl}/`).toString();

/** What every feed format says about one article; text already cleaned of characters feeds cannot carry. */
export interface FeedEntry {
  id: string;
  url: string;
  title: string;
  summary: string;
  /** Sanitised HTML body (the JSON Feed's content_html). */
  contentHtml: string;
  imageUrl: string | null;
  publishedAt: string;
  updatedAt: string;
  /** Korean category names, primary first. */
  categories: string[];
  tags: string[];
}

export function toFeedEntry(article: ArticleRecord, siteUrl: string): FeedEntry {
  const categories = [article.primaryCategory, article.secondaryCategory]
    .filter((slug) => slug !== null)
    .map((slug) => CATEGORY_DEFINITIONS[slug].name);
  return {
    id: article._id,
    url: absoluteUrl(siteUrl, articlePath(article.type, article._id)),
    title: cleanText(article.title),
    summary: cleanText(article.summary),
    contentHtml: cleanText(article.content),
    imageUrl: article.imageUrl ? absoluteUrl(siteUrl, article.imageUrl) : null,
    publishedAt: article.publishedAt,
    updatedAt: article.updatedAt,
    categories,
    tags: article.tags.map((tag) => cleanText(tag.name)),
  };
}

/** The newest updatedAt of the entries, or null for none (a feed's updated/lastBuildDate). */
export const newestUpdate = (entries: readonly { updatedAt: string }[]): string | null =>
  entries.reduce<string | null>(
    (newest, e) => (newest === null || e.updatedAt > newest ? e.updatedAt : newest),
    null,
  );

import { KOREAN_SYNONYMS, type IndexSettings, type SearchDocument } from '@pulse/platform';
import type { ArticleRecord } from '../articles/article.record';
import { articleText } from './article-text';

/**
 * What the content service puts in the search index for an article (the store keeps the article itself:
 * results are read back from it, so what readers see is never the index's possibly older copy).
 */

export const ARTICLE_INDEX = 'articles';

/**
 * The first 5,000 characters of the body: a news article's topic is in its lead, and the rest costs index
 * memory (the embedded engine holds every posting in memory) without changing which articles match.
 */
export const BODY_TEXT_MAX = 5000;

export interface ArticleSearchDocument extends SearchDocument {
  title: string;
  summary: string;
  body: string;
  /** Tag names as written, searchable. */
  tags: string[];
  /** For tag=… and the archive's NFT and Web3 categories. */
  tagSlugs: string[];
  /** Primary and secondary category: a category filter matches either. */
  categories: string[];
  type: string;
  /** Only published articles are indexed; filtered on anyway, so a missed removal never shows a draft. */
  state: string;
  /** Epoch milliseconds, for period filters and the latest sort. */
  publishedAt: number;
  /** May lag the store by CONTENT_SEARCH_REFRESH_SECONDS (ArticleIndexer.refreshCounters). */
  likesCount: number;
  views: number;
}

export const ARTICLE_INDEX_SETTINGS: IndexSettings = {
  // Priority order: a title match weighs most, then a tag, the summary, the body.
  searchable: ['title', 'tags', 'summary', 'body'],
  filterable: ['categories', 'type', 'tagSlugs', 'publishedAt', 'state'],
  sortable: ['publishedAt', 'likesCount', 'views'],
  // Only what highlights need: results are read back from the store.
  displayed: ['title', 'summary', 'body'],
  locales: { title: ['kor'], tags: ['kor'], summary: ['kor'], body: ['kor'] },
  // The maintained dictionary; articleIndexSettings adds the groups admins added.
  synonyms: KOREAN_SYNONYMS,
};

/** The article index's settings with the synonym groups admins added (search/synonyms). */
export function articleIndexSettings(added: readonly (readonly string[])[]): IndexSettings {
  return { ...ARTICLE_INDEX_SETTINGS, synonyms: [...KOREAN_SYNONYMS, ...added] };
}

/** Ids the search port stores (Meilisearch's rule); the API's id parameter allows no others either. */
const INDEXABLE_ID = /^[A-Za-z0-9_-]{1,100}$/;

export const isIndexable = (record: Pick<ArticleRecord, '_id'>): boolean => INDEXABLE_ID.test(record._id);

export function toSearchDocument(record: ArticleRecord): ArticleSearchDocument {
  return {
    id: record._id,
    title: record.title,
    summary: record.summary,
    body: articleText(record.content, BODY_TEXT_MAX),
    tags: record.tags.map((tag) => tag.name),
    tagSlugs: record.tags.map((tag) => tag.slug),
    categories: record.secondaryCategory
      ? [record.primaryCategory, record.secondaryCategory]
      : [record.primaryCategory],
    type: record.type,
    state: record.state,
    publishedAt: Date.parse(record.publishedAt),
    likesCount: record.likesCount,
    views: record.views,
  };
}

/** The counters the index holds, as one comparable value. */
export const countersOf = (record: Pick<ArticleRecord, 'likesCount' | 'views'>): string =>
  `${record.likesCount}:${record.views}`;

import type { Story, StoryEntry } from '@pulse/contracts';
import type { ArticleRecord } from '../articles/article.record';

/** Where each content type is read on the site (the news remote's sections). */
const SECTION_OF_TYPE: Record<ArticleRecord['type'], string> = {
  news: 'news',
  insight: 'insights',
  analysis: 'analysis',
};

const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

/** One entry per source of the article (the sources a reader can open), or one without a source if none. */
function entriesOf(record: ArticleRecord): StoryEntry[] {
  const article = {
    articleId: record._id,
    articleType: record.type,
    articlePath: `/${SECTION_OF_TYPE[record.type]}/${encodeURIComponent(record._id)}`,
    title: record.title,
    summary: record.summary,
  };
  const sources = record.originalSources.filter((source) => isWebAddress(source.sourceUrl));
  if (sources.length === 0)
    return [
      { ...article, sourceName: null, sourceUrl: null, sourceTitle: null, publishedAt: record.publishedAt },
    ];
  return sources.map((source) => ({
    ...article,
    sourceName: source.sourceName || null,
    sourceUrl: source.sourceUrl,
    sourceTitle: source.title || null,
    // The source's own date places its coverage on the timeline; our publication stands in when it had none.
    publishedAt: source.publishedAt ?? record.publishedAt,
  }));
}

/** Newest first; ties in a fixed order, so the same story always reads the same. */
function byTimeNewestFirst(a: StoryEntry, b: StoryEntry): number {
  if (a.publishedAt !== b.publishedAt) return a.publishedAt < b.publishedAt ? 1 : -1;
  const [left, right] = [`${a.articleId}\n${a.sourceUrl ?? ''}`, `${b.articleId}\n${b.sourceUrl ?? ''}`];
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * A story from its published articles, newest first as the repository reads them (at least one). Its
 * title is the first article's: a story keeps the name it started with while sources join it.
 */
export function toStory(id: string, records: readonly ArticleRecord[]): Story {
  const entries = records.flatMap(entriesOf).sort(byTimeNewestFirst);
  const first = records[records.length - 1];
  const named = new Set(entries.flatMap((entry) => (entry.sourceName ? [entry.sourceName] : [])));
  return {
    id,
    title: first.title,
    firstSeenAt: entries[entries.length - 1].publishedAt,
    articleCount: records.length,
    sourceCount: named.size,
    entries,
  };
}

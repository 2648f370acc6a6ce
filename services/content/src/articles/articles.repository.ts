import { Inject, Injectable } from '@nestjs/common';
import type {
  ArchiveCategory,
  ArchiveQuery,
  CategoryFilter,
  CategorySlug,
  CategorySort,
  EventEnvelope,
  SearchPageQuery,
} from '@pulse/contracts';
import {
  DOCUMENT_STORE,
  DuplicateKeyError,
  excludeOutbox,
  OUTBOX,
  OutboxWriter,
  type Collection,
  type DocumentStore,
  type Filter,
  type SortSpec,
  type UpdateSpec,
} from '@pulse/platform';
import { ARCHIVE_TAG_SLUGS, periodStart, STORE_SORTS } from '../search/search-filters';
import { CATEGORY_SORT_SPECS, startOfSeoulDay } from './article-queries';
import type { ArticleRecord } from './article.record';
import { tagSlug } from './tag-slug';

export const ARTICLES_COLLECTION = 'articles';

/** Only what readers may see. Every public read goes through this. */
export const PUBLISHED: Filter = { state: 'published' };

/** Insights an editor wrote: see authoredInsightsPage. */
const AUTHORED: Filter = {
  type: 'insight',
  sourceVersion: null,
  state: { $in: ['draft', 'published', 'withdrawn'] },
};

/**
 * Storage of articles. Writes that imply events (article.published, article.engaged) carry them in the
 * same write (the outbox); filters come from validated input only (store port's injection rule).
 */
@Injectable()
export class ArticlesRepository {
  private readonly articles: Collection<ArticleRecord>;

  constructor(
    @Inject(DOCUMENT_STORE) store: DocumentStore,
    @Inject(OUTBOX) private readonly outbox: OutboxWriter,
  ) {
    outbox.register(ARTICLES_COLLECTION);
    this.articles = store.collection<ArticleRecord>(ARTICLES_COLLECTION, {
      indexes: [
        // The news and insights lists, the feeds and the archive: newest of a type first.
        { key: { state: 1, type: 1, publishedAt: -1 } },
        { key: { state: 1, publishedAt: -1 } },
        // The hot tab.
        { key: { state: 1, isHotTopic: 1, hotScore: -1 } },
        // Category pages (primary or secondary) and related articles.
        { key: { state: 1, primaryCategory: 1, publishedAt: -1 } },
        { key: { state: 1, secondaryCategory: 1, publishedAt: -1 } },
        { key: { 'tags.slug': 1 } },
        // A story's timeline: its published articles, newest first.
        { key: { storyId: 1, state: 1, publishedAt: -1 } },
      ],
    });
  }

  findById(id: string): Promise<ArticleRecord | null> {
    return this.articles.findOne({ _id: id }, { projection: excludeOutbox() });
  }

  findPublished(id: string): Promise<ArticleRecord | null> {
    return this.articles.findOne({ _id: id, ...PUBLISHED }, { projection: excludeOutbox() });
  }

  /** Whether the article exists and was withdrawn by an editor (its reader answer is 410, not 404). */
  async isWithdrawn(id: string): Promise<boolean> {
    return (await this.articles.countDocuments({ _id: id, state: 'withdrawn' })) > 0;
  }

  /** The published articles of a story, newest first, at most `limit`. */
  storyArticles(storyId: string, limit: number): Promise<ArticleRecord[]> {
    return this.list({ ...PUBLISHED, storyId }, { publishedAt: -1 }, 0, limit);
  }

  /** The newest published articles of a type. */
  newest(type: ArticleRecord['type'], skip: number, limit: number): Promise<ArticleRecord[]> {
    return this.list({ ...PUBLISHED, type }, { publishedAt: -1 }, skip, limit);
  }

  /**
   * One page of the insights an editor wrote (not translated ones, whose next re-translation would
   * overwrite an edit; not held ones) in `state` ('all' for both), last edited first, with its size.
   */
  async authoredInsightsPage(
    state: 'draft' | 'published' | 'withdrawn' | 'all',
    skip: number,
    limit: number,
  ): Promise<{ total: number; records: ArticleRecord[] }> {
    const filter: Filter = { ...AUTHORED, ...(state === 'all' ? {} : { state }) };
    const [total, records] = await Promise.all([
      this.articles.countDocuments(filter),
      this.list(filter, { updatedAt: -1 }, skip, limit),
    ]);
    return { total, records };
  }

  /** The hot news, by hotScore. */
  hotNews(skip: number, limit: number): Promise<ArticleRecord[]> {
    return this.list(
      { ...PUBLISHED, type: 'news', isHotTopic: true },
      { hotScore: -1, publishedAt: -1 },
      skip,
      limit,
    );
  }

  /** One page of a category (primary or secondary), narrowed by `filter`, with the list's size. */
  async categoryPage(
    slug: CategorySlug,
    filter: CategoryFilter,
    sort: CategorySort,
    now: number,
    skip: number,
    limit: number,
  ): Promise<{ records: ArticleRecord[]; total: number }> {
    const where = categoryFilter(slug, filter, now);
    const [records, total] = await Promise.all([
      this.list(where, CATEGORY_SORT_SPECS[sort], skip, limit),
      this.articles.countDocuments(where),
    ]);
    return { records, total };
  }

  /** Published articles of the same primary category or sharing a tag, newest first, the article excluded. */
  relatedCandidates(article: ArticleRecord, limit: number): Promise<ArticleRecord[]> {
    return this.list(
      {
        ...PUBLISHED,
        _id: { $ne: article._id },
        $or: [
          { primaryCategory: article.primaryCategory },
          { 'tags.slug': { $in: article.tags.map((tag) => tag.slug) } },
        ],
      },
      { publishedAt: -1 },
      0,
      limit,
    );
  }

  /** Published articles sharing a tag slug, published since `since`, newest first, one article excluded. */
  publishedSharingTags(
    excludeId: string,
    tagSlugs: string[],
    since: string,
    limit: number,
  ): Promise<ArticleRecord[]> {
    return this.list(
      { ...PUBLISHED, _id: { $ne: excludeId }, 'tags.slug': { $in: tagSlugs }, publishedAt: { $gte: since } },
      { publishedAt: -1 },
      0,
      limit,
    );
  }

  /** The published articles among `ids`, in id order. */
  findPublishedByIds(ids: string[]): Promise<ArticleRecord[]> {
    return this.list({ ...PUBLISHED, _id: { $in: ids } }, { _id: 1 }, 0, undefined);
  }

  /** One page of the archive (no text query) and its size; a page past the end is not read. */
  archivePage(query: ArchiveQuery, now: number, page: number, size: number) {
    return this.page(archiveStoreQuery(query, now), page, size);
  }

  /** One page of a tag's articles (/search?tag=… without q) and its size. */
  tagPage(query: SearchPageQuery & { tag: string }, now: number, page: number, size: number) {
    return this.page(tagPageStoreQuery(query, now), page, size);
  }

  countPublished(): Promise<number> {
    return this.articles.countDocuments(PUBLISHED);
  }

  /** Published articles with an id after `afterId`, in id order (a batch of a full scan). */
  publishedAfter(afterId: string, limit: number): Promise<ArticleRecord[]> {
    return this.list({ ...PUBLISHED, _id: { $gt: afterId } }, { _id: 1 }, 0, limit);
  }

  /** Articles not published (drafts, held) with an id after `afterId`, in id order. */
  unpublishedAfter(afterId: string, limit: number): Promise<ArticleRecord[]> {
    return this.list({ state: { $ne: 'published' }, _id: { $gt: afterId } }, { _id: 1 }, 0, limit);
  }

  /** Only the counters of published articles with an id after `afterId`, in id order. */
  publishedCountersAfter(afterId: string, limit: number) {
    return this.articles.aggregate<Pick<ArticleRecord, '_id' | 'likesCount' | 'views'>>([
      { $match: { ...PUBLISHED, _id: { $gt: afterId } } },
      { $sort: { _id: 1 } },
      { $limit: limit },
      { $project: { likesCount: 1, views: 1 } },
    ]);
  }

  /** Articles still listing an engagement op id, in id order. */
  withEngagementOps(limit: number): Promise<Array<ArticleRecord & { engagementOps?: string[] }>> {
    return this.list({ 'engagementOps.0': { $exists: true } }, { _id: 1 }, 0, limit);
  }

  /** Inserts a new article with its events; false when the id exists (nothing written or emitted). */
  async insert(record: ArticleRecord, events: readonly EventEnvelope[]): Promise<boolean> {
    try {
      await this.outbox.insertOne(this.articles, record, events);
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  /**
   * Sets `changes` with its events while the article still has the `expected` field values the caller
   * read (its version: updatedAt, sourceVersion…), so a lost race writes and emits nothing; true when
   * it matched.
   */
  async updateIfUnchanged(
    id: string,
    expected: Partial<ArticleRecord>,
    changes: Partial<Omit<ArticleRecord, '_id'>>,
    events: readonly EventEnvelope[] = [],
  ): Promise<boolean> {
    return this.update({ ...expected, _id: id }, { $set: changes }, events);
  }

  /** Stores trending's scores unless newer ones (computed later) are there already; true when written. */
  applyScores(
    id: string,
    scores: Pick<ArticleRecord, 'hotScore' | 'viewsPerHour' | 'isHotTopic'>,
    computedAt: string,
  ): Promise<boolean> {
    return this.update(
      { _id: id, $or: [{ scoresComputedAt: null }, { scoresComputedAt: { $lt: computedAt } }] },
      { $set: { ...scores, scoresComputedAt: computedAt } },
    );
  }

  /**
   * Adds `increments` to a published article's counters and remembers `opId` on it, with its events, in
   * one write: the op is applied once (not when the article lists it already), and a decrement never
   * takes likesCount below 0. The article after the change, or null when nothing was applied.
   */
  applyEngagementOp(
    id: string,
    opId: string,
    increments: Record<string, number>,
    events: readonly EventEnvelope[],
  ): Promise<(ArticleRecord & { engagementOps?: string[] }) | null> {
    const decrementsLikes = (increments.likesCount ?? 0) < 0;
    return this.findOneAndUpdate(
      {
        _id: id,
        ...PUBLISHED,
        engagementOps: { $ne: opId },
        ...(decrementsLikes ? { likesCount: { $gt: 0 } } : {}),
      },
      { $inc: increments, $push: { engagementOps: opId } },
      events,
    );
  }

  /** Forgets an engagement op id the article lists (its marker is settled). */
  async releaseEngagementOp(id: string, opId: string): Promise<void> {
    await this.update({ _id: id }, { $pull: { engagementOps: opId } });
  }

  /** Counts a share on a published article with its event; the article after it, or null when not published. */
  countShare(
    id: string,
    platform: string,
    sns: boolean,
    events: readonly EventEnvelope[],
  ): Promise<ArticleRecord | null> {
    return this.findOneAndUpdate(
      { _id: id, ...PUBLISHED },
      { $inc: { sharesCount: 1, [`sharesByPlatform.${platform}`]: 1, ...(sns ? { snsShareCount: 1 } : {}) } },
      events,
    );
  }

  private list(
    filter: Filter,
    sort: SortSpec,
    skip: number,
    limit: number | undefined,
  ): Promise<ArticleRecord[]> {
    return this.articles.find(filter, {
      sort,
      ...(skip > 0 ? { skip } : {}),
      ...(limit === undefined ? {} : { limit }),
      projection: excludeOutbox(),
    });
  }

  private async page({ filter, sort }: StoreQuery, page: number, size: number) {
    const total = await this.articles.countDocuments(filter);
    const skip = (page - 1) * size;
    const records = skip < total ? await this.list(filter, sort, skip, size) : [];
    return { records, total };
  }

  /** Applies `update` with its events where `filter` (naming `_id`) matches; true when it matched. */
  private async update(
    filter: Filter & { _id: string },
    update: UpdateSpec,
    events: readonly EventEnvelope[] = [],
  ) {
    const { matched } = events.length
      ? await this.outbox.updateOne(this.articles, filter, update, events)
      : await this.articles.updateOne(filter, update);
    return matched === 1;
  }

  /** Updates and returns the article after the change, or null when the filter matched nothing. */
  private findOneAndUpdate(
    filter: Filter & { _id: string },
    update: UpdateSpec,
    events: readonly EventEnvelope[] = [],
  ): Promise<ArticleRecord | null> {
    return this.outbox.findOneAndUpdate<ArticleRecord>(this.articles, filter, update, events, {
      returnDocument: 'after',
    });
  }
}

const DAY_MS = 86_400_000;

/** Filters built only from validated enum values (store port's injection rule). */
function categoryFilter(slug: CategorySlug, filter: CategoryFilter, now: number): Filter {
  const clauses: Filter[] = [PUBLISHED, { $or: [{ primaryCategory: slug }, { secondaryCategory: slug }] }];
  if (filter === 'today') clauses.push({ publishedAt: { $gte: startOfSeoulDay(now) } });
  if (filter === 'week') clauses.push({ publishedAt: { $gte: new Date(now - 7 * DAY_MS).toISOString() } });
  if (filter === 'month') clauses.push({ publishedAt: { $gte: new Date(now - 30 * DAY_MS).toISOString() } });
  if (filter === 'with-image') clauses.push({ imageUrl: { $ne: null } });
  return { $and: clauses };
}

/** The archive category as a store filter: primary or secondary category, or one of the tag slugs. */
export function archiveStoreFilter(category: ArchiveCategory): Filter {
  if (category === 'all') return {};
  if (category === 'nft' || category === 'web3')
    return { 'tags.slug': { $in: [...ARCHIVE_TAG_SLUGS[category]] } };
  return categoryStoreFilter(category);
}

/** An article category as a store filter: primary or secondary. */
const categoryStoreFilter = (category: CategorySlug): Filter => ({
  $or: [{ primaryCategory: category }, { secondaryCategory: category }],
});

/**
 * Lists without a text query read the article store directly (its indexes serve them, and its counters
 * are always current): the archive without q, and the search page opened for a tag alone.
 */
interface StoreQuery {
  filter: Filter;
  sort: SortSpec;
}

const since = (start: number | undefined): Filter =>
  start === undefined ? {} : { publishedAt: { $gte: new Date(start).toISOString() } };

function archiveStoreQuery(query: ArchiveQuery, now: number): StoreQuery {
  return {
    filter: {
      ...PUBLISHED,
      ...archiveStoreFilter(query.category),
      ...since(periodStart(query.timeframe, now)),
    },
    sort: STORE_SORTS[query.sort],
  };
}

/** /search?tag=…: the tag's articles (by slug, so a name or a slug finds them), newest first by default. */
function tagPageStoreQuery(query: SearchPageQuery & { tag: string }, now: number): StoreQuery {
  const sort = query.sort === undefined || query.sort === 'relevance' ? 'latest' : query.sort;
  return {
    filter: {
      ...PUBLISHED,
      'tags.slug': tagSlug(query.tag),
      ...(query.category ? categoryStoreFilter(query.category) : {}),
      ...(query.type ? { type: query.type } : {}),
      ...since(periodStart(query.period, now)),
    },
    sort: STORE_SORTS[sort],
  };
}

import { isDeepStrictEqual } from 'node:util';
import { Inject, Injectable } from '@nestjs/common';
import type { ArticlePublishedPayload, ContentType, TechAnalysisPublishedPayload } from '@pulse/contracts';
import {
  DOCUMENT_STORE,
  type Collection,
  type DocumentStore,
  type Filter,
  type SortSpec,
} from '@pulse/platform';
import type { TrendingArticleRecord } from './trending-article.record';

const COLLECTION = 'trending_articles';
const HOTTEST: SortSpec = { hotScore: -1, publishedAt: -1 };

export type ArticleScores = Pick<
  TrendingArticleRecord,
  'hotScore' | 'viewsPerHour' | 'isHotTopic' | 'rising' | 'recentViews'
>;

export interface Counters {
  views?: number;
  likes?: number;
  shares?: number;
  snsShares?: number;
  /** What the rigging filter took off (EngagementFilter); absent on articles it never discounted. */
  discountedViews?: number;
  discountedLikes?: number;
  discountedShares?: number;
}

const ZERO = { views: 0, likes: 0, shares: 0, snsShares: 0 };
/**
 * Batch applies remembered per article. Only an apply that died before finishing is ever looked up,
 * and its redelivery comes before that article's partition moves on by more than a few batches.
 */
const APPLIED_BATCHES_KEPT = 20;
const NO_SCORES: ArticleScores = {
  hotScore: 0,
  viewsPerHour: 0,
  isHotTopic: false,
  rising: false,
  recentViews: 0,
};

/** Articles with their durable engagement totals and last scores. */
@Injectable()
export class TrendingArticlesRepository {
  private readonly articles: Collection<TrendingArticleRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.articles = store.collection<TrendingArticleRecord>(COLLECTION, {
      indexes: [
        // Popular, stats and the recompute: articles published since a date.
        { key: { publishedAt: -1 } },
        // Hot topics: highest score first.
        { key: { hotScore: -1 } },
        // Rising: the flagged ones.
        { key: { rising: 1, recentViews: -1 } },
      ],
    });
  }

  /** Stores or refreshes the list-item metadata; engagement that arrived first is kept. */
  upsertPublished(article: ArticlePublishedPayload, now: string): Promise<void> {
    const { id, ...metadata } = article;
    return this.upsertListing(id, metadata, now);
  }

  /** The same for a tech analysis, marked as one so it is listed with its own page. */
  upsertTechAnalysis(analysis: TechAnalysisPublishedPayload, now: string): Promise<void> {
    const { id, ...metadata } = analysis;
    return this.upsertListing(id, { ...metadata, kind: 'tech-analysis' }, now);
  }

  /**
   * Takes an article off every list: its withdrawal is kept unless the article was published again after
   * it (article.published and article.withdrawn are two topics, so either may come first). An article not
   * known yet keeps the withdrawal for its article.published to meet.
   */
  async markWithdrawn(id: string, withdrawnAt: string): Promise<void> {
    const result = await this.articles.updateOne(
      { _id: id, $or: [{ publishedAt: { $exists: false } }, { publishedAt: { $lte: withdrawnAt } }] },
      { $max: { withdrawnAt } },
    );
    if (result.matched > 0) return;
    await this.articles.updateOne(
      { _id: id },
      { $setOnInsert: { ...ZERO, ...NO_SCORES, withdrawnAt, updatedAt: withdrawnAt } },
      { upsert: true },
    );
  }

  private async upsertListing(id: string, metadata: Record<string, unknown>, now: string): Promise<void> {
    // A re-sent identical article.published must change nothing, not even updatedAt (idempotent consumer).
    const current = await this.articles.findOne({ _id: id });
    if (
      current &&
      Object.entries(metadata).every(([key, value]) =>
        isDeepStrictEqual((current as unknown as Record<string, unknown>)[key], value),
      )
    ) {
      return;
    }
    await this.articles.updateOne(
      { _id: id },
      { $set: { ...metadata, updatedAt: now }, $setOnInsert: { ...ZERO, ...NO_SCORES } },
      { upsert: true },
    );
    // Published again after a withdrawal: listed again. A withdrawal later than this publication stays.
    if (typeof metadata.publishedAt === 'string')
      await this.articles.updateOne(
        { _id: id, withdrawnAt: { $lt: metadata.publishedAt } },
        { $unset: { withdrawnAt: '' } },
      );
  }

  /**
   * Adds one batch apply's totals to an article and records the apply in the same single-document
   * update, so the counters and the record of having applied them cannot part (no transactions needed).
   * With `likesWere` (a batch with unlikes, whose likes were folded from that count so they never go
   * below 0) the update applies only while likes still equal it; false then means re-read and retry.
   */
  async applyBatch(
    id: string,
    by: Counters,
    at: string,
    batch: string,
    likesWere?: number,
  ): Promise<boolean> {
    const inc = Object.fromEntries(Object.entries(by).filter(([, value]) => value !== 0));
    const result = await this.articles.updateOne(
      likesWere === undefined ? { _id: id } : { _id: id, likes: likesWere },
      {
        ...(Object.keys(inc).length > 0 ? { $inc: inc } : {}),
        $max: { lastEngagedAt: at },
        $set: { updatedAt: at },
        $push: { appliedBatches: { $each: [batch], $slice: -APPLIED_BATCHES_KEPT } },
        $setOnInsert: { ...NO_SCORES, ...this.zeroExcept(inc) },
      },
      { upsert: likesWere === undefined },
    );
    return result.matched > 0 || result.upsertedId !== undefined;
  }

  /** Each article's likes and the batch applies it took (absent articles are left out). */
  async batchStateOf(
    ids: string[],
  ): Promise<Map<string, { likes: number; discountedLikes: number; appliedBatches: string[] }>> {
    const found = await this.articles.find<
      Pick<TrendingArticleRecord, '_id' | 'likes' | 'discountedLikes' | 'appliedBatches'>
    >({ _id: { $in: ids } }, { projection: { _id: 1, likes: 1, discountedLikes: 1, appliedBatches: 1 } });
    return new Map(
      found.map((article) => [
        article._id,
        {
          likes: article.likes ?? 0,
          discountedLikes: article.discountedLikes ?? 0,
          appliedBatches: article.appliedBatches ?? [],
        },
      ]),
    );
  }

  /** Published articles since `since` (all of them when null), for the recompute and the stats. */
  publishedSince(since: string | null, type?: ContentType): Promise<TrendingArticleRecord[]> {
    return this.articles.find(this.published(since, type), { sort: { publishedAt: -1 } });
  }

  findByIds(ids: string[]): Promise<TrendingArticleRecord[]> {
    return this.articles.find({ _id: { $in: ids } });
  }

  /** Highest hotScore first among published articles with any score. */
  hottest(limit: number, type?: ContentType): Promise<TrendingArticleRecord[]> {
    return this.listPublished({ hotScore: { $gt: 0 }, ...(type ? { type } : {}) }, HOTTEST, limit);
  }

  /** Highest hotScore first among every published article, scored or not (the admin's figures). */
  hottestIncludingUnscored(limit: number): Promise<TrendingArticleRecord[]> {
    return this.listPublished({}, HOTTEST, limit);
  }

  /**
   * Published since `since`, most viewed first, then most liked, by the counted figures (raw minus what
   * the rigging filter took off, as the hot score counts them): a burst from one network or from brand-new
   * sessions does not buy the top of the list. The records keep their raw views for readers to see.
   */
  mostViewedSince(since: string, limit: number, type?: ContentType): Promise<TrendingArticleRecord[]> {
    return this.articles.aggregate<TrendingArticleRecord>([
      { $match: this.listed({ publishedAt: { $gte: since }, ...(type ? { type } : {}) }) },
      {
        $addFields: {
          countedViews: { $subtract: ['$views', { $ifNull: ['$discountedViews', 0] }] },
          countedLikes: { $subtract: ['$likes', { $ifNull: ['$discountedLikes', 0] }] },
        },
      },
      // _id last, as the store's finds break ties: the same data lists in the same order every time.
      { $sort: { countedViews: -1, countedLikes: -1, publishedAt: -1, _id: 1 } },
      { $limit: limit },
      { $project: { countedViews: 0, countedLikes: 0 } },
    ]);
  }

  /** Rising at the last recompute, most views in the last 30 minutes first. */
  rising(limit: number): Promise<TrendingArticleRecord[]> {
    return this.listPublished({ rising: true }, { recentViews: -1, viewsPerHour: -1 }, limit);
  }

  async saveScores(id: string, scores: ArticleScores): Promise<void> {
    await this.articles.updateOne({ _id: id }, { $set: scores });
  }

  private listPublished(filter: Filter, sort: SortSpec, limit: number): Promise<TrendingArticleRecord[]> {
    return this.articles.find(this.listed(filter), { sort, limit });
  }

  /** `filter`, among the published articles no editor withdrew. */
  private listed(filter: Filter): Filter {
    return { $and: [filter, { publishedAt: { $exists: true } }, { withdrawnAt: { $exists: false } }] };
  }

  /** Published (since a date) and not withdrawn since. */
  private published(since: string | null, type?: ContentType): Filter {
    return {
      publishedAt: since === null ? { $exists: true } : { $gte: since },
      withdrawnAt: { $exists: false },
      ...(type ? { type } : {}),
    };
  }

  /** $setOnInsert and $inc may not name the same field. */
  private zeroExcept(by: Counters): Record<string, number> {
    return Object.fromEntries(Object.entries(ZERO).filter(([field]) => !(field in by)));
  }
}

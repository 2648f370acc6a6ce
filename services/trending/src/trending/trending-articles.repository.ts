import { isDeepStrictEqual } from 'node:util';
import { Inject, Injectable } from '@nestjs/common';
import type { ArticlePublishedPayload, ContentType } from '@pulse/contracts';
import {
  DOCUMENT_STORE,
  type Collection,
  type DocumentStore,
  type Filter,
  type SortSpec,
} from '@pulse/platform';
import type { TrendingArticleRecord } from './trending-article.entity';

const COLLECTION = 'trending_articles';

export type ArticleScores = Pick<
  TrendingArticleRecord,
  'hotScore' | 'viewsPerHour' | 'isHotTopic' | 'rising' | 'recentViews'
>;

export interface Counters {
  views?: number;
  likes?: number;
  shares?: number;
  snsShares?: number;
}

const ZERO = { views: 0, likes: 0, shares: 0, snsShares: 0 };
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
  async upsertPublished(article: ArticlePublishedPayload, now: string): Promise<void> {
    const { id, ...metadata } = article;
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
  }

  /** Adds to the totals, creating the article's record if engagement came before article.published. */
  async increment(id: string, by: Counters, at: string): Promise<void> {
    await this.articles.updateOne(
      { _id: id },
      {
        $inc: by as Record<string, number>,
        $max: { lastEngagedAt: at },
        $set: { updatedAt: at },
        $setOnInsert: { ...NO_SCORES, ...this.zeroExcept(by) },
      },
      { upsert: true },
    );
  }

  /** One like fewer, never below 0: the filter makes it a no-op at 0. */
  async decrementLikes(id: string, at: string): Promise<void> {
    await this.articles.updateOne(
      { _id: id, likes: { $gt: 0 } },
      { $inc: { likes: -1 }, $max: { lastEngagedAt: at }, $set: { updatedAt: at } },
    );
  }

  /** Published articles since `since` (all of them when null), for the recompute and the stats. */
  publishedSince(since: string | null, type?: ContentType): Promise<TrendingArticleRecord[]> {
    return this.articles.find(this.published(since, type), { sort: { publishedAt: -1 } });
  }

  findByIds(ids: string[]): Promise<TrendingArticleRecord[]> {
    return this.articles.find({ _id: { $in: ids } });
  }

  list(filter: Filter, sort: SortSpec, limit: number): Promise<TrendingArticleRecord[]> {
    return this.articles.find({ $and: [filter, { publishedAt: { $exists: true } }] }, { sort, limit });
  }

  async saveScores(id: string, scores: ArticleScores): Promise<void> {
    await this.articles.updateOne({ _id: id }, { $set: scores });
  }

  private published(since: string | null, type?: ContentType): Filter {
    return {
      publishedAt: since === null ? { $exists: true } : { $gte: since },
      ...(type ? { type } : {}),
    };
  }

  /** $setOnInsert and $inc may not name the same field. */
  private zeroExcept(by: Counters): Record<string, number> {
    return Object.fromEntries(Object.entries(ZERO).filter(([field]) => !(field in by)));
  }
}

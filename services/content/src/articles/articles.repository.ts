import { Inject, Injectable } from '@nestjs/common';
import type { EventEnvelope } from '@pulse/contracts';
import {
  DOCUMENT_STORE,
  DuplicateKeyError,
  excludeOutbox,
  OUTBOX,
  OutboxWriter,
  type Collection,
  type DocumentStore,
  type Filter,
  type PipelineStage,
  type SortSpec,
  type UpdateSpec,
} from '@pulse/platform';
import type { ArticleRecord } from './article.record';

export const ARTICLES_COLLECTION = 'articles';

/** Only what readers may see. Every public read goes through this. */
export const PUBLISHED: Filter = { state: 'published' };

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
      ],
    });
  }

  findById(id: string): Promise<ArticleRecord | null> {
    return this.articles.findOne({ _id: id }, { projection: excludeOutbox() });
  }

  findPublished(id: string): Promise<ArticleRecord | null> {
    return this.articles.findOne({ _id: id, ...PUBLISHED }, { projection: excludeOutbox() });
  }

  find(filter: Filter, options: { sort: SortSpec; skip?: number; limit?: number }): Promise<ArticleRecord[]> {
    return this.articles.find(filter, { ...options, projection: excludeOutbox() });
  }

  count(filter: Filter): Promise<number> {
    return this.articles.countDocuments(filter);
  }

  aggregate<R>(pipeline: PipelineStage[]): Promise<R[]> {
    return this.articles.aggregate<R>(pipeline);
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
   * Applies `update` with its events where `filter` (which must name `_id`) matches; true when it
   * matched. The filter carries the precondition (a version, a counter above 0), so a lost race writes
   * and emits nothing.
   */
  async update(filter: Filter & { _id: string }, update: UpdateSpec, events: readonly EventEnvelope[] = []) {
    const { matched } = events.length
      ? await this.outbox.updateOne(this.articles, filter, update, events)
      : await this.articles.updateOne(filter, update);
    return matched === 1;
  }

  /** Updates and returns the article after the change, or null when the filter matched nothing. */
  findOneAndUpdate(
    filter: Filter & { _id: string },
    update: UpdateSpec,
    events: readonly EventEnvelope[] = [],
  ): Promise<ArticleRecord | null> {
    return this.outbox.findOneAndUpdate<ArticleRecord>(this.articles, filter, update, events, {
      returnDocument: 'after',
    });
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, type Collection, type DocumentStore } from '@pulse/platform';
import type { ArticleRecord } from '../articles/article.record';
import { ARTICLES_COLLECTION, PUBLISHED } from '../articles/articles.repository';

/** A source's items behind articles published in Korean: both times, one pair per article. */
export interface PublicationPairs {
  _id: string;
  pairs: { source: string; korean: string }[];
}

/** Counts over published articles for the sources page and the sidebar, aggregated in the store. */
@Injectable()
export class ArticleStatsRepository {
  private readonly articles: Collection<ArticleRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.articles = store.collection<ArticleRecord>(ARTICLES_COLLECTION);
  }

  /**
   * Published articles per source id. An article lists each clustered source; one source appearing twice
   * in a story (two of its items merged) still counts the article once.
   */
  async countBySource(): Promise<Map<string, number>> {
    const rows = await this.articles.aggregate<{ _id: string; count: number }>([
      { $match: PUBLISHED },
      { $unwind: '$originalSources' },
      { $group: { _id: { source: '$originalSources.sourceId', article: '$_id' } } },
      { $group: { _id: '$_id.source', count: { $sum: 1 } } },
    ]);
    return new Map(rows.map((row) => [row._id, row.count]));
  }

  /** Tag slugs with a name and the number of published articles carrying them, most first. */
  countByTag(limit?: number): Promise<Array<{ _id: string; name: string; count: number }>> {
    return this.articles.aggregate([
      { $match: PUBLISHED },
      { $unwind: '$tags' },
      // Grouped by slug, the tag's identity; tags are de-duplicated by slug within an article on write.
      { $group: { _id: '$tags.slug', name: { $first: '$tags.name' }, count: { $sum: 1 } } },
      { $sort: { count: -1, _id: 1 } },
      ...(limit === undefined ? [] : [{ $limit: limit }]),
    ]);
  }

  /** Published articles; since `since` (an ISO time) when given. */
  countPublished(since?: string): Promise<number> {
    return this.articles.countDocuments(
      since === undefined ? PUBLISHED : { ...PUBLISHED, publishedAt: { $gte: since } },
    );
  }

  /**
   * Per source, the pairs (source's publication, Korean publication) of the articles whose Korean version
   * went live since `since`: one per article, the source's earliest item when a story merged two of its
   * items. Demo sample articles carry made-up times and are left out.
   */
  publicationPairsSince(since: string): Promise<PublicationPairs[]> {
    return this.articles.aggregate<PublicationPairs>([
      { $match: { ...PUBLISHED, koreanPublishedAt: { $gte: since }, sample: { $ne: true } } },
      { $unwind: '$originalSources' },
      { $match: { 'originalSources.publishedAt': { $ne: null } } },
      {
        $group: {
          _id: { source: '$originalSources.sourceId', article: '$_id' },
          sourcePublishedAt: { $min: '$originalSources.publishedAt' },
          koreanPublishedAt: { $first: '$koreanPublishedAt' },
        },
      },
      {
        $group: {
          _id: '$_id.source',
          pairs: { $push: { source: '$sourcePublishedAt', korean: '$koreanPublishedAt' } },
        },
      },
    ]);
  }
}

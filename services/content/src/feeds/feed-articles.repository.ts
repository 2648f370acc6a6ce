import { Inject, Injectable } from '@nestjs/common';
import type { CategorySlug, ContentType } from '@pulse/contracts';
import {
  DOCUMENT_STORE,
  excludeOutbox,
  type Collection,
  type DocumentStore,
  type Filter,
} from '@pulse/platform';
import type { ArticleRecord } from '../articles/article.record';
import { ARTICLES_COLLECTION, PUBLISHED } from '../articles/articles.repository';

/**
 * What feeds and sitemaps list: published articles, without the demo corpus's samples (clearly marked
 * demo content on the site, but not news to syndicate or to submit to search engines).
 */
const IN_FEEDS: Filter = { ...PUBLISHED, sample: { $ne: true } };

/** A category's articles, by primary or secondary category (as the category page lists them). */
const inCategory = (slug: CategorySlug): Filter => ({
  $and: [IN_FEEDS, { $or: [{ primaryCategory: slug }, { secondaryCategory: slug }] }],
});

/** A sitemap entry's article: where it lives and when it last changed. */
export interface ArticleStub {
  _id: string;
  type: ContentType;
  updatedAt: string;
}

/** The feeds' and sitemaps' reads of the articles (ArticlesRepository writes them). */
@Injectable()
export class FeedArticlesRepository {
  private readonly articles: Collection<ArticleRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.articles = store.collection<ArticleRecord>(ARTICLES_COLLECTION);
  }

  /** The newest articles of the feed, of one category or all. */
  newest(limit: number, category?: CategorySlug): Promise<ArticleRecord[]> {
    return this.articles.find(category ? inCategory(category) : IN_FEEDS, {
      sort: { publishedAt: -1 },
      limit,
      projection: excludeOutbox(),
    });
  }

  count(): Promise<number> {
    return this.articles.countDocuments(IN_FEEDS);
  }

  /** The news sitemap's rows: published since `since`, newest first. */
  publishedSince(
    since: string,
    limit: number,
  ): Promise<Array<ArticleStub & { title: string; publishedAt: string }>> {
    return this.articles.aggregate([
      { $match: { $and: [IN_FEEDS, { publishedAt: { $gte: since } }] } },
      { $sort: { publishedAt: -1 } },
      { $limit: limit },
      { $project: { type: 1, title: 1, publishedAt: 1, updatedAt: 1 } },
    ]);
  }

  /** A slice of every article of the feed, oldest first (a new article lands in the last sitemap file). */
  oldestFirst(skip: number, limit: number): Promise<ArticleStub[]> {
    return this.articles.aggregate<ArticleStub>([
      { $match: IN_FEEDS },
      { $sort: { publishedAt: 1 } },
      ...(skip > 0 ? [{ $skip: skip }] : []),
      { $limit: limit },
      { $project: { type: 1, updatedAt: 1 } },
    ]);
  }

  /** The updatedAt of the newest article by publication, of one category or all. */
  async newestUpdate(category?: CategorySlug): Promise<string | undefined> {
    const [row] = await this.articles.aggregate<{ updatedAt: string }>([
      { $match: category ? inCategory(category) : IN_FEEDS },
      { $sort: { publishedAt: -1 } },
      { $limit: 1 },
      { $project: { updatedAt: 1 } },
    ]);
    return row?.updatedAt;
  }
}

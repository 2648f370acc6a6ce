import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, type Collection, type DocumentStore } from '@pulse/platform';
import type { StoryArticleRecord } from './story-article.record';

/** Article → story, as article.published v2 told it: storage only. */
@Injectable()
export class StoryArticlesRepository {
  private readonly articles: Collection<StoryArticleRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.articles = store.collection<StoryArticleRecord>('community_story_articles', {
      // articlesOf: a story's articles.
      indexes: [{ key: { storyId: 1 } }],
    });
  }

  findById(articleId: string): Promise<StoryArticleRecord | null> {
    return this.articles.findOne({ _id: articleId });
  }

  async storyOf(articleId: string): Promise<string | undefined> {
    return (await this.findById(articleId))?.storyId;
  }

  /** Stores the article's story as now known; returns what was known before (null: first sight). */
  async remember(record: StoryArticleRecord): Promise<StoryArticleRecord | null> {
    return this.articles.findOneAndUpdate(
      { _id: record._id },
      {
        $set: {
          storyId: record.storyId,
          title: record.title,
          sourceUrls: record.sourceUrls,
          publishedAt: record.publishedAt,
          updatedAt: record.updatedAt,
        },
      },
      { upsert: true, returnDocument: 'before' },
    );
  }

  /** The titles of these articles as community last saw them (articles it never saw are left out). */
  async titlesOf(articleIds: readonly string[]): Promise<Map<string, string>> {
    if (articleIds.length === 0) return new Map();
    const records = await this.articles.find<Pick<StoryArticleRecord, '_id' | 'title'>>(
      { _id: { $in: [...articleIds] } },
      { projection: { _id: 1, title: 1 } },
    );
    return new Map(records.map((record) => [record._id, record.title]));
  }
}

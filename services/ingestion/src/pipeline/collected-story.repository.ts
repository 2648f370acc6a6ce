import { Inject, Injectable } from '@nestjs/common';
import type { ArticleCollectedPayload, OriginalSource } from '@pulse/contracts';
import {
  DOCUMENT_STORE,
  DuplicateKeyError,
  excludeOutbox,
  OUTBOX,
  type Collection,
  type DocumentStore,
  type OutboxWriter,
} from '@pulse/platform';

/** One story (a cluster) as collected: the record its article.collected event is written with. */
export interface CollectedStory {
  _id: string; // the clusterId
  title: string;
  sources: OriginalSource[];
  collectedAt: string;
  updatedAt: string;
}

export const COLLECTED_STORIES = 'collected_stories';

@Injectable()
export class CollectedStoryRepository {
  private readonly stories: Collection<CollectedStory>;

  constructor(
    @Inject(DOCUMENT_STORE) store: DocumentStore,
    @Inject(OUTBOX) private readonly outbox: OutboxWriter,
  ) {
    outbox.register(COLLECTED_STORIES);
    this.stories = store.collection<CollectedStory>(COLLECTED_STORIES, {
      // A source's real article count: countBySource.
      indexes: [{ key: { 'sources.sourceId': 1 } }],
    });
  }

  /**
   * Stores a new story and its article.collected event in one write (outbox/README.md). False when the
   * story already exists; then no event is stored either.
   */
  async insertWithEvent(payload: ArticleCollectedPayload): Promise<boolean> {
    const event = this.outbox.event('article.collected', payload);
    const story: CollectedStory = {
      _id: payload.clusterId,
      title: payload.title,
      sources: payload.sources,
      collectedAt: payload.collectedAt,
      updatedAt: payload.collectedAt,
    };
    try {
      await this.outbox.insertOne(this.stories, story, [event]);
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  /** Adds a near-duplicate's source to its story; a source already listed is not added twice. */
  async addSource(clusterId: string, source: OriginalSource, at: string): Promise<boolean> {
    const result = await this.stories.updateOne(
      { _id: clusterId, 'sources.canonicalUrl': { $ne: source.canonicalUrl } },
      { $push: { sources: source }, $set: { updatedAt: at } },
    );
    return result.modified === 1;
  }

  countBySource(sourceId: string): Promise<number> {
    return this.stories.countDocuments({ 'sources.sourceId': sourceId });
  }

  findById(clusterId: string): Promise<CollectedStory | null> {
    return this.stories.findOne({ _id: clusterId }, { projection: excludeOutbox() });
  }
}

import { mergeOriginalSources } from '@pulse/contracts';
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

/** The first item's English text, which every later article.collected of the story repeats. */
export type StoryText = Omit<ArticleCollectedPayload, 'clusterId' | 'sources' | 'collectedAt'>;

/** One story (a cluster) as collected: the record its article.collected events are written with. */
export interface CollectedStory {
  _id: string; // the clusterId
  title: string;
  sources: OriginalSource[];
  /** Absent on stories stored before joins were announced; a join then repeats the joining item's text. */
  text?: StoryText;
  collectedAt: string;
  updatedAt: string;
}

/** A join retries this often when another writer changes the story between its read and its write. */
const JOIN_ATTEMPTS = 5;

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
    const { clusterId, sources, collectedAt, ...text } = payload;
    const story: CollectedStory = {
      _id: clusterId,
      title: payload.title,
      sources,
      text,
      collectedAt,
      updatedAt: collectedAt,
    };
    try {
      await this.outbox.insertOne(this.stories, story, [event]);
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  /**
   * Adds a near-duplicate's source to its story and stores, in the same write, an article.collected for
   * the story: the same clusterId (its partition key orders it after the first event), the story's first
   * text, and every original source so far (de-duplicated by canonical URL, at most the contract's 50).
   * Translation merges those sources into the article without translating again. False, and nothing
   * stored, when the story is missing or already lists the source (or is full): a re-collected item
   * announces nothing new. `joining` is the item's own payload, whose text stands in only for a story
   * stored without one.
   */
  async addSourceWithEvent(
    clusterId: string,
    joining: ArticleCollectedPayload,
    at: string,
  ): Promise<boolean> {
    for (let attempt = 0; attempt < JOIN_ATTEMPTS; attempt += 1) {
      const story = await this.findById(clusterId);
      if (!story) return false;
      const sources = mergeOriginalSources(story.sources, joining.sources);
      if (sources.length === story.sources.length) return false;
      const {
        clusterId: _joiningCluster,
        sources: _joiningSources,
        collectedAt: _at,
        ...joiningText
      } = joining;
      const event = this.outbox.event('article.collected', {
        ...(story.text ?? joiningText),
        clusterId,
        sources,
        collectedAt: at,
      });
      // Conditional on the sources read: a concurrent join (another source's run) makes this one re-read.
      const { matched } = await this.outbox.updateOne(
        this.stories,
        { _id: clusterId, sources: { $size: story.sources.length } },
        { $set: { sources, updatedAt: at } },
        [event],
      );
      if (matched === 1) return true;
    }
    throw new Error(`story ${clusterId}: sources kept changing while a source joined it`);
  }

  countBySource(sourceId: string): Promise<number> {
    return this.stories.countDocuments({ 'sources.sourceId': sourceId });
  }

  findById(clusterId: string): Promise<CollectedStory | null> {
    return this.stories.findOne({ _id: clusterId }, { projection: excludeOutbox() });
  }
}

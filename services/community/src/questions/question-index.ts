import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { SEARCH_INDEX, type IndexSettings, type SearchIndex } from '@pulse/platform';
import type { QuestionRecord } from './question.record';
import { QuestionsRepository } from './questions.repository';

export const QUESTION_INDEX = 'community_questions';
/** A search is answered from at most this many matches (5 pages of 100); the README says so. */
export const MAX_SEARCH_MATCHES = 500;
const REBUILD_BATCH = 200;

const SETTINGS: IndexSettings = {
  // A title match weighs most, then a tag, then the body.
  searchable: ['title', 'tags', 'content'],
  filterable: ['state'],
  sortable: ['createdAt'],
  displayed: ['id'],
  locales: { title: ['kor'], tags: ['kor'], content: ['kor'] },
};

/**
 * The questions' search index: text only (title, tags, content), searched through the search port so
 * Korean particles and 초성 work as on articles. Counts and filters stay in the store; a search yields
 * ids, which the list then filters, sorts and pages. The store is the truth: at start the index is
 * rebuilt from it in the background (the embedded engine keeps its index in memory, and a write that failed
 * during a search outage heals there), and a failed write is logged rather than failing the post.
 */
@Injectable()
export class QuestionIndex implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('QuestionIndex');
  private stopped = false;
  private rebuilding: Promise<void> | undefined;

  constructor(
    @Inject(SEARCH_INDEX) private readonly search: SearchIndex,
    private readonly questions: QuestionsRepository,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.search.ensureIndex(QUESTION_INDEX, SETTINGS);
    this.rebuilding = this.rebuild().catch((error: unknown) =>
      this.logger.warn(`search index rebuild stopped: ${String(error)}`),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.rebuilding;
  }

  async add(question: QuestionRecord): Promise<void> {
    try {
      await this.search.upsert(QUESTION_INDEX, [toDocument(question)]);
    } catch (error) {
      this.logger.warn(
        `could not index question ${question._id} (the next start rebuilds it): ${String(error)}`,
      );
    }
  }

  private async rebuild(): Promise<void> {
    let after = '';
    while (!this.stopped) {
      const batch = await this.questions.visibleBatch(after, REBUILD_BATCH);
      if (!batch.length) return;
      await this.search.upsert(QUESTION_INDEX, batch.map(toDocument));
      after = batch[batch.length - 1]._id;
    }
  }

  /** A failed removal is logged: lists re-check state in the store, so a stale entry never shows. */
  async remove(id: string): Promise<void> {
    try {
      await this.search.remove(QUESTION_INDEX, [id]);
    } catch (error) {
      this.logger.warn(`could not remove question ${id} from the index: ${String(error)}`);
    }
  }

  async matchingIds(q: string): Promise<string[]> {
    const ids: string[] = [];
    for (let page = 1; ids.length < MAX_SEARCH_MATCHES; page += 1) {
      const result = await this.search.search(QUESTION_INDEX, { q, page, hitsPerPage: 100 });
      ids.push(...result.hits.map((hit) => hit.id));
      if (page >= result.totalPages) break;
    }
    return ids;
  }
}

const toDocument = (question: QuestionRecord) => ({
  id: question._id,
  title: question.title,
  tags: question.tags,
  content: question.content,
  state: 'visible',
  createdAt: Date.parse(question.createdAt),
});

import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { SEARCH_INDEX, type IndexSettings, type SearchIndex } from '@pulse/platform';
import type { QuestionRecord } from './question.record';

export const QUESTION_INDEX = 'community_questions';
/** A search is answered from at most this many matches (5 pages of 100); the README says so. */
export const MAX_SEARCH_MATCHES = 500;

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
 * ids, which the list then filters, sorts and pages.
 */
@Injectable()
export class QuestionIndex implements OnModuleInit {
  private readonly logger = new Logger('QuestionIndex');

  constructor(@Inject(SEARCH_INDEX) private readonly search: SearchIndex) {}

  async onModuleInit(): Promise<void> {
    await this.search.ensureIndex(QUESTION_INDEX, SETTINGS);
  }

  async add(question: QuestionRecord): Promise<void> {
    await this.search.upsert(QUESTION_INDEX, [
      {
        id: question._id,
        title: question.title,
        tags: question.tags,
        content: question.content,
        state: 'visible',
        createdAt: Date.parse(question.createdAt),
      },
    ]);
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

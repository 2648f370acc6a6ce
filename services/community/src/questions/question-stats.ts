import { Inject, Injectable } from '@nestjs/common';
import { CACHE_STORE, type CacheStore } from '@pulse/platform';
import { QuestionsRepository } from './questions.repository';

/** Where the question list's four tiles are kept on the cache port (QuestionPurges drops them). */
export const QUESTION_STATS_KEY = 'community:question-stats';
/** How long the tiles may be reused when no write has dropped them (a write that forgot to still shows). */
const STATS_TTL_MS = 10_000;

/**
 * The question list's four tiles (totals over every visible question). Each is a count or sum over the
 * whole collection, and every list request the gateway does not hold (a new `page`, any Authorization
 * header) asked for them again: a cost that grows with the site, at the rate a script chooses. They are
 * computed once and kept until a write that changes what lists show drops them (QuestionPurges), so they
 * stay exact after writes.
 */
@Injectable()
export class QuestionStats {
  constructor(
    private readonly questions: QuestionsRepository,
    @Inject(CACHE_STORE) private readonly cache: CacheStore,
  ) {}

  current(): Promise<{ total: number; resolved: number; unanswered: number; answers: number }> {
    return this.cache.getOrLoad(QUESTION_STATS_KEY, STATS_TTL_MS, () => this.questions.stats());
  }
}

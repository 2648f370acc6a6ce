import { Inject, Injectable } from '@nestjs/common';
import { PURGE_CHANNEL, purgeMessage, QUESTION_LISTS_TAG, questionTag } from '@pulse/contracts';
import { CACHE_STORE, type CacheStore } from '@pulse/platform';
import { QUESTION_STATS_KEY } from './question-stats';

/**
 * Purges of the gateway's micro-cache for questions (ARCHITECTURE.md 'The gateway's edge'). The question
 * reads name what they show in `cache-tag` (questionTag on the detail and its answers, QUESTION_LISTS_TAG
 * on the lists); every write that changes what they show publishes those tags here. Views are not purged:
 * a view count up to a micro-cache lifetime old is the price of not re-reading a hot question for every
 * new reader (content's article views make the same trade, services/content article-cache.ts). A purge is
 * a hint: publish never throws, and a lost one leaves the entry its short TTL.
 */
@Injectable()
export class QuestionPurges {
  constructor(@Inject(CACHE_STORE) private readonly cache: CacheStore) {}

  /** The question's detail or answers changed, and with `listsToo` what a list shows of it (counts, state). */
  async changed(questionId: string, { listsToo = false } = {}): Promise<void> {
    if (listsToo) await this.dropStats();
    const tags = listsToo ? [questionTag(questionId), QUESTION_LISTS_TAG] : [questionTag(questionId)];
    return this.cache.publish(PURGE_CHANNEL, purgeMessage(tags));
  }

  /** Only lists changed (a question joined a story). */
  async lists(): Promise<void> {
    await this.dropStats();
    return this.cache.publish(PURGE_CHANNEL, purgeMessage([QUESTION_LISTS_TAG]));
  }

  /** The lists' tiles are the lists' too (QuestionStats); like a purge, dropping them never fails a write. */
  private async dropStats(): Promise<void> {
    await this.cache.del(QUESTION_STATS_KEY).catch(() => 0);
  }
}

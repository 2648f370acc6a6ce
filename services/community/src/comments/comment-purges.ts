import { Inject, Injectable } from '@nestjs/common';
import { articleCommentsTag, PURGE_CHANNEL, purgeMessage } from '@pulse/contracts';
import { CACHE_STORE, type CacheStore } from '@pulse/platform';

/**
 * Purges of an article's comment threads at the gateway (ARCHITECTURE.md 'The gateway's edge'): the thread
 * reads are the same for every reader and name articleCommentsTag, so every write that changes what they
 * show (a comment, reply, edit, delete, reaction, a moderation move, an author's anonymising) publishes it.
 * A purge is a hint, as QuestionPurges says: publish never throws, and a lost one leaves the copy its TTL.
 */
@Injectable()
export class CommentPurges {
  constructor(@Inject(CACHE_STORE) private readonly cache: CacheStore) {}

  /** What the threads of these articles show changed. */
  changed(...articleIds: string[]): Promise<void> {
    if (articleIds.length === 0) return Promise.resolve();
    return this.cache.publish(PURGE_CHANNEL, purgeMessage([...new Set(articleIds)].map(articleCommentsTag)));
  }
}

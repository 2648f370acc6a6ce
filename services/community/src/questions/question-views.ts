import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CACHE_STORE, type CacheStore } from '@pulse/platform';
import { COMMUNITY_CONFIG, type CommunityConfig } from '../community.config';
import { QuestionsRepository } from './questions.repository';

/**
 * A question's view counts once per reader within COMMUNITY_VIEW_WINDOW_HOURS, as article views do. The
 * reader is the identity when signed in, else a hash of IP and user agent. The marker lives on the cache
 * port, so replicas agree; the first marker wins (incr returns 1 once).
 */
@Injectable()
export class QuestionViews {
  constructor(
    private readonly questions: QuestionsRepository,
    @Inject(CACHE_STORE) private readonly cache: CacheStore,
    @Inject(COMMUNITY_CONFIG) private readonly config: CommunityConfig,
  ) {}

  /** true when this read counted as a view. */
  async count(questionId: string, reader: string): Promise<boolean> {
    const key = `community:view:${questionId}:${createHash('sha256').update(reader).digest('base64url').slice(0, 24)}`;
    const seen = await this.cache.incr(key, 1, this.config.COMMUNITY_VIEW_WINDOW_HOURS * 60 * 60 * 1000);
    if (seen !== 1) return false;
    await this.questions.countView(questionId);
    return true;
  }
}

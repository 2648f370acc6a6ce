import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { NotCountedReason } from '@pulse/contracts';
import { CACHE_STORE, type CacheStore } from '@pulse/platform';
import { COMMUNITY_CONFIG, type CommunityConfig } from '../community.config';
import type { ReaderKeyValue } from '../identity/reader-key.decorator';
import { QuestionsRepository } from './questions.repository';

export interface ViewOutcome {
  counted: boolean;
  reason?: NotCountedReason;
}

/**
 * A question's view counts once per reader within COMMUNITY_VIEW_WINDOW_HOURS, as article views do. The
 * reader is the identity when signed in, else the signed reader session (CommunityReaderSessions); a
 * request that carried no session gets one and counts nothing, so neither a rotating User-Agent nor a
 * script without cookies adds views (docs/abuse/engagement.md). The marker lives on the cache port, so
 * replicas agree; the first marker wins (incr returns 1 once).
 */
@Injectable()
export class QuestionViews {
  constructor(
    private readonly questions: QuestionsRepository,
    @Inject(CACHE_STORE) private readonly cache: CacheStore,
    @Inject(COMMUNITY_CONFIG) private readonly config: CommunityConfig,
  ) {}

  async count(
    questionId: string,
    identityId: string | undefined,
    reader: ReaderKeyValue,
  ): Promise<ViewOutcome> {
    if (!identityId && reader.issuedNow) return { counted: false, reason: 'session-issued' };
    const who = identityId ? `identity:${identityId}` : reader.key;
    const key = `community:view:${questionId}:${createHash('sha256').update(who).digest('base64url').slice(0, 24)}`;
    const seen = await this.cache.incr(key, 1, this.config.COMMUNITY_VIEW_WINDOW_HOURS * 60 * 60 * 1000);
    if (seen !== 1) return { counted: false };
    await this.questions.countView(questionId);
    return { counted: true };
  }
}

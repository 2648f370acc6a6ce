import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { NotCountedReason } from '@pulse/contracts';
import { CACHE_STORE, type CacheStore } from '@pulse/platform';
import { COMMUNITY_CONFIG, type CommunityConfig } from '../community.config';
import type { ReaderKeyValue } from '../identity/reader-key.decorator';
import { TrustService } from '../trust/trust.service';
import { QuestionsRepository } from './questions.repository';

const HOUR_MS = 60 * 60_000;

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
 *
 * A view counts toward the 'popular' sort as much as an upvote, and a reader session costs a script one
 * request, so views are capped as content caps article views: per reader across questions, and per network
 * (an IPv4 address, an IPv6 /64) and question whatever the sessions. A view past a cap answers
 * `reason: 'limited'` and counts nothing; a view already counted spends nothing of either.
 */
@Injectable()
export class QuestionViews {
  constructor(
    private readonly questions: QuestionsRepository,
    private readonly trust: TrustService,
    @Inject(CACHE_STORE) private readonly cache: CacheStore,
    @Inject(COMMUNITY_CONFIG) private readonly config: CommunityConfig,
  ) {}

  async count(
    questionId: string,
    identityId: string | undefined,
    reader: ReaderKeyValue,
    ip: string,
  ): Promise<ViewOutcome> {
    if (!identityId && reader.issuedNow) return { counted: false, reason: 'session-issued' };
    const who = identityId ? `identity:${identityId}` : reader.key;
    const readerHash = createHash('sha256').update(who).digest('base64url').slice(0, 24);
    const marker = `community:view:${questionId}:${readerHash}`;
    // Seen within the window already: neither counted nor spent from the caps.
    if ((await this.cache.get(marker)) !== undefined) return { counted: false };
    if (!(await this.admit(readerHash, questionId, ip))) return { counted: false, reason: 'limited' };
    const seen = await this.cache.incr(marker, 1, this.config.COMMUNITY_VIEW_WINDOW_HOURS * HOUR_MS);
    if (seen !== 1) return { counted: false };
    await this.questions.countView(questionId);
    return { counted: true };
  }

  /** Narrowest first: a view its reader may not have counted spends nothing of its network's budget. */
  private async admit(readerHash: string, questionId: string, ip: string): Promise<boolean> {
    const buckets: Array<[string, number]> = [
      [`reader:${readerHash}`, this.config.COMMUNITY_VIEWS_PER_READER_HOUR],
      [
        `net:${this.trust.networkKey(ip)}:${questionId}`,
        this.config.COMMUNITY_VIEWS_PER_NETWORK_QUESTION_HOUR,
      ],
    ];
    for (const [bucket, limit] of buckets) {
      if (!(await this.cache.rateLimit(`community:cap:view:${bucket}`, limit, HOUR_MS)).allowed) return false;
    }
    return true;
  }
}

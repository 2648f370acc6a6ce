import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { TOPICS, type SharePlatform, type ShareResponse, type ShareBody } from '@pulse/contracts';
import { OUTBOX, OutboxWriter, CLOCK, type Clock } from '@pulse/platform';
import { ArticleCache } from '../articles/article-cache';
import { ArticlesRepository } from '../articles/articles.repository';
import { ARTICLE_NOT_FOUND } from '../articles/articles.service';
import { EngagementCaps, EngagementLimitedException } from './engagement-caps';
import { EngagementTallyRepository } from './engagement-tally.repository';
import { readerFieldsOf } from './pending-op';
import { requirePublished } from './published-article';
import type { ReaderContext } from './reader-sessions';

/** Shares through a social network count towards snsShareCount too; copy-link and native do not. */
const SNS_PLATFORMS: ReadonlySet<SharePlatform> = new Set(['facebook', 'twitter', 'telegram', 'linkedin']);
/**
 * Shares of articles. Every share counts (no de-duplication: sharing to two networks is two shares),
 * but shares are capped per reader and per network, per article and per hour (EngagementCaps; past a cap,
 * 429), and only a session the site issued before this request shares anything, so a script cannot pump
 * sharesCount and with it hotScore (docs/abuse/engagement.md). A share is one write (counters and event
 * together), so it needs no marker.
 */
@Injectable()
export class SharesService {
  constructor(
    private readonly articles: ArticlesRepository,
    private readonly cache: ArticleCache,
    @Inject(OUTBOX) private readonly outbox: OutboxWriter,
    private readonly caps: EngagementCaps,
    private readonly tally: EngagementTallyRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** POST /api/articles/:id/share. */
  async share(articleId: string, { platform }: ShareBody, reader: ReaderContext): Promise<ShareResponse> {
    const article = await requirePublished(this.articles, articleId);
    const at = new Date(this.clock.now()).toISOString();
    if (reader.issuedNow) {
      await this.tally.notCounted(article._id, 'share', 'session-issued', at);
      return { sharesCount: article.sharesCount, counted: false, reason: 'session-issued' };
    }
    const decision = await this.caps.admit('share', reader, article._id);
    if (!decision.allowed) {
      await this.tally.notCounted(article._id, 'share', 'limited', at);
      throw new EngagementLimitedException('share', decision.retryAfterSeconds);
    }
    const event = this.outbox.event(TOPICS.articleEngaged, {
      articleId: article._id,
      sessionKey: reader.hash,
      occurredAt: at,
      kind: 'share',
      platform,
      ...readerFieldsOf({
        networkHash: reader.networkHash,
        sessionIssuedAt: new Date(reader.issuedAtMs).toISOString(),
      }),
    });
    const after = await this.articles.countShare(article._id, platform, SNS_PLATFORMS.has(platform), [event]);
    if (!after) throw new NotFoundException(ARTICLE_NOT_FOUND);
    await this.cache.invalidate(article._id);
    return { sharesCount: after.sharesCount };
  }
}

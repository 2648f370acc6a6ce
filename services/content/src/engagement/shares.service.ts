import { HttpException, HttpStatus, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  idParamSchema,
  parsePathParam,
  shareBodySchema,
  TOPICS,
  type SharePlatform,
  type ShareResponse,
} from '@pulse/contracts';
import { CACHE_STORE, OUTBOX, OutboxWriter, type CacheStore } from '@pulse/platform';
import { ArticleCache } from '../articles/article-cache';
import { ArticlesRepository, PUBLISHED } from '../articles/articles.repository';
import { ARTICLE_NOT_FOUND } from '../articles/articles.service';
import { CONTENT_CLOCK, type ContentClock } from '../content.config';
import { ENGAGEMENT_CONFIG, type EngagementConfig } from './engagement.config';
import { requirePublished } from './published-article';

/** Shares through a social network count towards snsShareCount too; copy-link and native do not. */
const SNS_PLATFORMS: ReadonlySet<SharePlatform> = new Set(['facebook', 'twitter', 'telegram', 'linkedin']);
const HOUR_MS = 60 * 60_000;

/** 429 with the seconds until one more share of the article would be counted (Retry-After). */
export class TooManySharesException extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many shares of this article from this reader; try again later', HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * Shares of articles. Every share counts (no de-duplication: sharing to two networks is two shares),
 * but a reader's shares of one article are rate-limited, so a script cannot pump sharesCount and with
 * it hotScore. A share is one write (counters and event together), so it needs no marker.
 */
@Injectable()
export class SharesService {
  constructor(
    private readonly articles: ArticlesRepository,
    private readonly cache: ArticleCache,
    @Inject(CACHE_STORE) private readonly limits: CacheStore,
    @Inject(OUTBOX) private readonly outbox: OutboxWriter,
    @Inject(ENGAGEMENT_CONFIG) private readonly config: EngagementConfig,
    @Inject(CONTENT_CLOCK) private readonly clock: ContentClock,
  ) {}

  /** POST /api/articles/:id/share for the reader whose readerHash is `session`. */
  async share(id: unknown, body: unknown, session: string): Promise<ShareResponse> {
    const articleId = parsePathParam('id', idParamSchema, id);
    const { platform } = shareBodySchema.parse(body);
    const article = await requirePublished(this.articles, 'id', articleId);
    // The cache port's sliding-window bucket: Redis when replicas share it, so the limit is theirs too.
    const bucket = await this.limits.rateLimit(
      `content:shares:${session}:${article._id}`,
      this.config.CONTENT_SHARE_LIMIT_PER_HOUR,
      HOUR_MS,
    );
    if (!bucket.allowed) throw new TooManySharesException(Math.max(1, Math.ceil(bucket.resetMs / 1000)));
    const event = this.outbox.event(TOPICS.articleEngaged, {
      articleId: article._id,
      sessionKey: session,
      occurredAt: new Date(this.clock.now()).toISOString(),
      kind: 'share',
      platform,
    });
    const after = await this.articles.findOneAndUpdate(
      { _id: article._id, ...PUBLISHED },
      {
        $inc: {
          sharesCount: 1,
          [`sharesByPlatform.${platform}`]: 1,
          ...(SNS_PLATFORMS.has(platform) ? { snsShareCount: 1 } : {}),
        },
      },
      [event],
    );
    if (!after) throw new NotFoundException(ARTICLE_NOT_FOUND);
    await this.cache.invalidate(article._id);
    return { sharesCount: after.sharesCount };
  }
}

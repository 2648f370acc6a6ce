import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CACHE_STORE, type CacheStore } from '@pulse/platform';
import { ENGAGEMENT_CONFIG, type EngagementConfig } from './engagement.config';
import type { ReaderContext } from './reader-sessions';

export type CappedKind = 'view' | 'like' | 'share';

const HOUR_MS = 60 * 60_000;

/** Likes and shares past a cap: not kept at all, so the honest answer is 429 with Retry-After. */
export class EngagementLimitedException extends HttpException {
  constructor(
    kind: 'like' | 'share',
    readonly retryAfterSeconds: number,
  ) {
    super(
      kind === 'like'
        ? '좋아요 요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.'
        : '공유 요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

/** A capped like or share answers 429 with the seconds until one more would be taken (Retry-After). */
export async function withRetryAfter<T>(reply: FastifyReply, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof EngagementLimitedException)
      void reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  }
}

export type CapDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * The hourly caps on engagement (docs/abuse/engagement.md), each a sliding-window bucket of the cache
 * port (Redis when replicas share it, so the caps are theirs too): per reader and article, per reader
 * across articles, and per network (networkOf: IPv4 address, IPv6 /64) and article whatever the sessions,
 * which is what bounds a script that mints a session per request. Narrowest first: a request its reader
 * may not make spends nothing of its network's budget, so one greedy session cannot use up the budget of
 * the readers sharing its network.
 */
@Injectable()
export class EngagementCaps {
  constructor(
    @Inject(CACHE_STORE) private readonly buckets: CacheStore,
    @Inject(ENGAGEMENT_CONFIG) private readonly config: EngagementConfig,
  ) {}

  async admit(kind: CappedKind, reader: ReaderContext, articleId: string): Promise<CapDecision> {
    for (const [key, limit] of this.bucketsOf(kind, reader, articleId)) {
      const bucket = await this.buckets.rateLimit(`content:cap:${kind}:${key}`, limit, HOUR_MS);
      if (!bucket.allowed)
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(bucket.resetMs / 1000)) };
    }
    return { allowed: true };
  }

  private bucketsOf(kind: CappedKind, reader: ReaderContext, articleId: string): Array<[string, number]> {
    const c = this.config;
    const network: [string, number] = [
      `net:${reader.networkHash}:${articleId}`,
      kind === 'view'
        ? c.CONTENT_VIEWS_PER_NETWORK_ARTICLE_HOUR
        : kind === 'like'
          ? c.CONTENT_LIKES_PER_NETWORK_ARTICLE_HOUR
          : c.CONTENT_SHARES_PER_NETWORK_ARTICLE_HOUR,
    ];
    // A reader's views of one article are already once per window (the view markers).
    if (kind === 'view') return [[`reader:${reader.hash}`, c.CONTENT_VIEWS_PER_READER_HOUR], network];
    return [
      [
        `reader:${reader.hash}:${articleId}`,
        kind === 'like' ? c.CONTENT_LIKES_PER_READER_ARTICLE_HOUR : c.CONTENT_SHARE_LIMIT_PER_HOUR,
      ],
      [
        `reader:${reader.hash}`,
        kind === 'like' ? c.CONTENT_LIKES_PER_READER_HOUR : c.CONTENT_SHARES_PER_READER_HOUR,
      ],
      network,
    ];
  }
}

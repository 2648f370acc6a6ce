import { Inject, Injectable } from '@nestjs/common';
import { type LikeResponse, type LikeStatusResponse, type LikeBody } from '@pulse/contracts';
import { ArticleCache } from '../articles/article-cache';
import { ArticlesRepository } from '../articles/articles.repository';
import { EngagementApplier, type CountedArticle } from './engagement-applier';
import { EngagementCaps, EngagementLimitedException } from './engagement-caps';
import { EngagementTallyRepository } from './engagement-tally.repository';
import { LikeMarkersRepository } from './like-markers.repository';
import { newOp } from './pending-op';
import { requirePublished } from './published-article';
import type { ReaderContext } from './reader-sessions';
import { CLOCK, type Clock } from '@pulse/platform';

/**
 * Likes on articles (docs/spec-content.md §4 'Like on an article'): one per reader per article, a repeated like or
 * unlike changes nothing and emits nothing, and the count never goes below 0. Only a reader session the
 * site issued before this request likes anything (a request without one gets one and counts nothing),
 * and likes and unlikes are capped per hour (EngagementCaps; past a cap, 429): docs/abuse/engagement.md.
 */
@Injectable()
export class LikesService {
  constructor(
    private readonly articles: ArticlesRepository,
    private readonly markers: LikeMarkersRepository,
    private readonly applier: EngagementApplier,
    private readonly cache: ArticleCache,
    private readonly caps: EngagementCaps,
    private readonly tally: EngagementTallyRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** POST /api/interactions/like. */
  async like(body: LikeBody, reader: ReaderContext): Promise<LikeResponse> {
    const article = await this.target(body);
    if (reader.issuedNow) return this.sessionIssued(article);
    const markerId = `${reader.hash}:${article._id}`;
    // Already liked (or a change in flight): nothing to claim, nothing spent of the caps.
    const marker = await this.markers.findById(markerId);
    if (marker?.liked || marker?.op) return this.current(markerId, article);
    await this.admit(reader, article._id);
    const op = newOp('like', this.clock.now(), reader);
    if (!(await this.markers.claimLike(markerId, article._id, reader.hash, op)))
      return this.current(markerId, article);
    return this.applied(markerId, article, reader.hash, op);
  }

  /** DELETE /api/interactions/unlike. */
  async unlike(body: LikeBody, reader: ReaderContext): Promise<LikeResponse> {
    const article = await this.target(body);
    if (reader.issuedNow) return this.sessionIssued(article);
    const markerId = `${reader.hash}:${article._id}`;
    const marker = await this.markers.findById(markerId);
    if (!marker?.liked || marker.op) return this.current(markerId, article);
    await this.admit(reader, article._id);
    const op = newOp('unlike', this.clock.now(), reader);
    if (!(await this.markers.claimUnlike(markerId, op))) return this.current(markerId, article);
    return this.applied(markerId, article, reader.hash, op);
  }

  /** The request carried no session: it has one now (Set-Cookie) and counts nothing. */
  private async sessionIssued(article: CountedArticle): Promise<LikeResponse> {
    await this.tally.notCounted(article._id, 'like', 'session-issued', this.iso());
    return { liked: false, likesCount: article.likesCount, counted: false, reason: 'session-issued' };
  }

  private async admit(reader: ReaderContext, articleId: string): Promise<void> {
    const decision = await this.caps.admit('like', reader, articleId);
    if (decision.allowed) return;
    await this.tally.notCounted(articleId, 'like', 'limited', this.iso());
    throw new EngagementLimitedException('like', decision.retryAfterSeconds);
  }

  private iso(): string {
    return new Date(this.clock.now()).toISOString();
  }

  /** GET /api/interactions/status/:id. */
  async status(id: string, session: string): Promise<LikeStatusResponse> {
    const article = await requirePublished(this.articles, id);
    const { liked } = await this.current(`${session}:${article._id}`, article);
    return { liked };
  }

  private async target(body: LikeBody): Promise<CountedArticle> {
    const { contentId } = body;
    return requirePublished(this.articles, contentId);
  }

  private async applied(
    markerId: string,
    article: CountedArticle,
    session: string,
    op: ReturnType<typeof newOp>,
  ): Promise<LikeResponse> {
    const after = await this.applier.apply(this.markers, {
      _id: markerId,
      articleId: article._id,
      session,
      op,
    });
    // The detail response shows likesCount; views are not invalidated (ArticleCache says why).
    await this.cache.invalidate(article._id);
    return { liked: op.kind === 'like', likesCount: this.applier.projectedLikes(after ?? article, op) };
  }

  /** The reader's like as it stands (or will, once a change of theirs in flight lands). */
  private async current(markerId: string, article: CountedArticle): Promise<LikeResponse> {
    let marker = await this.markers.findById(markerId);
    if (marker?.op && (await this.applier.recover(this.markers, { ...marker, op: marker.op }))) {
      marker = await this.markers.findById(markerId);
    }
    let fresh: CountedArticle = (await this.articles.findPublished(article._id)) ?? article;
    let op = marker?.op ?? null;
    if (op && !fresh.engagementOps?.includes(op.id)) {
      // Settled between the two reads? Then the article read may predate it or not: read both again.
      const settled = (await this.markers.findById(markerId))?.op?.id !== op.id;
      if (settled) {
        op = null;
        fresh = (await this.articles.findPublished(article._id)) ?? fresh;
      }
    }
    return { liked: marker?.liked ?? false, likesCount: this.applier.projectedLikes(fresh, op) };
  }
}

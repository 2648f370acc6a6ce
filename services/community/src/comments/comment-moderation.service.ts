import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  type CommentModerationActionResponse,
  type CommentModerationItem,
  type CommentModerationQueueResponse,
  type ModerationState,
  type ReportResponse,
  type ReportBody,
  type ModerationQueueQuery,
} from '@pulse/contracts';
import { WriteLimits } from '../abuse/write-limits';
import type { Actor } from '../identity/actor-resolver';
import { IdentitiesRepository } from '../identity/identities.repository';
import { NO_REPORTS, ReportLedger } from '../moderation/report-ledger';
import type { PostState } from '../questions/question.record';
import { CommentPurges } from './comment-purges';
import { CommentsRepository } from './comments.repository';
import { COMMENT_NOT_FOUND } from './comments.service';
import { CLOCK, StaffAudit, type Clock } from '@pulse/platform';

const PAGE_SIZE = 20;

/**
 * Reports and moderation of comments, by the rules of questions and answers (services/community/README.md 'Moderation'): a
 * comment whose reporters' trust weight reaches COMMUNITY_REPORT_WEIGHT_TO_HOLD (ReportLedger) is held
 * until a moderator restores or hides it. A held or hidden comment with visible replies stays in its thread as '숨겨진 댓글입니다.'.
 */
@Injectable()
export class CommentModerationService {
  constructor(
    private readonly comments: CommentsRepository,
    private readonly reports: ReportLedger,
    private readonly identities: IdentitiesRepository,
    private readonly limits: WriteLimits,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly audit: StaffAudit,
    private readonly purges: CommentPurges,
  ) {}

  /** POST /api/community/comments/{id}/report. */
  async report(id: string, body: ReportBody, actor: Actor, ip: string): Promise<ReportResponse> {
    const report = body;
    if (!(await this.comments.findVisible(id))) throw new NotFoundException(COMMENT_NOT_FOUND);
    await this.limits.vote(actor.identity._id, ip);
    const { fresh, holds } = await this.reports.record('comment', id, actor.identity, ip, report);
    if (!fresh) return { success: true, data: { reported: true, held: false } };
    await this.comments.addReport(id);
    const held = holds && (await this.move(id, ['visible'], 'held')) !== null;
    return { success: true, data: { reported: true, held } };
  }

  /** GET /api/community/admin/moderation/comments?state&page. */
  async queue(query: ModerationQueueQuery): Promise<CommentModerationQueueResponse> {
    const { state, page } = query;
    const [comments, total] = await this.comments.moderationPage(state, (page - 1) * PAGE_SIZE, PAGE_SIZE);
    const [reports, authors] = await Promise.all([
      this.reports.summaries(
        'comment',
        comments.map((comment) => comment._id),
      ),
      this.identities.findMany(comments.map((comment) => comment.authorId)),
    ]);
    const suspended = new Set(
      authors
        .filter(
          (identity) => identity.suspendedUntil && Date.parse(identity.suspendedUntil) > this.clock.now(),
        )
        .map((identity) => identity._id),
    );
    const items: CommentModerationItem[] = comments.map((comment) => ({
      kind: 'comment',
      id: comment._id,
      articleId: comment.articleId,
      parentId: comment.parentId,
      excerpt: comment.content.slice(0, 200),
      author: {
        id: comment.authorId,
        displayName: comment.author.displayName,
        suspended: suspended.has(comment.authorId),
      },
      state: comment.state as ModerationState,
      reports: reports.get(comment._id) ?? NO_REPORTS,
      createdAt: comment.createdAt,
    }));
    return { success: true, data: { items, total, page } };
  }

  /** POST /api/community/admin/comments/{id}/{hide|restore}. */
  async setVisibility(id: string, to: 'hidden' | 'visible'): Promise<CommentModerationActionResponse> {
    const from: ModerationState[] = to === 'hidden' ? ['visible', 'held'] : ['held', 'hidden'];
    const left = await this.move(id, from, to);
    // Only a comment that moved has a before and after; hiding a hidden comment changes nothing.
    if (left) {
      this.audit.change({ state: left }, { state: to });
      if (to === 'visible') await this.reports.reviewed('comment', id);
    } else if (!(await this.comments.findExisting(id))) throw new NotFoundException(COMMENT_NOT_FOUND);
    return { success: true, data: { kind: 'comment', id, state: to } };
  }

  /**
   * Moves the state and keeps the ancestors' visibleDescendants (placeholders) in step. Answers the state
   * the comment left, or null when it was in none of `from`.
   */
  private async move(id: string, from: ModerationState[], to: ModerationState): Promise<PostState | null> {
    const before = await this.comments.setState(id, from, to);
    if (!before) return null;
    if (before.state !== 'visible' && to === 'visible')
      await this.comments.addVisibleDescendants(before.ancestors, 1);
    if (before.state === 'visible' && to !== 'visible')
      await this.comments.addVisibleDescendants(before.ancestors, -1);
    await this.purges.changed(before.articleId);
    return before.state;
  }
}

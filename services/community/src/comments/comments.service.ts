import {
  BadRequestException,
  ForbiddenException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import {
  COMMUNITY_LIMITS,
  type CommentListResponse,
  type CommentResponse,
  type DeleteCommentResponse,
  type CommentListQuery,
  type CreateCommentBody,
  type CreateReplyBody,
  type EditCommentBody,
} from '@pulse/contracts';
import { WriteLimits } from '../abuse/write-limits';
import { PublishedArticles } from '../articles/published-articles';
import { BadgesService } from '../badges/badges.service';
import type { Actor } from '../identity/actor-resolver';
import { newId, publicSessionMark } from '../identity/identity.service';
import { VotesRepository } from '../votes/votes.repository';
import { buildThreads, toArticleComment, type CommentLookups } from './comment-tree';
import { CommentPurges } from './comment-purges';
import type { CommentRecord } from './comment.record';
import { CommentsRepository } from './comments.repository';
import { CLOCK, isoNow, type Clock } from '@pulse/platform';

export const COMMENT_NOT_FOUND = '댓글을 찾을 수 없습니다.';
export const NOT_COMMENT_AUTHOR = '댓글 작성자만 수정하거나 삭제할 수 있습니다.';
export const TOO_DEEP = `id: 답글은 ${COMMUNITY_LIMITS.commentMaxDepth}단계까지만 달 수 있습니다.`;
export const UNCHANGED = 'content: 수정된 내용이 없습니다.';

/**
 * Article comments (docs/spec-community.md §2, docs/design.md §11.3): threads read a page of top-level comments at a time,
 * written with the seed's limits enforced here. Only a comment's author edits or deletes it; a deleted
 * comment with visible replies stays in the thread as '삭제된 댓글입니다.'.
 */
@Injectable()
export class CommentsService {
  constructor(
    private readonly comments: CommentsRepository,
    private readonly votes: VotesRepository,
    private readonly badges: BadgesService,
    private readonly limits: WriteLimits,
    private readonly articles: PublishedArticles,
    private readonly purges: CommentPurges,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** GET /api/community/articles/{id}/comments?sort&page&limit: the same for every reader. */
  async list(articleId: string, query: CommentListQuery): Promise<CommentListResponse> {
    const { sort, page, limit } = query;
    const [{ items, total }, totalCount] = await Promise.all([
      this.comments.threadPage(articleId, sort, (page - 1) * limit, limit),
      this.comments.countVisible(articleId),
    ]);
    const replies = await this.comments.repliesOf(
      items.map((top) => top._id),
      sort,
    );
    const lookups = await this.lookups([...items, ...replies], undefined);
    return {
      success: true,
      data: {
        comments: buildThreads(items, replies, lookups),
        totalCount,
        pagination: {
          page,
          totalPages: Math.max(1, Math.ceil(total / limit)),
          total,
          hasMore: page * limit < total,
        },
      },
    };
  }

  /** POST /api/community/articles/{id}/comments: 5 to 2000 characters, on an article content publishes. */
  async create(
    articleId: string,
    body: CreateCommentBody,
    actor: Actor,
    ip: string,
  ): Promise<CommentResponse> {
    const { content } = body;
    return this.store({ articleId, parent: null, content }, actor, ip);
  }

  /** POST /api/community/comments/{id}/replies: 1 to 1000 characters, under a comment above depth 3, on a published article. */
  async reply(parentId: string, body: CreateReplyBody, actor: Actor, ip: string): Promise<CommentResponse> {
    const parent = await this.visible(parentId);
    const { content } = body;
    if (parent.depth >= COMMUNITY_LIMITS.commentMaxDepth) throw new BadRequestException(TOO_DEEP);
    return this.store({ articleId: parent.articleId, parent, content }, actor, ip);
  }

  /** PATCH /api/community/comments/{id}: its author only, at most 1000 characters, only a changed text. */
  async edit(id: string, edit: EditCommentBody, actor: Actor, ip: string): Promise<CommentResponse> {
    const comment = await this.visible(id);
    if (comment.authorId !== actor.identity._id) throw new ForbiddenException(NOT_COMMENT_AUTHOR);
    const { content } = this.limits.screenProfanity(edit, ['content']);
    if (content === comment.content) throw new BadRequestException(UNCHANGED);
    await this.limits.post(actor.identity._id, ip);
    const after = await this.comments.editContent(
      comment._id,
      actor.identity._id,
      content,
      isoNow(this.clock),
    );
    if (!after) throw new NotFoundException(COMMENT_NOT_FOUND);
    await this.purges.changed(after.articleId);
    return { success: true, data: toArticleComment(after, await this.lookups([after], actor)) };
  }

  /** DELETE /api/community/comments/{id}: its author only; replies under it stay. */
  async remove(id: string, actor: Actor): Promise<DeleteCommentResponse> {
    const comment = await this.comments.findExisting(id);
    if (!comment) throw new NotFoundException(COMMENT_NOT_FOUND);
    if (comment.authorId !== actor.identity._id) throw new ForbiddenException(NOT_COMMENT_AUTHOR);
    const before = await this.comments.markDeleted(id, actor.identity._id, isoNow(this.clock));
    if (!before) throw new NotFoundException(COMMENT_NOT_FOUND);
    if (before.state === 'visible') await this.comments.addVisibleDescendants(before.ancestors, -1);
    await this.purges.changed(before.articleId);
    return { success: true };
  }

  async visible(id: string): Promise<CommentRecord> {
    const comment = await this.comments.findVisible(id);
    if (!comment) throw new NotFoundException(COMMENT_NOT_FOUND);
    return comment;
  }

  private async store(
    input: { articleId: string; parent: CommentRecord | null; content: string },
    actor: Actor,
    ip: string,
  ): Promise<CommentResponse> {
    const { articleId, parent } = input;
    const { content } = this.limits.screenProfanity(input, ['content']);
    await this.limits.post(actor.identity._id, ip);
    // After the write limit, so an identity cannot make content look up unknown ids without bound.
    await this.articles.require(articleId);
    // The same text twice in one place is refused; a short '감사합니다' under two different comments is not.
    const place = parent ? `reply\n${parent._id}\n${content}` : `comment\n${articleId}\n${content}`;
    await this.limits.refuseDuplicate(actor.identity._id, ip, place);
    const at = isoNow(this.clock);
    const id = newId('c');
    const ancestors = parent ? [...parent.ancestors, parent._id] : [];
    const comment: CommentRecord = {
      _id: id,
      articleId,
      parentId: parent?._id ?? null,
      ancestors,
      rootId: ancestors[0] ?? id,
      depth: ancestors.length,
      content,
      authorId: actor.identity._id,
      author: {
        username: actor.identity.username,
        displayName: actor.identity.displayName,
        createdAt: actor.identity.createdAt,
      },
      anonymousSessionId: publicSessionMark(actor.sessionId),
      likes: 0,
      dislikes: 0,
      score: 0,
      controversy: 0,
      visibleDescendants: 0,
      state: 'visible',
      reportCount: 0,
      createdAt: at,
      updatedAt: at,
    };
    await this.comments.insert(comment);
    await Promise.all([
      this.comments.addVisibleDescendants(ancestors, 1),
      this.limits.rememberPost(actor.identity._id, ip, place),
    ]);
    await this.purges.changed(articleId);
    return { success: true, data: toArticleComment(comment, await this.lookups([comment], actor)) };
  }

  private async lookups(
    records: readonly CommentRecord[],
    viewer: Actor | undefined,
  ): Promise<CommentLookups> {
    const [badges, votes] = await Promise.all([
      this.badges.of([...new Set(records.map((record) => record.authorId))]),
      viewer
        ? this.votes.valuesOf(
            'comment',
            records.map((record) => record._id),
            viewer.identity._id,
          )
        : Promise.resolve(undefined),
    ]);
    return { badges, votes };
  }
}

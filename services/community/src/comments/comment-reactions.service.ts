import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { type CommentViewerVote, type CommentVoteResponse, type CommentVoteBody } from '@pulse/contracts';
import { WriteLimits } from '../abuse/write-limits';
import type { Actor } from '../identity/actor-resolver';
import { countDelta, toggleVote } from '../votes/vote-toggle';
import { voteId } from '../votes/vote.record';
import { OWN_POST } from '../votes/votes.service';
import { VotesRepository } from '../votes/votes.repository';
import { CommentPurges } from './comment-purges';
import { CommentsRepository } from './comments.repository';
import { COMMENT_NOT_FOUND } from './comments.service';
import { CLOCK, isoNow, type Clock } from '@pulse/platform';

/**
 * Likes and dislikes on comments: one per identity per comment. The same reaction again withdraws it, the
 * other one replaces it, and no one reacts to their own comment (as with votes on answers). The counts in
 * the response are the server's after the change.
 */
@Injectable()
export class CommentReactionsService {
  constructor(
    private readonly comments: CommentsRepository,
    private readonly votes: VotesRepository,
    private readonly limits: WriteLimits,
    private readonly purges: CommentPurges,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** POST /api/community/comments/{id}/vote {voteType: like|dislike}. */
  async react(id: string, body: CommentVoteBody, actor: Actor, ip: string): Promise<CommentVoteResponse> {
    const { voteType } = body;
    const comment = await this.comments.findVisible(id);
    if (!comment) throw new NotFoundException(COMMENT_NOT_FOUND);
    if (comment.authorId === actor.identity._id) throw new ForbiddenException(OWN_POST);
    await this.limits.vote(actor.identity._id, ip);
    const { value, change } = await toggleVote(
      this.votes,
      {
        _id: voteId('comment', id, actor.identity._id),
        kind: 'comment',
        targetId: id,
        identityId: actor.identity._id,
        at: isoNow(this.clock),
      },
      voteType,
    );
    const likes = countDelta(change, 'like');
    const dislikes = countDelta(change, 'dislike');
    const after = likes || dislikes ? await this.comments.addReactions(id, likes, dislikes) : comment;
    if (likes || dislikes) await this.purges.changed(comment.articleId);
    return {
      success: true,
      data: {
        likes: after?.likes ?? comment.likes,
        dislikes: after?.dislikes ?? comment.dislikes,
        viewerVote: value as CommentViewerVote,
      },
    };
  }
}

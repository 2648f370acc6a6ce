import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { type CommentViewerVote, type CommentVoteResponse, type CommentVoteBody } from '@pulse/contracts';
import { WriteLimits } from '../abuse/write-limits';
import type { Actor } from '../identity/actor-resolver';
import { countDelta, toggleVote } from '../votes/vote-toggle';
import { voteId } from '../votes/vote.record';
import { OWN_POST } from '../votes/votes.service';
import { VoteCounters } from '../votes/vote-counters';
import { VotesRepository } from '../votes/votes.repository';
import { CommentsRepository } from './comments.repository';
import { COMMENT_NOT_FOUND } from './comments.service';
import { CLOCK, isoNow, type Clock } from '@pulse/platform';

/**
 * Likes and dislikes on comments: one per identity per comment. The same reaction again withdraws it, the
 * other one replaces it, and no one reacts to their own comment (as with votes on answers). The counts in
 * the response are the comment's with what this process owes it (this change included): the reaction
 * record is written at once, the counts follow in VoteCounters' next flush for the comment.
 */
@Injectable()
export class CommentReactionsService {
  constructor(
    private readonly comments: CommentsRepository,
    private readonly votes: VotesRepository,
    private readonly limits: WriteLimits,
    private readonly counters: VoteCounters,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** POST /api/community/comments/{id}/vote {voteType: like|dislike}. */
  async react(id: string, body: CommentVoteBody, actor: Actor, ip: string): Promise<CommentVoteResponse> {
    const { voteType } = body;
    const { record: comment, owed } = await this.counters.read('comment', id, () =>
      this.comments.reactionTarget(id),
    );
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
    await this.counters.changed('comment', id, change);
    return {
      success: true,
      data: {
        likes: comment.likes + owed.like + likes,
        dislikes: comment.dislikes + owed.dislike + dislikes,
        viewerVote: value as CommentViewerVote,
      },
    };
  }
}

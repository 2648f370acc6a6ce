import { ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  type AnswerVoteResponse,
  type QuestionViewerVotes,
  type QuestionViewerVotesResponse,
  type QuestionVoteResponse,
  type QuestionVoteBody,
  type AnswerVoteBody,
} from '@pulse/contracts';
import { WriteLimits } from '../abuse/write-limits';
import { ANSWER_NOT_FOUND } from '../answers/answers.service';
import { AnswersRepository } from '../answers/answers.repository';
import type { Actor } from '../identity/actor-resolver';
import { QUESTION_NOT_FOUND } from '../questions/question-messages';
import { QuestionsService } from '../questions/questions.service';
import { QuestionsRepository } from '../questions/questions.repository';
import { TrustService } from '../trust/trust.service';
import { countDelta, toggleVote } from './vote-toggle';
import { VoteCounters } from './vote-counters';
import { voteId, type VoteRecord } from './vote.record';
import { VotesRepository } from './votes.repository';
import { CLOCK, isoNow, type Clock } from '@pulse/platform';

export const OWN_POST = '자신의 글에는 투표할 수 없습니다.';

type Value = 'upvote' | 'downvote';

/**
 * One vote per identity per post: voting again with the same value withdraws it, the other value replaces
 * it, and no one votes on their own post. The vote record is written at once; the post's counts follow in
 * VoteCounters' next flush for the post, which purges the reads that show them. The counts in the response
 * are the post's with what this process owes it, this change included. The reader's own votes on a question page are their own
 * read (viewerVotes), so the question reads stay the same for every reader. An upvote also tells trust/
 * (an endorsement of the author when the voter is trusted enough).
 */
@Injectable()
export class VotesService {
  constructor(
    private readonly votes: VotesRepository,
    private readonly questions: QuestionsRepository,
    private readonly answers: AnswersRepository,
    private readonly limits: WriteLimits,
    private readonly counters: VoteCounters,
    private readonly visibleQuestions: QuestionsService,
    private readonly trust: TrustService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** GET /api/community/questions/{id}/votes: the viewer's votes on the question and its answers, and which are theirs. */
  async viewerVotes(id: string, viewer: Actor | undefined): Promise<QuestionViewerVotesResponse> {
    const question = await this.visibleQuestions.visible(id);
    const none: QuestionViewerVotes = { question: null, answers: {}, mine: { question: false, answers: [] } };
    if (!viewer) return { success: true, data: none };
    const me = viewer.identity._id;
    const answers = await this.answers.listVisible(question._id, 'latest');
    const [onQuestion, onAnswers] = await Promise.all([
      this.votes.valuesOf('question', [question._id], me),
      this.votes.valuesOf(
        'answer',
        answers.map((answer) => answer._id),
        me,
      ),
    ]);
    return {
      success: true,
      data: {
        question: onQuestion.get(question._id) === 'upvote' ? 'upvote' : null,
        answers: Object.fromEntries(onAnswers),
        // From the verified identity: the page offers edits by this, never by an id the client holds.
        mine: {
          question: question.authorId === me,
          answers: answers.filter((answer) => answer.authorId === me).map((answer) => answer._id),
        },
      },
    };
  }

  /** POST /api/community/questions/{id}/vote. */
  async onQuestion(
    id: string,
    body: QuestionVoteBody,
    actor: Actor,
    ip: string,
  ): Promise<QuestionVoteResponse> {
    const { voteType } = body;
    const { record: question, owed } = await this.counters.read('question', id, () =>
      this.questions.voteTarget(id),
    );
    if (!question) throw new NotFoundException(QUESTION_NOT_FOUND);
    if (question.authorId === actor.identity._id) throw new ForbiddenException(OWN_POST);
    await this.limits.vote(actor.identity._id, ip);
    const { value, applied, change } = await this.toggle('question', id, actor, voteType);
    await this.trust.voteChanged(
      { kind: 'question', id, authorId: question.authorId },
      actor.identity,
      ip,
      change,
    );
    await this.counters.changed('question', id, change);
    return {
      success: true,
      data: {
        upvotes: question.upvotes + owed.upvote + applied.up,
        viewerVote: value === 'upvote' ? 'upvote' : null,
      },
    };
  }

  /** POST /api/community/answers/{id}/vote. */
  async onAnswer(id: string, body: AnswerVoteBody, actor: Actor, ip: string): Promise<AnswerVoteResponse> {
    const { voteType } = body;
    const { record: answer, owed } = await this.counters.read('answer', id, () =>
      this.answers.voteTarget(id),
    );
    // Under a question moderation holds or hid, an answer is out of reach as the question is.
    if (!answer || !(await this.questions.isVisible(answer.questionId)))
      throw new NotFoundException(ANSWER_NOT_FOUND);
    if (answer.authorId === actor.identity._id) throw new ForbiddenException(OWN_POST);
    await this.limits.vote(actor.identity._id, ip);
    const { value, applied, change } = await this.toggle('answer', id, actor, voteType);
    await this.trust.voteChanged(
      { kind: 'answer', id, authorId: answer.authorId },
      actor.identity,
      ip,
      change,
    );
    await this.counters.changed('answer', id, change);
    return {
      success: true,
      data: {
        upvotes: answer.upvotes + owed.upvote + applied.up,
        downvotes: answer.downvotes + owed.downvote + applied.down,
        viewerVote: value,
      },
    };
  }

  /** Applies the toggle; returns the vote now held and the count changes it made. */
  private async toggle(kind: VoteRecord['kind'], targetId: string, actor: Actor, voteType: Value) {
    const { value, change } = await toggleVote(
      this.votes,
      {
        _id: voteId(kind, targetId, actor.identity._id),
        kind,
        targetId,
        identityId: actor.identity._id,
        at: isoNow(this.clock),
      },
      voteType,
    );
    return {
      value: value as 'upvote' | 'downvote' | null,
      applied: { up: countDelta(change, 'upvote'), down: countDelta(change, 'downvote') },
      change,
    };
  }
}

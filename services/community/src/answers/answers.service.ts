import { ConflictException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  type AcceptAnswerResponse,
  type Answer,
  type AnswerListResponse,
  type CreateAnswerResponse,
  type DeleteAnswerResponse,
  type AnswerListQuery,
  type CreateAnswerBody,
} from '@pulse/contracts';
import { WriteLimits } from '../abuse/write-limits';
import { BadgesService } from '../badges/badges.service';
import type { Actor } from '../identity/actor-resolver';
import { newId, publicSessionMark } from '../identity/identity.service';
import { QuestionPurges } from '../questions/question-purges';
import { NOT_QUESTION_AUTHOR, QuestionsService } from '../questions/questions.service';
import { QuestionsRepository } from '../questions/questions.repository';
import { TrustService } from '../trust/trust.service';
import { toAnswer } from './answer.mapper';
import type { AnswerRecord } from './answer.record';
import { AnswersRepository } from './answers.repository';
import { linksClickableAt, PostMarkdown } from '../markdown/post-markdown';
import { CLOCK, isoNow, type Clock } from '@pulse/platform';

export const ANSWER_NOT_FOUND = '답변을 찾을 수 없습니다.';
export const NOT_ANSWER_AUTHOR = '답변 작성자만 삭제할 수 있습니다.';

/**
 * Answers: list with accepted first, post, accept (question author only), delete (answer author only).
 * Every change purges its question's reads, and the lists too when it moves a count or state they show.
 */
@Injectable()
export class AnswersService {
  constructor(
    private readonly answers: AnswersRepository,
    private readonly questionRecords: QuestionsRepository,
    private readonly questions: QuestionsService,
    private readonly badges: BadgesService,
    private readonly limits: WriteLimits,
    private readonly purges: QuestionPurges,
    private readonly trust: TrustService,
    private readonly markdown: PostMarkdown,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** GET /api/community/questions/{id}/answers?sortBy=, and the question's id (its cache tag). */
  async list(
    questionId: string,
    query: AnswerListQuery,
  ): Promise<{ questionId: string; answers: AnswerListResponse }> {
    const question = await this.questions.visible(questionId);
    const { sortBy } = query;
    return {
      questionId: question._id,
      answers: {
        success: true,
        data: await this.present(await this.answers.listVisible(question._id, sortBy)),
      },
    };
  }

  /** POST /api/community/questions/{id}/answers. */
  async create(
    questionId: string,
    body: CreateAnswerBody,
    actor: Actor,
    ip: string,
  ): Promise<CreateAnswerResponse> {
    const question = await this.questions.visible(questionId);
    const { content } = this.limits.screenProfanity(body, ['content']);
    await this.limits.post(actor.identity._id, ip);
    await this.limits.refuseDuplicate(actor.identity._id, ip, `${question._id}\n${content}`);
    const at = isoNow(this.clock);
    const answer: AnswerRecord = {
      _id: newId('a'),
      questionId: question._id,
      content,
      authorId: actor.identity._id,
      author: {
        username: actor.identity.username,
        displayName: actor.identity.displayName,
        createdAt: actor.identity.createdAt,
      },
      anonymousSessionId: publicSessionMark(actor.sessionId),
      upvotes: 0,
      downvotes: 0,
      isAccepted: false,
      state: 'visible',
      reportCount: 0,
      createdAt: at,
      updatedAt: at,
    };
    await this.answers.insert(answer);
    await Promise.all([
      this.questionRecords.addAnswers(question._id, 1),
      this.limits.rememberPost(actor.identity._id, ip, `${question._id}\n${content}`),
    ]);
    await this.purges.changed(question._id, { listsToo: true });
    const [shown] = await this.present([answer]);
    return { success: true, data: shown };
  }

  /** POST /api/community/questions/{id}/answers/{answerId}/accept. */
  async accept(
    questionId: string,
    answerId: string,
    actor: Actor,
    ip: string,
  ): Promise<AcceptAnswerResponse> {
    const question = await this.questions.visible(questionId);
    const answer = await this.visible(answerId);
    if (answer.questionId !== question._id) throw new NotFoundException(ANSWER_NOT_FOUND);
    if (question.authorId !== actor.identity._id) throw new ForbiddenException(NOT_QUESTION_AUTHOR);
    if (question.acceptedAnswerId === answer._id) return { success: true };
    // Each accept writes an event, a trust recount and a purge of the lists: a vote's budget bounds it.
    await this.limits.vote(actor.identity._id, ip);
    const at = isoNow(this.clock);
    const before = await this.questionRecords.accept(
      question._id,
      actor.identity._id,
      { id: answer._id, authorId: answer.authorId },
      at,
    );
    // Null: another accept or a delete moved the question first; the client reloads and tries again.
    if (!before) throw new ConflictException('answerId: 다른 변경과 겹쳤습니다. 다시 시도해주세요.');
    await this.answers.moveAccepted(question._id, answer._id, at);
    // A self-accepted answer resolves the question; trust (like badges) gives it nothing.
    await this.trust.accepted(
      { id: answer._id, authorId: answer.authorId },
      actor.identity,
      ip,
      before.acceptedAnswerId,
    );
    await this.purges.changed(question._id, { listsToo: true });
    return { success: true };
  }

  /** DELETE /api/community/answers/{id}. */
  async remove(id: string, actor: Actor): Promise<DeleteAnswerResponse> {
    const answer = await this.answers.findExisting(id);
    if (!answer) throw new NotFoundException(ANSWER_NOT_FOUND);
    if (answer.authorId !== actor.identity._id) throw new ForbiddenException(NOT_ANSWER_AUTHOR);
    if (!(await this.answers.markDeleted(id, actor.identity._id, isoNow(this.clock))))
      throw new NotFoundException(ANSWER_NOT_FOUND);
    if (answer.state === 'visible') await this.questionRecords.addAnswers(answer.questionId, -1);
    if (answer.isAccepted) await this.questionRecords.clearAccepted(answer.questionId, answer._id);
    await this.trust.postRemoved(answer._id);
    await this.purges.changed(answer.questionId, { listsToo: true });
    return { success: true };
  }

  async visible(id: string): Promise<AnswerRecord> {
    const answer = await this.answers.findVisible(id);
    if (!answer) throw new NotFoundException(ANSWER_NOT_FOUND);
    return answer;
  }

  /** The answers as sent: author's badges and trust level now, the body rendered under its link rule. */
  async present(records: AnswerRecord[]): Promise<Answer[]> {
    const authorIds = records.map((record) => record.authorId);
    const [badges, levels] = await Promise.all([this.badges.of(authorIds), this.trust.levelsOf(authorIds)]);
    return records.map((record) => {
      const level = levels.get(record.authorId) ?? 'new';
      const bodyHtml = this.markdown.render(record.content, { links: linksClickableAt(level) });
      return toAnswer(record, badges.get(record.authorId) ?? [], level, bodyHtml);
    });
  }
}

import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
} from '@nestjs/common';
import type { CreateAnswerResponse, EditAnswerBody, PostRevisionsResponse } from '@pulse/contracts';
import { CLOCK, isoNow, type Clock } from '@pulse/platform';
import { WriteLimits } from '../abuse/write-limits';
import type { Actor } from '../identity/actor-resolver';
import { NOTHING_CHANGED } from '../questions/question-edits.service';
import { QuestionPurges } from '../questions/question-purges';
import { QuestionsService } from '../questions/questions.service';
import { EDIT_RACED, PostRevisions } from '../revisions/post-revisions';
import { AnswersRepository } from './answers.repository';
import { AnswersService } from './answers.service';

export const NOT_ANSWER_EDITOR = '답변 작성자만 수정할 수 있습니다.';

/**
 * An answer's edits by its author and the versions they leave, with the checks of answering (the verified
 * author only, profanity refused, the post limits). Only a visible answer on a visible question is edited.
 */
@Injectable()
export class AnswerEditsService {
  constructor(
    private readonly answers: AnswersService,
    private readonly records: AnswersRepository,
    private readonly questions: QuestionsService,
    private readonly revisions: PostRevisions,
    private readonly purges: QuestionPurges,
    private readonly limits: WriteLimits,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** PATCH /api/community/answers/{id}. */
  async edit(id: string, body: EditAnswerBody, actor: Actor, ip: string): Promise<CreateAnswerResponse> {
    const answer = await this.answers.visible(id);
    await this.questions.visible(answer.questionId);
    if (answer.authorId !== actor.identity._id) throw new ForbiddenException(NOT_ANSWER_EDITOR);
    const { content } = this.limits.screenProfanity(body, ['content']);
    if (content === answer.content) throw new BadRequestException(`content: ${NOTHING_CHANGED}`);
    await this.limits.post(actor.identity._id, ip);
    const at = isoNow(this.clock);
    const kept = await this.revisions.keep('answer', answer, at);
    const after = await this.records.edit(answer, { content, lastChanged: ['content'] }, at);
    if (!after) {
      await this.revisions.release(kept);
      throw new ConflictException(EDIT_RACED);
    }
    await this.purges.changed(after.questionId);
    const [shown] = await this.answers.present([after]);
    return { success: true, data: shown };
  }

  /** GET /api/community/answers/{id}/revisions: public, as the answer is. */
  async revisionsOf(id: string): Promise<{ questionId: string; body: PostRevisionsResponse }> {
    const answer = await this.answers.visible(id);
    await this.questions.visible(answer.questionId);
    const body: PostRevisionsResponse = {
      success: true,
      data: { versions: await this.revisions.versions(answer) },
    };
    // The question's id names the cache tag an edit of the answer purges (QuestionPurges).
    return { questionId: answer.questionId, body };
  }
}

import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
} from '@nestjs/common';
import type { EditQuestionBody, PostRevisionsResponse, QuestionDetailResponse } from '@pulse/contracts';
import { CLOCK, isoNow, type Clock } from '@pulse/platform';
import { WriteLimits } from '../abuse/write-limits';
import type { Actor } from '../identity/actor-resolver';
import { changedFields, EDIT_RACED, PostRevisions } from '../revisions/post-revisions';
import { QuestionIndex } from './question-index';
import { QuestionPurges } from './question-purges';
import { QuestionsRepository } from './questions.repository';
import { QuestionsService } from './questions.service';

export const NOT_QUESTION_EDITOR = '질문 작성자만 수정할 수 있습니다.';
export const NOTHING_CHANGED = '수정된 내용이 없습니다.';

/**
 * A question's edits by its author and the versions they leave (services/community/README.md 'Edits and
 * revisions'). The same checks as asking: the verified author only, profanity refused, the post limits.
 * Only a visible question is edited, so an edit never brings back one a moderator hid or holds.
 */
@Injectable()
export class QuestionEditsService {
  constructor(
    private readonly questions: QuestionsService,
    private readonly records: QuestionsRepository,
    private readonly revisions: PostRevisions,
    private readonly index: QuestionIndex,
    private readonly purges: QuestionPurges,
    private readonly limits: WriteLimits,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** PATCH /api/community/questions/{id}. */
  async edit(id: string, body: EditQuestionBody, actor: Actor, ip: string): Promise<QuestionDetailResponse> {
    const question = await this.questions.visible(id);
    if (question.authorId !== actor.identity._id) throw new ForbiddenException(NOT_QUESTION_EDITOR);
    const input = this.limits.screenProfanity(body, ['title', 'content', 'tags']);
    const next = {
      title: input.title ?? question.title,
      content: input.content ?? question.content,
      tags: input.tags ?? question.tags,
    };
    const changed = changedFields(question, next);
    if (!changed.length) {
      const named = (['title', 'content', 'tags'] as const).find((field) => body[field] !== undefined);
      throw new BadRequestException(`${named ?? 'content'}: ${NOTHING_CHANGED}`);
    }
    await this.limits.post(actor.identity._id, ip);
    const at = isoNow(this.clock);
    const kept = await this.revisions.keep('question', question, at);
    const after = await this.records.edit(question, { ...next, lastChanged: changed }, at);
    if (!after) {
      await this.revisions.release(kept);
      throw new ConflictException(EDIT_RACED);
    }
    // The search index and the lists show the title and tags; the detail shows all of it.
    await Promise.all([this.index.add(after), this.purges.changed(after._id, { listsToo: true })]);
    const [shown] = await this.questions.present([after], { html: true });
    return { success: true, data: shown };
  }

  /** GET /api/community/questions/{id}/revisions: public, as the question is. */
  async revisionsOf(id: string): Promise<PostRevisionsResponse> {
    const question = await this.questions.visible(id);
    return { success: true, data: { versions: await this.revisions.versions(question) } };
  }
}

import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  TOPICS,
  type AnswerAcceptedPayload,
  type AnswerCreatedPayload,
  type EventEnvelope,
  type QuestionCreatedPayload,
} from '@pulse/contracts';
import { QuestionsRepository } from '../questions/questions.repository';
import { BadgesService } from './badges.service';

/**
 * community → community: badges follow from the service's own events, so a badge is awarded once the
 * post is durably stored, and a replayed event (at-least-once delivery) awards nothing twice. Answering
 * or accepting on one's own question earns nothing: those badges say someone else needed the answer.
 */
@Controller()
export class BadgesHandler {
  constructor(
    private readonly badges: BadgesService,
    private readonly questions: QuestionsRepository,
  ) {}

  @EventPattern<string>(TOPICS.questionCreated)
  async onQuestion(@Payload() event: EventEnvelope<QuestionCreatedPayload>): Promise<void> {
    const { authorId, questionId, createdAt } = event.payload;
    await this.badges.progress(authorId, 'questions', questionId, createdAt);
  }

  @EventPattern<string>(TOPICS.answerCreated)
  async onAnswer(@Payload() event: EventEnvelope<AnswerCreatedPayload>): Promise<void> {
    const { authorId, answerId, questionId, createdAt } = event.payload;
    // Any state: a question deleted since still tells whose it was.
    const [question] = await this.questions.findMany([questionId]);
    if (!question || question.authorId === authorId) return;
    await this.badges.progress(authorId, 'answers', answerId, createdAt);
  }

  @EventPattern<string>(TOPICS.answerAccepted)
  async onAccepted(@Payload() event: EventEnvelope<AnswerAcceptedPayload>): Promise<void> {
    const { answerAuthorId, acceptedBy, questionId, acceptedAt } = event.payload;
    if (answerAuthorId === acceptedBy) return;
    // Counted per question: an asker who moves the accept from answer to answer of one author (ten
    // answers posted by a second nickname, say) gives that author one question solved, not ten accepts.
    await this.badges.progress(answerAuthorId, 'accepted', questionId, acceptedAt);
  }
}

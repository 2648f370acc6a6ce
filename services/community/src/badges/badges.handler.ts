import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import {
  TOPICS,
  type AnswerAcceptedPayload,
  type AnswerCreatedPayload,
  type EventEnvelope,
  type QuestionCreatedPayload,
} from '@pulse/contracts';
import { BadgesService } from './badges.service';

/**
 * community → community: badges follow from the service's own events, so a badge is awarded once the
 * post is durably stored, and a replayed event (at-least-once delivery) awards nothing twice.
 */
@Controller()
export class BadgesHandler {
  constructor(private readonly badges: BadgesService) {}

  @EventPattern(TOPICS.questionCreated)
  async onQuestion(@Payload() event: EventEnvelope<QuestionCreatedPayload>): Promise<void> {
    const { authorId, questionId, createdAt } = event.payload;
    await this.badges.progress(authorId, 'questions', questionId, createdAt);
  }

  @EventPattern(TOPICS.answerCreated)
  async onAnswer(@Payload() event: EventEnvelope<AnswerCreatedPayload>): Promise<void> {
    const { authorId, answerId, createdAt } = event.payload;
    await this.badges.progress(authorId, 'answers', answerId, createdAt);
  }

  @EventPattern(TOPICS.answerAccepted)
  async onAccepted(@Payload() event: EventEnvelope<AnswerAcceptedPayload>): Promise<void> {
    const { answerAuthorId, answerId, acceptedAt } = event.payload;
    await this.badges.progress(answerAuthorId, 'accepted', answerId, acceptedAt);
  }
}

import { z } from 'zod';
import { defineEvent } from './define-event';
import { entityId, isoDateTime } from './shared-schemas';

/**
 * community → (badges, analytics): an answer was posted (docs/spec-community.md §4 'New answer'). Keyed by the question,
 * so it never overtakes the question's own events.
 *
 * NEVER rename this topic or change this payload in place: consumers and stored events depend on it. A
 * breaking change gets a new definition beside this one ('answer.created.v2', version 2), and producers
 * publish both until every consumer has moved.
 */
export const ANSWER_CREATED_TOPIC = 'answer.created';
export const ANSWER_CREATED_VERSION = 1;

export const answerCreatedPayloadSchema = z.object({
  answerId: entityId,
  questionId: entityId,
  authorId: entityId,
  createdAt: isoDateTime,
});
export type AnswerCreatedPayload = z.output<typeof answerCreatedPayloadSchema>;

export const answerCreatedEvent = defineEvent({
  topic: ANSWER_CREATED_TOPIC,
  version: ANSWER_CREATED_VERSION,
  schema: answerCreatedPayloadSchema,
  partitionKey: (payload) => payload.questionId,
});

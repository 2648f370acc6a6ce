import { z } from 'zod';
import { defineEvent } from './define-event';
import { entityId, isoDateTime } from './shared-schemas';

/**
 * community → (badges, analytics): a question's author accepted an answer, so the question is resolved
 * (docs/spec-community.md §4 'Question'). Achievement badges for accepted answers hang off this.
 *
 * NEVER rename this topic or change this payload in place: consumers and stored events depend on it. A
 * breaking change gets a new definition beside this one ('answer.accepted.v2', version 2), and producers
 * publish both until every consumer has moved.
 */
export const ANSWER_ACCEPTED_TOPIC = 'answer.accepted';
export const ANSWER_ACCEPTED_VERSION = 1;

export const answerAcceptedPayloadSchema = z.object({
  questionId: entityId,
  answerId: entityId,
  answerAuthorId: entityId,
  /** Always the question's author (docs/design.md §10: only the author accepts). */
  acceptedBy: entityId,
  /** The answer this one replaced, if the author changed their mind; its accepted flag is cleared. */
  previousAnswerId: entityId.nullable(),
  acceptedAt: isoDateTime,
});
export type AnswerAcceptedPayload = z.output<typeof answerAcceptedPayloadSchema>;

export const answerAcceptedEvent = defineEvent({
  topic: ANSWER_ACCEPTED_TOPIC,
  version: ANSWER_ACCEPTED_VERSION,
  schema: answerAcceptedPayloadSchema,
  partitionKey: (payload) => payload.questionId,
});

import { z } from 'zod';
import { QA_CATEGORY_VALUES } from '../api/community-constants';
import { defineEvent } from './define-event';
import { entityId, isoDateTime } from './shared-schemas';

/**
 * community → (badges, assistant retrieval, analytics): a question was asked (docs/spec-community.md §4 'Ask submit').
 * Keyed by question id, so a question's events (created, answered, accepted) stay in order.
 *
 * NEVER rename this topic or change this payload in place: consumers and stored events depend on it. A
 * breaking change gets a new definition beside this one ('question.created.v2', version 2), and producers
 * publish both until every consumer has moved.
 */
export const QUESTION_CREATED_TOPIC = 'question.created';
export const QUESTION_CREATED_VERSION = 1;

export const questionCreatedPayloadSchema = z.object({
  questionId: entityId,
  authorId: entityId,
  title: z.string().min(1).max(300),
  category: z.enum(QA_CATEGORY_VALUES),
  tags: z.array(z.string().min(1).max(30)).max(5),
  createdAt: isoDateTime,
});
export type QuestionCreatedPayload = z.output<typeof questionCreatedPayloadSchema>;

export const questionCreatedEvent = defineEvent({
  topic: QUESTION_CREATED_TOPIC,
  version: QUESTION_CREATED_VERSION,
  schema: questionCreatedPayloadSchema,
  partitionKey: (payload) => payload.questionId,
});

import type { Answer, Badge, TrustLevel } from '@pulse/contracts';
import { toAuthor } from '../identity/user-view';
import type { AnswerRecord } from './answer.record';

/** docs/spec-community.md §3 Answer 'as sent': the same for every reader. */
export const toAnswer = (
  record: AnswerRecord,
  badges: Badge[],
  trustLevel: TrustLevel,
  bodyHtml?: string,
): Answer => ({
  id: record._id,
  questionId: record.questionId,
  content: record.content,
  user: toAuthor(record.authorId, record.author, badges, trustLevel),
  anonymousSessionId: record.anonymousSessionId,
  upvotes: record.upvotes,
  downvotes: record.downvotes,
  isAccepted: record.isAccepted,
  createdAt: record.createdAt,
  updatedAt: record.updatedAt,
  ...(bodyHtml !== undefined ? { bodyHtml } : {}),
  ...(record.editedAt ? { editedAt: record.editedAt } : {}),
});

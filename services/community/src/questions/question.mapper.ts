import { qaCategoryOf, type Badge, type Question, type TrustLevel } from '@pulse/contracts';
import { toAuthor } from '../identity/user-view';
import type { QuestionRecord } from './question.record';

/** docs/spec-community.md §3 Question 'as sent by the server': the same for every reader. */
export function toQuestion(
  record: QuestionRecord,
  badges: Badge[],
  trustLevel?: TrustLevel,
  bodyHtml?: string,
): Question {
  return {
    id: record._id,
    title: record.title,
    content: record.content,
    user: toAuthor(record.authorId, record.author, badges, trustLevel),
    anonymousSessionId: record.anonymousSessionId,
    category: qaCategoryOf(record.category),
    tags: record.tags,
    viewCount: record.viewCount,
    upvotes: record.upvotes,
    answerCount: record.answerCount,
    isAnswered: record.acceptedAnswerId !== null,
    acceptedAnswerId: record.acceptedAnswerId,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    ...(record.articleId ? { articleId: record.articleId, storyId: record.storyId ?? null } : {}),
    ...(bodyHtml !== undefined ? { bodyHtml } : {}),
    ...(record.editedAt ? { editedAt: record.editedAt } : {}),
  };
}

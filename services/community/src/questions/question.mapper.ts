import { qaCategoryOf, type Badge, type Question, type QuestionViewerVote } from '@pulse/contracts';
import { toAuthor } from '../identity/user-view';
import type { QuestionRecord } from './question.record';

/** docs/spec-community.md §3 Question 'as sent by the server', plus the reader's own vote when known. */
export function toQuestion(
  record: QuestionRecord,
  badges: Badge[],
  viewerVote?: QuestionViewerVote,
): Question {
  return {
    id: record._id,
    title: record.title,
    content: record.content,
    user: toAuthor(record.authorId, record.author, badges),
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
    ...(viewerVote === undefined ? {} : { viewerVote }),
    ...(record.articleId ? { articleId: record.articleId, storyId: record.storyId ?? null } : {}),
  };
}

import { z } from 'zod';
import {
  answerViewerVoteSchema,
  commentViewerVoteSchema,
  communityOk,
  communityUserSchema,
  questionViewerVoteSchema,
} from './community-responses';

// The reader-state call's answer (reader-state.ts keeps the bounds, with no zod, for the browser bundles).

export const questionMarkSchema = z
  .object({
    vote: questionViewerVoteSchema,
    bookmarked: z.boolean(),
    /** The verified identity wrote it: the page offers '수정' from this, never from an id it compares. */
    mine: z.boolean(),
  })
  .meta({ id: 'QuestionMark' });
export type QuestionMark = z.output<typeof questionMarkSchema>;

export const answerMarkSchema = z
  .object({ vote: answerViewerVoteSchema, mine: z.boolean() })
  .meta({ id: 'AnswerMark' });
export type AnswerMark = z.output<typeof answerMarkSchema>;

export const commentMarkSchema = z.object({ reaction: commentViewerVoteSchema }).meta({ id: 'CommentMark' });
export type CommentMark = z.output<typeof commentMarkSchema>;

export const bookmarkMarkSchema = z.object({ bookmarked: z.boolean() }).meta({ id: 'BookmarkMark' });
export type BookmarkMark = z.output<typeof bookmarkMarkSchema>;

/**
 * The verified identity (as `auth/me` names it) and one entry per id asked, whether or not the id names
 * anything (an unknown or removed post simply carries no mark). Never shared: `private, no-store`.
 */
export const readerStateSchema = z
  .object({
    user: communityUserSchema,
    questions: z.record(z.string(), questionMarkSchema),
    answers: z.record(z.string(), answerMarkSchema),
    comments: z.record(z.string(), commentMarkSchema),
    articles: z.record(z.string(), bookmarkMarkSchema),
    insights: z.record(z.string(), bookmarkMarkSchema),
    techAnalyses: z.record(z.string(), bookmarkMarkSchema),
  })
  .meta({ id: 'ReaderState' });
export type ReaderState = z.output<typeof readerStateSchema>;

export const readerStateResponseSchema = communityOk(readerStateSchema);
export type ReaderStateResponse = z.output<typeof readerStateResponseSchema>;

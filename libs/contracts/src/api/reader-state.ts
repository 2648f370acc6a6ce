// The reader's own marks on a page, apart from what every reader sees (services/community/README.md
// 'The reader's state'). Types and bounds only: the browser bundles import this module, so it holds no zod.
import type {
  AnswerViewerVote,
  CommentViewerVote,
  CommunityOk,
  CommunityUser,
  QuestionViewerVote,
} from './community';

/**
 * How many ids of each kind one call may name: a question list's page with an article's story questions,
 * a question's answers (200 is the most a page holds in the benchmarks), a comment page's threads with
 * their replies, a page of bookmark buttons. A page holding more asks again for the rest.
 */
export const READER_STATE_LIMITS = {
  questions: 50,
  answers: 200,
  comments: 200,
  articles: 50,
  insights: 50,
  techAnalyses: 50,
} as const;

export type ReaderStateField = keyof typeof READER_STATE_LIMITS;
export const READER_STATE_FIELDS = Object.keys(READER_STATE_LIMITS) as ReaderStateField[];

/** GET /api/community/me/state?questions=&answers=&comments=&articles=&insights=&techAnalyses= (ids comma-separated). */
export type ReaderStateAsk = Partial<Record<ReaderStateField, readonly string[]>>;

export interface QuestionMark {
  vote: QuestionViewerVote;
  bookmarked: boolean;
  /** The verified identity wrote it: the page offers '수정' from this, never from an id it compares. */
  mine: boolean;
}
export interface AnswerMark {
  vote: AnswerViewerVote;
  mine: boolean;
}
export interface CommentMark {
  reaction: CommentViewerVote;
}
export interface BookmarkMark {
  bookmarked: boolean;
}

/**
 * The answer: the verified identity (as `auth/me` names it) and one entry per id asked, whether or not the
 * id names anything (an unknown or removed post simply carries no mark). Never shared: `private, no-store`.
 */
export interface ReaderState {
  user: CommunityUser;
  questions: Record<string, QuestionMark>;
  answers: Record<string, AnswerMark>;
  comments: Record<string, CommentMark>;
  articles: Record<string, BookmarkMark>;
  insights: Record<string, BookmarkMark>;
  techAnalyses: Record<string, BookmarkMark>;
}
export type ReaderStateResponse = CommunityOk<ReaderState>;

// The reader's own marks on a page, apart from what every reader sees (services/community/README.md
// 'The reader's state'). Types and bounds only: the browser bundles import this module, so it holds no zod
// (the answer's schemas are reader-state-responses.ts, whose types are re-exported below).
export type {
  AnswerMark,
  BookmarkMark,
  CommentMark,
  QuestionMark,
  ReaderState,
  ReaderStateResponse,
} from './reader-state-responses';

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

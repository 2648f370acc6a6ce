import type { ErrorBody } from './errors';
import type { z } from 'zod';
import type {
  ChatMessage,
  CommunityDone,
  communityOk,
  CommunityUser,
  QuestionTag,
} from './community-responses';

/**
 * Response shapes of the community service (docs/spec-community.md §3 entities, §7 calls), declared as zod
 * schemas in community-responses.ts; their types are re-exported below, and this module stays free of zod
 * because the browser bundles import its values. Every community response is wrapped in {success, data}; a
 * failure is the common error body plus success:false, so the seed's client, which reads `message` on
 * failure, and docs/design.md §7's error body are both satisfied.
 */

export type CommunityOk<T> = z.output<ReturnType<typeof communityOk<z.ZodType<T>>>>;
export type CommunityFailure = ErrorBody & { success: false };

/** The browser's record under 'anonymous_user': the user plus what sign-up returned. */
export interface StoredAnonymousUser extends CommunityUser {
  sessionId?: string;
  token?: string;
}

/** A nickname's trust level, earned by age and by what others accepted or voted for (docs/abuse/trust-levels.md). */
export const TRUST_LEVELS = ['new', 'basic', 'member', 'regular'] as const;
export type TrustLevel = (typeof TRUST_LEVELS)[number];
export const tagNames = (tags: QuestionTag[]): string[] =>
  tags.map((tag) => (typeof tag === 'string' ? tag : tag.name));

/** docs/spec-community.md §3: 'the author is anonymous when there is no user or an anonymous session id exists'. */
export const isAnonymousAuthor = (post: { user: unknown; anonymousSessionId: string | null }): boolean =>
  post.user === null || post.anonymousSessionId !== null;

/** docs/spec-community.md §3: what a missing user shows as. */
export const MISSING_USER_DISPLAY_NAME = 'Anonymous User';

/** docs/spec-community.md §3: an answer or comment is 'edited' when updatedAt differs from createdAt. */
export const isEdited = (post: { createdAt: string; updatedAt: string }): boolean =>
  post.updatedAt !== post.createdAt;
export type AcceptAnswerResponse = CommunityDone;
export type DeleteQuestionResponse = CommunityDone;
export type DeleteAnswerResponse = CommunityDone;

/** What a placeholder shows instead of the removed comment's text. */
export const COMMENT_PLACEHOLDER = {
  deleted: '삭제된 댓글입니다.',
  hidden: '숨겨진 댓글입니다.',
} as const;
export type DeleteCommentResponse = CommunityDone;

/** The ask form's draft as assistant context (never stored). */
export interface ChatDraft {
  title?: string;
  content?: string;
}

/**
 * 'llm' when the LLM wrote the answer; 'search-only' when no LLM is configured and the reply lists the
 * retrieved passages with links (docs/design.md §11.4).
 */
export const ASSISTANT_MODES = ['llm', 'search-only'] as const;
export type AssistantMode = (typeof ASSISTANT_MODES)[number];

/**
 * POST …/messages with `Accept: text/event-stream` answers these as server-sent events (event name = type,
 * data = JSON): `start` once the question is stored, `delta` as the answer is written, then `done` with the
 * stored message (its links checked) or `error`. Without that Accept header the reply is ChatReplyResponse.
 */
export type ChatStreamEvent =
  | { type: 'start'; message: ChatMessage; mode: AssistantMode }
  | { type: 'delta'; text: string }
  | { type: 'done'; message: ChatMessage; mode: AssistantMode }
  | { type: 'error'; message: string };

// The response types, one source with their schemas (community-responses.ts).
export type {
  CommunityDone,
  Badge,
  CommunityUser,
  AnonymousAuthData,
  AnonymousAuthResponse,
  QuestionAuthor,
  QuestionTag,
  QuestionViewerVote,
  AnswerViewerVote,
  CommentViewerVote,
  Question,
  Answer,
  QuestionStats,
  QuestionListData,
  QuestionListResponse,
  QuestionDetailResponse,
  AnswerListResponse,
  CreateQuestionResponse,
  CreateAnswerResponse,
  QuestionVoteResponse,
  AnswerVoteResponse,
  QuestionViewerVotes,
  QuestionViewerVotesResponse,
  QuestionViewResponse,
  CommentAuthor,
  ArticleComment,
  CommentListData,
  CommentListResponse,
  CommentResponse,
  CommentVoteResponse,
  ChatContext,
  ChatCitation,
  ChatMessage,
  ChatSession,
  ChatSessionResponse,
  ChatReplyResponse,
  ClearChatResponse,
  StoryQuestionsResponse,
  CommunityNotification,
  NotificationsResponse,
  NotificationReadResponse,
} from './community-responses';

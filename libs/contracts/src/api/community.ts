import type { ErrorBody } from './errors';
import type { BadgeColor, BadgeType, QaCategory } from './community-constants';
import type { NotCountedReason } from './interactions';

/**
 * Response shapes of the community service (docs/spec-community.md §3 entities, §7 calls). Every community response is
 * wrapped in {success, data}; a failure is the common error body plus success:false, so the seed's client,
 * which reads `message` on failure, and docs/design.md §7's error body are both satisfied.
 */

export interface CommunityOk<T> {
  success: true;
  data: T;
}
/** Accept and delete answer {success} with no data (docs/spec-community.md §7). */
export interface CommunityDone {
  success: true;
}
export type CommunityFailure = ErrorBody & { success: false };

/** docs/spec-community.md §3 Badge. */
export interface Badge {
  id: string;
  name: string;
  description: string;
  /** The seed's emoji, kept for older clients: the site draws a badge by its `id` (no emoji font needed). */
  icon: string;
  color: BadgeColor;
  type: BadgeType;
  earnedAt: string;
}

/** docs/spec-community.md §3 Anonymous user, as the server sends it. */
export interface CommunityUser {
  id: string;
  username: string;
  displayName: string;
  isAnonymous: boolean;
  badges: Badge[];
  createdAt: string;
  lastActiveAt: string;
}

/** The browser's record under 'anonymous_user': the user plus what sign-up returned. */
export interface StoredAnonymousUser extends CommunityUser {
  sessionId?: string;
  token?: string;
}

/** POST /api/community/auth/anonymous → data. The token is signed by the server (docs/design.md §10). */
export interface AnonymousAuthData {
  user: CommunityUser;
  token: string;
  sessionId: string;
}
export type AnonymousAuthResponse = CommunityOk<AnonymousAuthData>;

/** docs/spec-community.md §3 Question.user; isAnonymous and badges are optional additions (cards show author badges). */
export interface QuestionAuthor {
  id: string;
  username: string;
  displayName: string;
  createdAt: string;
  isAnonymous?: boolean;
  badges?: Badge[];
  /**
   * The author's trust level now (docs/abuse/trust-levels.md): the Q&A renderer makes links clickable only
   * for authors past 'new'. Absent on posts from before trust levels: read it as 'new'.
   */
  trustLevel?: TrustLevel;
}

/** A nickname's trust level, earned by age and by what others accepted or voted for (docs/abuse/trust-levels.md). */
export const TRUST_LEVELS = ['new', 'basic', 'member', 'regular'] as const;
export type TrustLevel = (typeof TRUST_LEVELS)[number];

/** docs/spec-community.md §3: tags arrive as objects with a name or as plain strings; read them with tagNames. */
export type QuestionTag = string | { name: string };
export const tagNames = (tags: QuestionTag[]): string[] =>
  tags.map((tag) => (typeof tag === 'string' ? tag : tag.name));

/**
 * The reader's own vote, so the like button shows the server's state rather than a local toggle
 * (docs/design.md §11.9). Chosen here. Comments carry it when the request has an identity; questions and
 * answers never do (their reads are the same bytes for every reader, docs/design.md §11.11): the reader's
 * votes are their own call, QuestionViewerVotesResponse.
 */
export type QuestionViewerVote = 'upvote' | null;
export type AnswerViewerVote = 'upvote' | 'downvote' | null;
export type CommentViewerVote = 'like' | 'dislike' | null;

/** docs/spec-community.md §3 Question 'as sent by the server'. */
export interface Question {
  id: string;
  title: string;
  content: string;
  user: QuestionAuthor | null;
  anonymousSessionId: string | null;
  /** Older data may hold other values; read with qaCategoryOf. */
  category: QaCategory;
  tags: QuestionTag[];
  viewCount: number;
  upvotes: number;
  answerCount: number;
  isAnswered: boolean;
  acceptedAnswerId: string | null;
  createdAt: string;
  updatedAt: string;
  /** The article the question was asked from ('이 기사에 대해 질문하기'), if any. Chosen here. */
  articleId?: string;
  /** That article's story (ingestion's cluster), once known. Chosen here. */
  storyId?: string | null;
  /**
   * `content` as the server rendered it from Markdown (community-edits.ts 'Markdown'), on the detail read
   * and on writes; lists leave it out. Chosen here.
   */
  bodyHtml?: string;
  /** When its author last edited it; absent when never edited. Chosen here. */
  editedAt?: string;
}

/** docs/spec-community.md §3: 'the author is anonymous when there is no user or an anonymous session id exists'. */
export const isAnonymousAuthor = (post: { user: unknown; anonymousSessionId: string | null }): boolean =>
  post.user === null || post.anonymousSessionId !== null;

/** docs/spec-community.md §3: what a missing user shows as. */
export const MISSING_USER_DISPLAY_NAME = 'Anonymous User';

/** docs/spec-community.md §3: an answer or comment is 'edited' when updatedAt differs from createdAt. */
export const isEdited = (post: { createdAt: string; updatedAt: string }): boolean =>
  post.updatedAt !== post.createdAt;

/** docs/spec-community.md §3 Answer 'as sent'. */
export interface Answer {
  id: string;
  questionId: string;
  content: string;
  user: QuestionAuthor | null;
  anonymousSessionId: string | null;
  upvotes: number;
  downvotes: number;
  isAccepted: boolean;
  createdAt: string;
  updatedAt: string;
  /** `content` rendered by the server from Markdown, as on Question. Chosen here. */
  bodyHtml?: string;
  /** When its author last edited it; absent when never edited. Chosen here. */
  editedAt?: string;
}

/** Question list statistics tiles (docs/spec-community.md §2); with real pagination the server must count them. */
export interface QuestionStats {
  totalQuestions: number;
  resolvedQuestions: number;
  unansweredQuestions: number;
  totalAnswers: number;
}

/**
 * GET /api/community/questions → data. docs/spec-community.md §7 shows {questions}; pagination and stats are additions
 * chosen here for docs/design.md §11.5 (real 'load more').
 */
export interface QuestionListData {
  questions: Question[];
  pagination: { page: number; totalPages: number; total: number; hasMore: boolean };
  stats: QuestionStats;
}
export type QuestionListResponse = CommunityOk<QuestionListData>;
export type QuestionDetailResponse = CommunityOk<Question>;
export type AnswerListResponse = CommunityOk<Answer[]>;
/** POST /api/community/questions → data.id; the client navigates to the new question. */
export type CreateQuestionResponse = CommunityOk<{ id: string }>;
export type CreateAnswerResponse = CommunityOk<Answer>;

/**
 * Vote responses: the counts to show and the identity's vote after this call. One vote per identity per
 * target (docs/design.md §10): repeating the same vote withdraws it, the opposite vote replaces it.
 */
export type QuestionVoteResponse = CommunityOk<{ upvotes: number; viewerVote: QuestionViewerVote }>;
export type AnswerVoteResponse = CommunityOk<{
  upvotes: number;
  downvotes: number;
  viewerVote: AnswerViewerVote;
}>;
/**
 * GET /api/community/questions/{id}/votes → the reader's votes on the question and on its answers (answer
 * id → vote; answers without the reader's vote are left out). No identity: no votes. Chosen here.
 */
export interface QuestionViewerVotes {
  question: QuestionViewerVote;
  answers: Record<string, Exclude<AnswerViewerVote, null>>;
  /**
   * Which of the page's posts the verified identity wrote (the question, and its answers' ids), so the
   * page offers '수정' from the server's word rather than an id the client compares. Chosen here.
   */
  mine: { question: boolean; answers: string[] };
}
export type QuestionViewerVotesResponse = CommunityOk<QuestionViewerVotes>;
/**
 * POST /api/community/questions/{id}/view → whether this call counted a view (once per reader and
 * COMMUNITY_VIEW_WINDOW_HOURS) and the question's view count after it. Chosen here.
 */
/** `reason` says why a view did not count when that was not a view already counted (NotCountedReason). */
export type QuestionViewResponse = CommunityOk<{
  counted: boolean;
  viewCount: number;
  reason?: NotCountedReason;
}>;
export type AcceptAnswerResponse = CommunityDone;
export type DeleteQuestionResponse = CommunityDone;
export type DeleteAnswerResponse = CommunityDone;

/** docs/spec-community.md §3 Article comment author. */
export interface CommentAuthor {
  id: string;
  displayName: string;
  avatar: string | null;
  isAnonymous: boolean;
  badges: Badge[];
}

/**
 * docs/spec-community.md §3 Article comment. articleId, parentId, depth and updatedAt are additions chosen here: the client
 * needs depth to offer 'reply' only below COMMUNITY_LIMITS.commentMaxDepth.
 */
export interface ArticleComment {
  id: string;
  articleId: string;
  parentId: string | null;
  depth: number;
  content: string;
  author: CommentAuthor;
  createdAt: string;
  updatedAt: string;
  isEdited: boolean;
  likes: number;
  dislikes: number;
  replies: ArticleComment[];
  viewerVote?: CommentViewerVote;
  /**
   * Present only on a placeholder: a comment deleted by its author ('deleted') or hidden by moderation
   * ('hidden') that still has visible replies keeps its place in the thread, with COMMENT_PLACEHOLDER text,
   * no author and no counts. Chosen here.
   */
  removed?: 'deleted' | 'hidden';
}

/** What a placeholder shows instead of the removed comment's text. */
export const COMMENT_PLACEHOLDER = {
  deleted: '삭제된 댓글입니다.',
  hidden: '숨겨진 댓글입니다.',
} as const;

/**
 * GET /api/community/articles/{id}/comments: an article nobody commented on (or an unknown id) answers an
 * empty list, not 404. `totalCount` counts every visible comment and reply; `pagination` (chosen here)
 * pages the top-level threads.
 */
export interface CommentListData {
  comments: ArticleComment[];
  totalCount: number;
  pagination: { page: number; totalPages: number; total: number; hasMore: boolean };
}
export type CommentListResponse = CommunityOk<CommentListData>;
/** Comment create, reply and edit (seed: not shown; chosen here, docs/design.md §11.3). */
export type CommentResponse = CommunityOk<ArticleComment>;
export type CommentVoteResponse = CommunityOk<{
  likes: number;
  dislikes: number;
  viewerVote: CommentViewerVote;
}>;
export type DeleteCommentResponse = CommunityDone;

/** docs/spec-community.md §3 Chat message context. */
export interface ChatContext {
  articleId?: string;
  questionId?: string;
  projectId?: string;
}

/** The ask form's draft as assistant context (never stored). */
export interface ChatDraft {
  title?: string;
  content?: string;
}

/** An article the assistant used for its answer (docs/design.md §11.4: answers cite our own articles). */
export interface ChatCitation {
  /** The number the answer cites it by: '[1]'. */
  index: number;
  articleId: string;
  title: string;
  url: string;
}

/** docs/spec-community.md §3 Chat message; citations are an addition for assistant replies. */
export interface ChatMessage {
  id: string;
  content: string;
  role: 'user' | 'assistant';
  timestamp: string;
  context?: ChatContext;
  citations?: ChatCitation[];
}

/** docs/spec-community.md §3 Chat session. */
export interface ChatSession {
  id: string;
  userId: string;
  messages: ChatMessage[];
  isActive: boolean;
  createdAt: string;
  lastMessageAt: string | null;
}

/**
 * 'llm' when the LLM wrote the answer; 'search-only' when no LLM is configured and the reply lists the
 * retrieved passages with links (docs/design.md §11.4).
 */
export const ASSISTANT_MODES = ['llm', 'search-only'] as const;
export type AssistantMode = (typeof ASSISTANT_MODES)[number];

/** Assistant calls (seed: not shown; chosen here, docs/design.md §11.4). */
export type ChatSessionResponse = CommunityOk<ChatSession>;
export type ChatReplyResponse = CommunityOk<{ message: ChatMessage; mode: AssistantMode }>;
export type ClearChatResponse = CommunityDone;

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

/** GET /api/community/articles/{id}/questions: community questions about the article's story, newest first. */
export type StoryQuestionsResponse = CommunityOk<{ questions: Question[]; storyId: string | null }>;

/** A notice on the site for one identity (the bell). Chosen here. */
export interface CommunityNotification {
  id: string;
  /** 'story-article': a story the identity asked about; 'followed-story': a story it follows. */
  kind: 'story-article' | 'followed-story';
  /** '질문하신 소식에 새 기사가 올라왔습니다' or '팔로우한 소식에 새 기사가 올라왔습니다' */
  message: string;
  /** The question asked about the story; null on a followed story's notice. */
  questionId: string | null;
  questionTitle: string | null;
  /** The story the article belongs to. */
  storyId?: string;
  articleId: string;
  articleTitle: string;
  /** Where the notice leads: the article's page on this site. */
  url: string;
  createdAt: string;
  read: boolean;
}
export type NotificationsResponse = CommunityOk<{ notifications: CommunityNotification[]; unread: number }>;
export type NotificationReadResponse = CommunityDone;

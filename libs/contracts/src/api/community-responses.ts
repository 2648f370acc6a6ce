import { z } from 'zod';
import { BADGE_COLORS, BADGE_TYPES, QA_CATEGORY_VALUES } from './community-constants';
import { ASSISTANT_MODES, TRUST_LEVELS } from './community';
import { NOT_COUNTED_REASONS } from './interactions';

/**
 * Response shapes of the community service as zod schemas (docs/spec-community.md §3 entities, §7 calls),
 * for the OpenAPI documents; community.ts re-exports their types. Every community response is wrapped in
 * {success, data} (CommunityOk).
 */
export const communityOk = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

/** Accept and delete answer {success} with no data (docs/spec-community.md §7). */
export const communityDoneSchema = z
  .object({
    success: z.literal(true),
  })
  .meta({ id: 'CommunityDone' });
export type CommunityDone = z.output<typeof communityDoneSchema>;

/** What a badge is, whether earned (Badge) or in the catalogue (BadgeRule, community-admin.ts). */
export const badgeFieldsSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The seed's emoji, kept for older clients: the site draws a badge by its `id` (no emoji font needed). */
  icon: z.string(),
  color: z.enum(BADGE_COLORS),
  type: z.enum(BADGE_TYPES),
});

/** docs/spec-community.md §3 Badge. */
export const badgeSchema = badgeFieldsSchema.extend({ earnedAt: z.string() }).meta({ id: 'Badge' });
export type Badge = z.output<typeof badgeSchema>;

/** docs/spec-community.md §3 Anonymous user, as the server sends it. */
export const communityUserSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    displayName: z.string(),
    isAnonymous: z.boolean(),
    badges: z.array(badgeSchema),
    createdAt: z.string(),
    lastActiveAt: z.string(),
  })
  .meta({ id: 'CommunityUser' });
export type CommunityUser = z.output<typeof communityUserSchema>;

/** POST /api/community/auth/anonymous → data. The token is signed by the server (docs/design.md §10). */
export const anonymousAuthDataSchema = z
  .object({
    user: communityUserSchema,
    token: z.string(),
    sessionId: z.string(),
  })
  .meta({ id: 'AnonymousAuthData' });
export type AnonymousAuthData = z.output<typeof anonymousAuthDataSchema>;

export const anonymousAuthResponseSchema = communityOk(anonymousAuthDataSchema);
export type AnonymousAuthResponse = z.output<typeof anonymousAuthResponseSchema>;

/** docs/spec-community.md §3 Question.user; isAnonymous and badges are optional additions (cards show author badges). */
export const questionAuthorSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    displayName: z.string(),
    createdAt: z.string(),
    isAnonymous: z.boolean().optional(),
    badges: z.array(badgeSchema).optional(),
    /**
     * The author's trust level now (docs/abuse/trust-levels.md): the Q&A renderer makes links clickable only
     * for authors past 'new'. Absent on posts from before trust levels: read it as 'new'.
     */
    trustLevel: z.enum(TRUST_LEVELS).optional(),
  })
  .meta({ id: 'QuestionAuthor' });
export type QuestionAuthor = z.output<typeof questionAuthorSchema>;

/** docs/spec-community.md §3: tags arrive as objects with a name or as plain strings; read them with tagNames. */
export const questionTagSchema = z.union([
  z.string(),
  z.object({
    name: z.string(),
  }),
]);
export type QuestionTag = z.output<typeof questionTagSchema>;

/**
 * The reader's own vote, so the like button shows the server's state rather than a local toggle
 * (docs/design.md §11.9). Chosen here. Comments carry it when the request has an identity; questions and
 * answers never do (their reads are the same bytes for every reader, docs/design.md §11.11): the reader's
 * votes are their own call, QuestionViewerVotesResponse.
 */
export const questionViewerVoteSchema = z.literal('upvote').nullable();
export type QuestionViewerVote = z.output<typeof questionViewerVoteSchema>;

export const answerViewerVoteSchema = z.enum(['upvote', 'downvote']).nullable();
export type AnswerViewerVote = z.output<typeof answerViewerVoteSchema>;

export const commentViewerVoteSchema = z.enum(['like', 'dislike']).nullable();
export type CommentViewerVote = z.output<typeof commentViewerVoteSchema>;

/** docs/spec-community.md §3 Question 'as sent by the server'. */
export const questionSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    content: z.string(),
    user: questionAuthorSchema.nullable(),
    anonymousSessionId: z.string().nullable(),
    /** Older data may hold other values; read with qaCategoryOf. */
    category: z.enum(QA_CATEGORY_VALUES),
    tags: z.array(questionTagSchema),
    viewCount: z.number(),
    upvotes: z.number(),
    answerCount: z.number(),
    isAnswered: z.boolean(),
    acceptedAnswerId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** The article the question was asked from ('이 기사에 대해 질문하기'), if any. Chosen here. */
    articleId: z.string().optional(),
    /** That article's story (ingestion's cluster), once known. Chosen here. */
    storyId: z.string().nullable().optional(),
    /**
     * `content` as the server rendered it from Markdown (community-edits.ts 'Markdown'), on the detail read
     * and on writes; lists leave it out. Chosen here.
     */
    bodyHtml: z.string().optional(),
    /** When its author last edited it; absent when never edited. Chosen here. */
    editedAt: z.string().optional(),
  })
  .meta({ id: 'Question' });
export type Question = z.output<typeof questionSchema>;

/** docs/spec-community.md §3 Answer 'as sent'. */
export const answerSchema = z
  .object({
    id: z.string(),
    questionId: z.string(),
    content: z.string(),
    user: questionAuthorSchema.nullable(),
    anonymousSessionId: z.string().nullable(),
    upvotes: z.number(),
    downvotes: z.number(),
    isAccepted: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** `content` rendered by the server from Markdown, as on Question. Chosen here. */
    bodyHtml: z.string().optional(),
    /** When its author last edited it; absent when never edited. Chosen here. */
    editedAt: z.string().optional(),
  })
  .meta({ id: 'Answer' });
export type Answer = z.output<typeof answerSchema>;

/** Question list statistics tiles (docs/spec-community.md §2); with real pagination the server must count them. */
export const questionStatsSchema = z
  .object({
    totalQuestions: z.number(),
    resolvedQuestions: z.number(),
    unansweredQuestions: z.number(),
    totalAnswers: z.number(),
  })
  .meta({ id: 'QuestionStats' });
export type QuestionStats = z.output<typeof questionStatsSchema>;

/**
 * GET /api/community/questions → data. docs/spec-community.md §7 shows {questions}; pagination and stats are additions
 * chosen here for docs/design.md §11.5 (real 'load more').
 */
export const questionListDataSchema = z
  .object({
    questions: z.array(questionSchema),
    pagination: z.object({
      page: z.number(),
      totalPages: z.number(),
      total: z.number(),
      hasMore: z.boolean(),
    }),
    stats: questionStatsSchema,
  })
  .meta({ id: 'QuestionListData' });
export type QuestionListData = z.output<typeof questionListDataSchema>;

export const questionListResponseSchema = communityOk(questionListDataSchema);
export type QuestionListResponse = z.output<typeof questionListResponseSchema>;

export const questionDetailResponseSchema = communityOk(questionSchema);
export type QuestionDetailResponse = z.output<typeof questionDetailResponseSchema>;

export const answerListResponseSchema = communityOk(z.array(answerSchema));
export type AnswerListResponse = z.output<typeof answerListResponseSchema>;

/** POST /api/community/questions → data.id; the client navigates to the new question. */
export const createQuestionResponseSchema = communityOk(
  z.object({
    id: z.string(),
  }),
);
export type CreateQuestionResponse = z.output<typeof createQuestionResponseSchema>;

export const createAnswerResponseSchema = communityOk(answerSchema);
export type CreateAnswerResponse = z.output<typeof createAnswerResponseSchema>;

/**
 * Vote responses: the counts to show and the identity's vote after this call. One vote per identity per
 * target (docs/design.md §10): repeating the same vote withdraws it, the opposite vote replaces it.
 */
export const questionVoteResponseSchema = communityOk(
  z.object({
    upvotes: z.number(),
    viewerVote: questionViewerVoteSchema,
  }),
);
export type QuestionVoteResponse = z.output<typeof questionVoteResponseSchema>;

export const answerVoteResponseSchema = communityOk(
  z.object({
    upvotes: z.number(),
    downvotes: z.number(),
    viewerVote: answerViewerVoteSchema,
  }),
);
export type AnswerVoteResponse = z.output<typeof answerVoteResponseSchema>;

/**
 * GET /api/community/questions/{id}/votes → the reader's votes on the question and on its answers (answer
 * id → vote; answers without the reader's vote are left out). No identity: no votes. Chosen here.
 */
export const questionViewerVotesSchema = z
  .object({
    question: questionViewerVoteSchema,
    answers: z.record(z.string(), answerViewerVoteSchema.unwrap()),
    /**
     * Which of the page's posts the verified identity wrote (the question, and its answers' ids), so the
     * page offers '수정' from the server's word rather than an id the client compares. Chosen here.
     */
    mine: z.object({
      question: z.boolean(),
      answers: z.array(z.string()),
    }),
  })
  .meta({ id: 'QuestionViewerVotes' });
export type QuestionViewerVotes = z.output<typeof questionViewerVotesSchema>;

export const questionViewerVotesResponseSchema = communityOk(questionViewerVotesSchema);
export type QuestionViewerVotesResponse = z.output<typeof questionViewerVotesResponseSchema>;

/**
 * POST /api/community/questions/{id}/view → whether this call counted a view (once per reader and
 * COMMUNITY_VIEW_WINDOW_HOURS) and the question's view count after it. Chosen here.
 */
/** `reason` says why a view did not count when that was not a view already counted (NotCountedReason). */
export const questionViewResponseSchema = communityOk(
  z.object({
    counted: z.boolean(),
    viewCount: z.number(),
    reason: z.enum(NOT_COUNTED_REASONS).optional(),
  }),
);
export type QuestionViewResponse = z.output<typeof questionViewResponseSchema>;

/** docs/spec-community.md §3 Article comment author. */
export const commentAuthorSchema = z
  .object({
    id: z.string(),
    displayName: z.string(),
    avatar: z.string().nullable(),
    isAnonymous: z.boolean(),
    badges: z.array(badgeSchema),
  })
  .meta({ id: 'CommentAuthor' });
export type CommentAuthor = z.output<typeof commentAuthorSchema>;

/**
 * docs/spec-community.md §3 Article comment. articleId, parentId, depth and updatedAt are additions chosen here: the client
 * needs depth to offer 'reply' only below COMMUNITY_LIMITS.commentMaxDepth.
 */
export const articleCommentSchema = z.object({
  id: z.string(),
  articleId: z.string(),
  parentId: z.string().nullable(),
  depth: z.number(),
  content: z.string(),
  author: commentAuthorSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  isEdited: z.boolean(),
  likes: z.number(),
  dislikes: z.number(),
  // A getter, so the schema can name itself: replies are comments.
  get replies() {
    return z.array(articleCommentSchema);
  },
  viewerVote: commentViewerVoteSchema.optional(),
  /**
   * Present only on a placeholder: a comment deleted by its author ('deleted') or hidden by moderation
   * ('hidden') that still has visible replies keeps its place in the thread, with COMMENT_PLACEHOLDER text,
   * no author and no counts. Chosen here.
   */
  removed: z.enum(['deleted', 'hidden']).optional(),
});
z.globalRegistry.add(articleCommentSchema, { id: 'ArticleComment' });
export type ArticleComment = z.output<typeof articleCommentSchema>;

/**
 * GET /api/community/articles/{id}/comments: an article nobody commented on (or an unknown id) answers an
 * empty list, not 404. `totalCount` counts every visible comment and reply; `pagination` (chosen here)
 * pages the top-level threads.
 */
export const commentListDataSchema = z
  .object({
    comments: z.array(articleCommentSchema),
    totalCount: z.number(),
    pagination: z.object({
      page: z.number(),
      totalPages: z.number(),
      total: z.number(),
      hasMore: z.boolean(),
    }),
  })
  .meta({ id: 'CommentListData' });
export type CommentListData = z.output<typeof commentListDataSchema>;

export const commentListResponseSchema = communityOk(commentListDataSchema);
export type CommentListResponse = z.output<typeof commentListResponseSchema>;

/** Comment create, reply and edit (seed: not shown; chosen here, docs/design.md §11.3). */
export const commentResponseSchema = communityOk(articleCommentSchema);
export type CommentResponse = z.output<typeof commentResponseSchema>;

export const commentVoteResponseSchema = communityOk(
  z.object({
    likes: z.number(),
    dislikes: z.number(),
    viewerVote: commentViewerVoteSchema,
  }),
);
export type CommentVoteResponse = z.output<typeof commentVoteResponseSchema>;

/** docs/spec-community.md §3 Chat message context. */
export const chatContextResponseSchema = z
  .object({
    articleId: z.string().optional(),
    questionId: z.string().optional(),
    projectId: z.string().optional(),
  })
  .meta({ id: 'ChatContext' });
export type ChatContext = z.output<typeof chatContextResponseSchema>;

/** An article the assistant used for its answer (docs/design.md §11.4: answers cite our own articles). */
export const chatCitationSchema = z
  .object({
    /** The number the answer cites it by: '[1]'. */
    index: z.number(),
    articleId: z.string(),
    title: z.string(),
    url: z.string(),
  })
  .meta({ id: 'ChatCitation' });
export type ChatCitation = z.output<typeof chatCitationSchema>;

/** docs/spec-community.md §3 Chat message; citations are an addition for assistant replies. */
export const chatMessageSchema = z
  .object({
    id: z.string(),
    content: z.string(),
    role: z.enum(['user', 'assistant']),
    timestamp: z.string(),
    context: chatContextResponseSchema.optional(),
    citations: z.array(chatCitationSchema).optional(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.output<typeof chatMessageSchema>;

/** docs/spec-community.md §3 Chat session. */
export const chatSessionSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    messages: z.array(chatMessageSchema),
    isActive: z.boolean(),
    createdAt: z.string(),
    lastMessageAt: z.string().nullable(),
  })
  .meta({ id: 'ChatSession' });
export type ChatSession = z.output<typeof chatSessionSchema>;

/** Assistant calls (seed: not shown; chosen here, docs/design.md §11.4). */
export const chatSessionResponseSchema = communityOk(chatSessionSchema);
export type ChatSessionResponse = z.output<typeof chatSessionResponseSchema>;

export const chatReplyResponseSchema = communityOk(
  z.object({
    message: chatMessageSchema,
    mode: z.enum(ASSISTANT_MODES),
  }),
);
export type ChatReplyResponse = z.output<typeof chatReplyResponseSchema>;

export const clearChatResponseSchema = communityDoneSchema;
export type ClearChatResponse = z.output<typeof clearChatResponseSchema>;

/** GET /api/community/articles/{id}/questions: community questions about the article's story, newest first. */
export const storyQuestionsResponseSchema = communityOk(
  z.object({
    questions: z.array(questionSchema),
    storyId: z.string().nullable(),
  }),
);
export type StoryQuestionsResponse = z.output<typeof storyQuestionsResponseSchema>;

/** A notice on the site for one identity (the bell). Chosen here. */
export const communityNotificationSchema = z
  .object({
    id: z.string(),
    /** 'story-article': a story the identity asked about; 'followed-story': a story it follows. */
    kind: z.enum(['story-article', 'followed-story']),
    /** '질문하신 소식에 새 기사가 올라왔습니다' or '팔로우한 소식에 새 기사가 올라왔습니다' */
    message: z.string(),
    /** The question asked about the story; null on a followed story's notice. */
    questionId: z.string().nullable(),
    questionTitle: z.string().nullable(),
    /** The story the article belongs to. */
    storyId: z.string().optional(),
    articleId: z.string(),
    articleTitle: z.string(),
    /** Where the notice leads: the article's page on this site. */
    url: z.string(),
    createdAt: z.string(),
    read: z.boolean(),
  })
  .meta({ id: 'CommunityNotification' });
export type CommunityNotification = z.output<typeof communityNotificationSchema>;

export const notificationsResponseSchema = communityOk(
  z.object({
    notifications: z.array(communityNotificationSchema),
    unread: z.number(),
  }),
);
export type NotificationsResponse = z.output<typeof notificationsResponseSchema>;

export const notificationReadResponseSchema = communityDoneSchema;
export type NotificationReadResponse = z.output<typeof notificationReadResponseSchema>;

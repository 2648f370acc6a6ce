import { z } from 'zod';
import {
  ANSWER_SORTS,
  COMMENT_SORTS,
  COMMUNITY_LIMITS as L,
  QA_CATEGORY_VALUES,
  QUESTION_SORTS,
} from './community-constants';
import { MAX_LIST_LIMIT } from './constants';
import { idParamSchema, intParam, oneOf, optionalTextParam, strictParams, textField } from './params';

/**
 * Bodies and queries the community service validates (docs/spec-community.md §5, §7; docs/design.md §11.3, §11.10). Lengths are
 * counted after trimming, as the seed's forms do, and the trimmed text is what gets stored.
 */

/** POST /api/community/auth/anonymous {username}: the nickname, 2 to 20 characters. */
export const anonymousAuthBodySchema = strictParams({
  // NFC first, so a name typed as decomposed jamo counts and compares like the same name typed composed.
  username: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.normalize('NFC') : value),
      textField('username', L.nickname),
    )
    .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), {
      error: 'username must not contain control characters',
    }),
});
export type AnonymousAuthBody = z.output<typeof anonymousAuthBodySchema>;

const tagSchema = textField('tag', L.tagLength);

/**
 * POST /api/community/questions {title, content, category, tagIds, tags}. The seed always sends tagIds
 * empty; it is accepted for compatibility and otherwise unused.
 */
export const createQuestionBodySchema = strictParams({
  title: textField('title', L.questionTitle),
  content: textField('content', L.questionContent),
  category: oneOf('category', QA_CATEGORY_VALUES),
  tagIds: z
    .array(idParamSchema, { error: () => 'tagIds must be a list of ids' })
    .max(L.questionTags.max, { error: `tagIds must have at most ${L.questionTags.max} entries` })
    .default([]),
  tags: z
    .array(tagSchema, { error: () => 'tags must be a list of text' })
    .max(L.questionTags.max, { error: `tags must have at most ${L.questionTags.max} entries` })
    .refine((tags) => new Set(tags).size === tags.length, { error: 'tags must not repeat' })
    .default([]),
  /** The article it is asked from ('이 기사에 대해 질문하기'); chosen here. */
  articleId: idParamSchema.optional(),
});
export type CreateQuestionBody = z.output<typeof createQuestionBodySchema>;

/** POST /api/community/questions/{questionId}/answers {content}: 10 to 5000 characters. */
export const createAnswerBodySchema = strictParams({ content: textField('content', L.answer) });
export type CreateAnswerBody = z.output<typeof createAnswerBodySchema>;

/** POST /api/community/questions/{id}/vote: questions only have upvotes (docs/spec-community.md §7). */
export const questionVoteBodySchema = strictParams({ voteType: oneOf('voteType', ['upvote']) });
/** POST /api/community/answers/{id}/vote. */
export const answerVoteBodySchema = strictParams({ voteType: oneOf('voteType', ['upvote', 'downvote']) });
export type QuestionVoteBody = z.output<typeof questionVoteBodySchema>;
export type AnswerVoteBody = z.output<typeof answerVoteBodySchema>;

/**
 * GET /api/community/questions. docs/spec-community.md §7 sends no query (the list filtered in the browser); docs/design.md §11.5
 * asks for real pagination, so filtering, sorting and paging move to the server: chosen here.
 */
export const questionListQuerySchema = strictParams({
  // Bounded as the comment pages are: a page past any real list is refused (400), not counted out.
  page: intParam('page', { min: 1, max: 10_000 }).default(1),
  limit: intParam('limit', { min: 1, max: MAX_LIST_LIMIT }).default(L.questionsPageSize),
  sort: oneOf('sort', QUESTION_SORTS).default('latest'),
  category: oneOf('category', ['all', ...QA_CATEGORY_VALUES]).default('all'),
  q: optionalTextParam('q', 200),
});
export type QuestionListQuery = z.output<typeof questionListQuerySchema>;

/** GET /api/community/questions/{id}/answers?sortBy= (docs/spec-community.md §7). */
export const answerListQuerySchema = strictParams({
  sortBy: oneOf('sortBy', ANSWER_SORTS).default('popular'),
});
export type AnswerListQuery = z.output<typeof answerListQuerySchema>;

/**
 * GET /api/community/articles/{id}/comments. The seed sends no query; an optional sort and paging of the
 * top-level comments (each page carries the whole reply tree of its threads) are chosen here.
 */
export const commentListQuerySchema = strictParams({
  sort: oneOf('sort', COMMENT_SORTS).default('popular'),
  page: intParam('page', { min: 1, max: 10_000 }).default(1),
  limit: intParam('limit', { min: 1, max: MAX_LIST_LIMIT }).default(L.commentsPageSize),
});
export type CommentListQuery = z.output<typeof commentListQuerySchema>;

/** POST /api/community/articles/{id}/comments {content}: 5 to 2000 (seed: not shown; chosen here). */
export const createCommentBodySchema = strictParams({ content: textField('content', L.comment) });
/** POST /api/community/comments/{id}/replies {content}: 1 to 1000; the parent must be below depth 3. */
export const createReplyBodySchema = strictParams({ content: textField('content', L.reply) });
/** PATCH /api/community/comments/{id} {content}: at most 1000. */
export const editCommentBodySchema = strictParams({ content: textField('content', L.commentEdit) });
/** POST /api/community/comments/{id}/vote: docs/spec-community.md §2 has likes and dislikes on comments. */
export const commentVoteBodySchema = strictParams({ voteType: oneOf('voteType', ['like', 'dislike']) });
export type CreateCommentBody = z.output<typeof createCommentBodySchema>;
export type CreateReplyBody = z.output<typeof createReplyBodySchema>;
export type EditCommentBody = z.output<typeof editCommentBodySchema>;
export type CommentVoteBody = z.output<typeof commentVoteBodySchema>;

/**
 * The ask form's help widget sends the draft itself (docs/spec-community.md §2: 'gets the draft title and content as
 * context'); it is used for that answer only and never stored. Bounds chosen here.
 */
export const chatDraftSchema = strictParams({
  title: z
    .string({ error: () => 'draft.title must be text' })
    .trim()
    .max(L.questionTitle.max)
    .default(''),
  content: z
    .string({ error: () => 'draft.content must be text' })
    .trim()
    .max(L.chatDraftContent.max, {
      error: `draft.content must be at most ${L.chatDraftContent.max} characters`,
    })
    .default(''),
});

/** docs/spec-community.md §3: a chat message's context names the article, question or project it is about. */
export const chatContextSchema = strictParams({
  articleId: idParamSchema.optional(),
  questionId: idParamSchema.optional(),
  projectId: idParamSchema.optional(),
  draft: chatDraftSchema.optional(),
});

/** POST /api/community/assistant/sessions: opened when an identity holder opens the assistant. */
export const startChatSessionBodySchema = strictParams({ context: chatContextSchema.optional() });
/** POST /api/community/assistant/sessions/{id}/messages: up to 500 characters; empty input is not sent. */
export const chatMessageBodySchema = strictParams({
  content: textField('content', L.chatMessage),
  context: chatContextSchema.optional(),
});
export type StartChatSessionBody = z.output<typeof startChatSessionBodySchema>;
export type ChatMessageBody = z.output<typeof chatMessageBodySchema>;

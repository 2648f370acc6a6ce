import { searchPageQuerySchema } from './search-queries';
import {
  staffAccountCreateSchema,
  staffAccountUpdateSchema,
  staffLoginSchema,
  staffOwnEmailSchema,
  staffTotpConfirmSchema,
} from './staff';
import { staffAuditQuerySchema } from './staff-audit';
import { CONTACT_LIMITS, contactListQuerySchema, contactMessageSchema } from './contact';
import { addSynonymGroupBodySchema } from './search-synonyms';
import { editAnswerBodySchema, editQuestionBodySchema, markdownPreviewBodySchema } from './community-edits';
import { z } from 'zod';
import {
  answerListQuerySchema,
  anonymousAuthBodySchema,
  answerVoteBodySchema,
  chatMessageBodySchema,
  commentListQuerySchema,
  commentVoteBodySchema,
  createAnswerBodySchema,
  createCommentBodySchema,
  createQuestionBodySchema,
  createReplyBodySchema,
  editCommentBodySchema,
  questionListQuerySchema,
  questionVoteBodySchema,
  startChatSessionBodySchema,
} from './community-requests';
import {
  archiveQuerySchema,
  categoryPageQuerySchema,
  insightsListQuerySchema,
  newsListQuerySchema,
} from './content-queries';
import {
  analyticsQuerySchema,
  moderationQueueQuerySchema,
  reportBodySchema,
  suspendBodySchema,
  nicknameLookupQuerySchema,
} from './community-admin';
import type { EndpointName } from './endpoints';
import {
  activityQuerySchema,
  bookmarkIdSchema,
  bookmarkKindSchema,
  bookmarkListQuerySchema,
  deleteMeBodySchema,
  followBodySchema,
  followKeyParamSchema,
  followKindSchema,
} from './community-me-requests';
import { imageHashSchema, imageQuerySchema } from './images';
import { readerStateQuerySchema } from './reader-state-requests';
import {
  adminListQuerySchema,
  createInsightBodySchema,
  createTechAnalysisBodySchema,
  draftAnalysisBodySchema,
  draftInsightBodySchema,
  updateInsightBodySchema,
  withdrawBodySchema,
  updateTechAnalysisBodySchema,
} from './authoring';
import {
  createSourceBodySchema,
  listRunsQuerySchema,
  previewSourceBodySchema,
  sourceIdSchema,
  triggerRunsBodySchema,
  updateSourceBodySchema,
  websubCallbackIdSchema,
  websubVerifyQuerySchema,
} from './ingestion';
import { likeBodySchema, shareBodySchema } from './interactions';
import { idParamSchema, slugParamSchema } from './params';
import { newsletterKindSchema, newsletterPreferencesFormSchema, newsletterTokenSchema } from './newsletter';
import { subscribeBodySchema } from './subscribers';
import { techAnalysisListQuerySchema } from './tech-analysis';
import { editHeldBodySchema, heldListQuerySchema, rejectHeldBodySchema } from './translation-review';
import {
  engagementFiguresQuerySchema,
  hotTopicsQuerySchema,
  popularQuerySchema,
  risingQuerySchema,
  trendingStatsQuerySchema,
} from './trending';

/**
 * The validation schemas behind each endpoint, for the services' OpenAPI documents: the same zod schemas
 * the services parse requests with, so the published document cannot promise a parameter the service
 * refuses. An endpoint absent here takes no query and no body.
 */
export interface EndpointSchemas {
  query?: z.ZodType;
  body?: z.ZodType;
  /** Path parameters whose form differs from PATH_PARAMETER_SCHEMAS. */
  params?: Record<string, z.ZodType>;
  /** The success status when it is not simply 2XX (202 for an accepted sign-up, 201 for a created send). */
  status?: number;
  /**
   * A page opened from a mail: the body is a form (urlencoded, or multipart for RFC 8058 one-click
   * clients), and every answer, errors included, is an HTML page.
   */
  page?: true;
  /** Other refusals the call can answer, by status. */
  errors?: Record<number, string>;
  /** The success body is plain text (a WebSub challenge echoed), not JSON. */
  text?: true;
  /**
   * The request body is a feed document of one of these types, read as bytes (a WebSub push); the
   * document lists them with a string schema.
   */
  rawBody?: readonly string[];
}

/** What a WebSub hub may push: the feed types the ingestion service reads (RSS, Atom, RDF, JSON Feed). */
export const WEBSUB_PUSH_TYPES = [
  'application/atom+xml',
  'application/rss+xml',
  'application/rdf+xml',
  'application/xml',
  'text/xml',
  'application/feed+json',
  'application/json',
] as const;

/** Path parameters by name: `:id` and `:answerId` are opaque ids, `:slug` may be Korean. */
export const PATH_PARAMETER_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  id: idParamSchema,
  answerId: idParamSchema,
  slug: slugParamSchema,
};

/** A comment is taken only on an article content publishes, which community asks content's read API. */
const ARTICLE_CHECK_UNAVAILABLE = "Content's read API cannot say now whether the article is published.";

export const ENDPOINT_SCHEMAS: Readonly<Partial<Record<EndpointName, EndpointSchemas>>> = {
  newsList: { query: newsListQuerySchema },
  insightsList: { query: insightsListQuerySchema },
  categoryPage: {
    query: categoryPageQuerySchema,
    // docs/spec-content.md §2: legacy and Korean names ('Gen AI', '블록체인') are accepted and resolved to the slug.
    params: { slug: z.string().min(1).max(200).describe('A category slug, or a legacy or Korean name') },
  },
  archive: { query: archiveQuerySchema },
  search: { query: searchPageQuerySchema },
  articleShare: { body: shareBodySchema },
  articleImage: { query: imageQuerySchema, params: { hash: imageHashSchema } },
  articleImageCurrent: { query: imageQuerySchema },
  like: { body: likeBodySchema },
  unlike: { body: likeBodySchema },
  techAnalysisList: { query: techAnalysisListQuerySchema },
  adminTechAnalyses: { query: adminListQuerySchema },
  createTechAnalysis: { body: createTechAnalysisBodySchema },
  updateTechAnalysis: { body: updateTechAnalysisBodySchema },
  adminInsights: { query: adminListQuerySchema },
  createInsight: { body: createInsightBodySchema },
  addSearchSynonyms: { body: addSynonymGroupBodySchema },
  updateInsight: { body: updateInsightBodySchema },
  withdrawInsight: { body: withdrawBodySchema },
  withdrawTechAnalysis: { body: withdrawBodySchema },
  draftInsight: { body: draftInsightBodySchema },
  draftAnalysis: { body: draftAnalysisBodySchema },
  trendingEngagementFigures: { query: engagementFiguresQuerySchema },
  trendingStats: { query: trendingStatsQuerySchema },
  hotTopics: { query: hotTopicsQuerySchema },
  popular: { query: popularQuerySchema },
  rising: { query: risingQuerySchema },
  subscribe: {
    body: subscribeBodySchema,
    status: 202,
    errors: {
      429: 'Too many sign-ups for this address or from this network; Retry-After says when to try again.',
    },
  },
  ...newsletterSchemas(),
  ingestionSource: { params: { id: sourceIdSchema } },
  createIngestionSource: { body: createSourceBodySchema },
  previewIngestionSource: { body: previewSourceBodySchema },
  updateIngestionSource: { body: updateSourceBodySchema, params: { id: sourceIdSchema } },
  deleteIngestionSource: { params: { id: sourceIdSchema } },
  pauseIngestionSource: { params: { id: sourceIdSchema } },
  resumeIngestionSource: { params: { id: sourceIdSchema } },
  ingestionRuns: { query: listRunsQuerySchema },
  ingestionAdminRuns: { query: listRunsQuerySchema },
  triggerIngestionRuns: { body: triggerRunsBodySchema, status: 202 },
  websubVerify: {
    query: websubVerifyQuerySchema,
    params: { id: websubCallbackIdSchema },
    text: true,
  },
  websubPush: {
    params: { id: websubCallbackIdSchema },
    status: 204,
    rawBody: WEBSUB_PUSH_TYPES,
    errors: {
      403: 'X-Hub-Signature missing, or not the HMAC of the body with this subscription’s secret: nothing is read.',
      415: 'Not a feed document type.',
    },
  },
  anonymousAuth: { body: anonymousAuthBodySchema },
  questionList: { query: questionListQuerySchema },
  createQuestion: { body: createQuestionBodySchema },
  questionVote: { body: questionVoteBodySchema },
  answerList: { query: answerListQuerySchema },
  createAnswer: { body: createAnswerBodySchema },
  reportQuestion: { body: reportBodySchema },
  reportAnswer: { body: reportBodySchema },
  moderationQueue: { query: moderationQueueQuerySchema },
  suspendIdentity: { body: suspendBodySchema },
  findNickname: { query: nicknameLookupQuerySchema },
  communityAnalytics: { query: analyticsQuerySchema },
  answerVote: { body: answerVoteBodySchema },
  commentList: { query: commentListQuerySchema },
  createComment: { body: createCommentBodySchema, errors: { 503: ARTICLE_CHECK_UNAVAILABLE } },
  createReply: { body: createReplyBodySchema, errors: { 503: ARTICLE_CHECK_UNAVAILABLE } },
  commentVote: { body: commentVoteBodySchema },
  editComment: { body: editCommentBodySchema },
  reportComment: { body: reportBodySchema },
  commentModerationQueue: { query: moderationQueueQuerySchema },
  startChatSession: { body: startChatSessionBodySchema },
  sendChatMessage: { body: chatMessageBodySchema },
  staffSignIn: { body: staffLoginSchema },
  createStaffAccount: { body: staffAccountCreateSchema },
  updateStaffAccount: { body: staffAccountUpdateSchema },
  confirmStaffTotp: { body: staffTotpConfirmSchema },
  setOwnStaffEmail: { body: staffOwnEmailSchema },
  staffAuditLog: { query: staffAuditQuerySchema },
  sendContactMessage: {
    body: contactMessageSchema,
    errors: { 413: `Body larger than ${CONTACT_LIMITS.bodyBytes / 1024} KB.` },
  },
  contactMessages: { query: contactListQuerySchema },
  heldTranslations: { query: heldListQuerySchema },
  editHeldTranslation: { body: editHeldBodySchema },
  rejectHeldTranslation: { body: rejectHeldBodySchema },
  // community: authors' edits and the Markdown preview (community-edits.ts)
  editQuestion: { body: editQuestionBodySchema },
  editAnswer: { body: editAnswerBodySchema },
  markdownPreview: { body: markdownPreviewBodySchema },
  ...communityMeSchemas(),
};

/** The reader's own space: kinds and keys in the path, the follow's label, the deletion's confirmation. */
function communityMeSchemas() {
  const followPath = { kind: followKindSchema, key: followKeyParamSchema };
  const bookmarkPath = { kind: bookmarkKindSchema, id: bookmarkIdSchema };
  const content = { 503: "Content's read API cannot say now whether the item exists." };
  return {
    follow: { params: followPath, body: followBodySchema },
    unfollow: { params: followPath },
    myBookmarks: { query: bookmarkListQuerySchema },
    bookmark: { params: bookmarkPath, errors: content },
    unbookmark: { params: bookmarkPath },
    myActivity: { query: activityQuerySchema },
    deleteMe: { body: deleteMeBodySchema },
    readerState: { query: readerStateQuerySchema },
  } satisfies Partial<Record<EndpointName, EndpointSchemas>>;
}

/** The newsletter's pages (a token in the query or the form) and its archive and admin calls. */
function newsletterSchemas() {
  const editionId = {
    id: z
      .string()
      .regex(/^(weekly|daily)-\d{4}-\d{2}-\d{2}$/)
      .describe("'weekly-2026-03-02' or 'daily-2026-03-03'"),
  };
  const badLink = { 400: 'The link is malformed, forged, expired or already used (a Korean page).' };
  const manage = { ...badLink, 404: 'The address was deleted.' };
  const noEdition = { 404: 'No such edition.' };
  return {
    newsletterConfirmPage: { query: newsletterTokenSchema, page: true, errors: badLink },
    newsletterConfirm: { body: newsletterTokenSchema, page: true, errors: badLink },
    newsletterUnsubscribePage: { query: newsletterTokenSchema, page: true, errors: manage },
    newsletterUnsubscribe: { body: newsletterTokenSchema, page: true, errors: manage },
    newsletterPreferencesPage: { query: newsletterTokenSchema, page: true, errors: manage },
    newsletterPreferences: { body: newsletterPreferencesFormSchema, page: true, errors: manage },
    newsletterDelete: { body: newsletterTokenSchema, page: true, errors: manage },
    newsletterEdition: { params: editionId, errors: noEdition },
    newsletterPreview: {
      query: newsletterKindSchema,
      errors: {
        409: 'No article for this edition in trending.',
        503: "Trending's read API is unavailable, or ADMIN_TOKEN is unset.",
      },
    },
    newsletterSend: {
      body: newsletterKindSchema,
      status: 201,
      errors: {
        409: 'No article for this edition in trending.',
        503: "Trending's read API is unavailable, or ADMIN_TOKEN is unset.",
      },
    },
    newsletterProgress: {
      params: editionId,
      errors: noEdition,
    },
    newsletterTestSend: {
      params: editionId,
      status: 201,
      errors: {
        ...noEdition,
        400: 'The signed-in member has no mail address (ADMIN_TOKEN never has one).',
        409: 'No article for the edition due now in trending.',
        503: "Trending's read API or the mail relay is unavailable, or ADMIN_TOKEN is unset.",
      },
    },
  } satisfies Partial<Record<EndpointName, EndpointSchemas>>;
}

import { searchPageQuerySchema } from './search-queries';
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
} from './community-admin';
import type { EndpointName } from './endpoints';
import { imageHashSchema, imageQuerySchema } from './images';
import {
  adminListQuerySchema,
  createInsightBodySchema,
  createTechAnalysisBodySchema,
  draftAnalysisBodySchema,
  draftInsightBodySchema,
  updateInsightBodySchema,
  updateTechAnalysisBodySchema,
} from './authoring';
import { likeBodySchema, shareBodySchema } from './interactions';
import { idParamSchema, slugParamSchema } from './params';
import { subscribeBodySchema } from './subscribers';
import { techAnalysisListQuerySchema } from './tech-analysis';
import { editHeldBodySchema, heldListQuerySchema, rejectHeldBodySchema } from './translation-review';
import {
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
}

/** Path parameters by name: `:id` and `:answerId` are opaque ids, `:slug` may be Korean. */
export const PATH_PARAMETER_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  id: idParamSchema,
  answerId: idParamSchema,
  slug: slugParamSchema,
};

export const ENDPOINT_SCHEMAS: Readonly<Partial<Record<EndpointName, EndpointSchemas>>> = {
  newsList: { query: newsListQuerySchema },
  insightsList: { query: insightsListQuerySchema },
  categoryPage: {
    query: categoryPageQuerySchema,
    // Seed 000 §2: legacy and Korean names ('Gen AI', '블록체인') are accepted and resolved to the slug.
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
  updateInsight: { body: updateInsightBodySchema },
  draftInsight: { body: draftInsightBodySchema },
  draftAnalysis: { body: draftAnalysisBodySchema },
  trendingStats: { query: trendingStatsQuerySchema },
  hotTopics: { query: hotTopicsQuerySchema },
  popular: { query: popularQuerySchema },
  rising: { query: risingQuerySchema },
  subscribe: { body: subscribeBodySchema },
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
  communityAnalytics: { query: analyticsQuerySchema },
  answerVote: { body: answerVoteBodySchema },
  commentList: { query: commentListQuerySchema },
  createComment: { body: createCommentBodySchema },
  createReply: { body: createReplyBodySchema },
  commentVote: { body: commentVoteBodySchema },
  editComment: { body: editCommentBodySchema },
  reportComment: { body: reportBodySchema },
  commentModerationQueue: { query: moderationQueueQuerySchema },
  startChatSession: { body: startChatSessionBodySchema },
  sendChatMessage: { body: chatMessageBodySchema },
  heldTranslations: { query: heldListQuerySchema },
  editHeldTranslation: { body: editHeldBodySchema },
  rejectHeldTranslation: { body: rejectHeldBodySchema },
};

import { z } from 'zod';
import {
  archiveResponseSchema,
  articleDetailResponseSchema,
  articleViewResponseSchema,
  categoryPageResponseSchema,
  generateImageResponseSchema,
  insightsListResponseSchema,
  newsListResponseSchema,
  relatedArticlesResponseSchema,
} from './content';
import {
  articleEngagementFiguresResponseSchema,
  likeResponseSchema,
  likeStatusResponseSchema,
  shareResponseSchema,
} from './interactions';
import { searchPageResponseSchema } from './search-queries';
import { sidebarDataFullResponseSchema, sidebarDataResponseSchema, sourcesResponseSchema } from './sources';
import {
  techAnalysisDetailResponseSchema,
  techAnalysisLikeResponseSchema,
  techAnalysisListResponseSchema,
} from './tech-analysis';
import {
  adminInsightSchema,
  adminListResponse,
  adminTechAnalysisSchema,
  authoringRevisionsResponseSchema,
  draftingCapabilitySchema,
  techAnalysisViewResponseSchema,
} from './authoring';
import { synonymGroupSchema, synonymsResponseSchema } from './search-synonyms';
import { searchReindexStatusSchema } from './search-reindex';
import {
  trendingEngagementFiguresResponseSchema,
  trendingListResponseSchema,
  trendingStatsResponseSchema,
} from './trending';
import { subscribeResponseSchema } from './subscribers';
import { staffAccountViewSchema, staffSessionViewSchema, staffTotpEnrolmentSchema } from './staff';
import { staffAuditPageSchema } from './staff-audit';
import {
  contactChannelsSchema,
  contactMessagePageSchema,
  contactMessageViewSchema,
  contactReceiptSchema,
} from './contact';
import { heldItemDetailSchema, heldListResponseSchema } from './translation-review';
import {
  ingestionRunAdminSchema,
  ingestionRunSchema,
  ingestionSourceAdminSchema,
  ingestionSourceSchema,
  sourcePreviewResponseSchema,
  triggerRunsResponseSchema,
} from './ingestion';
import {
  anonymousAuthResponseSchema,
  answerListResponseSchema,
  answerVoteResponseSchema,
  chatReplyResponseSchema,
  chatSessionResponseSchema,
  clearChatResponseSchema,
  commentListResponseSchema,
  commentResponseSchema,
  commentVoteResponseSchema,
  communityDoneSchema,
  createAnswerResponseSchema,
  createQuestionResponseSchema,
  notificationReadResponseSchema,
  notificationsResponseSchema,
  questionDetailResponseSchema,
  questionListResponseSchema,
  questionViewResponseSchema,
  questionViewerVotesResponseSchema,
  questionVoteResponseSchema,
  storyQuestionsResponseSchema,
} from './community-responses';
import {
  analyticsResponseSchema,
  badgeCatalogueResponseSchema,
  commentModerationActionResponseSchema,
  commentModerationQueueResponseSchema,
  communityMeResponseSchema,
  grantBadgeResponseSchema,
  identityHistoryResponseSchema,
  moderationActionResponseSchema,
  moderationQueueResponseSchema,
  nicknameLookupResponseSchema,
  reportResponseSchema,
  revokeBadgeResponseSchema,
  suspendResponseSchema,
} from './community-admin';
import { markdownPreviewResponseSchema, postRevisionsResponseSchema } from './community-edits';
import {
  activityResponseSchema,
  bookmarkResponseSchema,
  bookmarksResponseSchema,
  deleteMeResponseSchema,
  exportResponseSchema,
  followResponseSchema,
  followsResponseSchema,
  removedResponseSchema,
} from './community-me-responses';
import { readerStateResponseSchema } from './reader-state-responses';
import { storyResponseSchema } from './stories';
import {
  editionListResponseSchema,
  editionPreviewResponseSchema,
  editionProgressResponseSchema,
  editionResponseSchema,
  editionTestSendResponseSchema,
  subscriberOverviewResponseSchema,
} from './newsletter';
import type { EndpointName } from './endpoints';

/** An image's bytes (image/webp, image/png …), not JSON. */
export const imageBytesSchema = z.file();
export type ImageBytes = z.output<typeof imageBytesSchema>;

/**
 * The success body of every endpoint, as a zod schema declared beside the call's request schemas. The
 * OpenAPI documents publish them as JSON Schema (libs/platform openapi), and the front ends read the types
 * (EndpointResponses), so what is documented and what is compiled against are one declaration. An endpoint
 * without a body (a 204) answers `z.void()`.
 */
export const ENDPOINT_RESPONSE_SCHEMAS = {
  newsList: newsListResponseSchema,
  insightsList: insightsListResponseSchema,
  article: articleDetailResponseSchema,
  relatedArticles: relatedArticlesResponseSchema,
  articleView: articleViewResponseSchema,
  articleShare: shareResponseSchema,
  generateImage: generateImageResponseSchema,
  articleImage: imageBytesSchema,
  articleImageCurrent: imageBytesSchema,
  categoryPage: categoryPageResponseSchema,
  archive: archiveResponseSchema,
  search: searchPageResponseSchema,
  sidebarData: sidebarDataResponseSchema,
  sidebarDataFull: sidebarDataFullResponseSchema,
  sources: sourcesResponseSchema,
  like: likeResponseSchema,
  unlike: likeResponseSchema,
  likeStatus: likeStatusResponseSchema,
  techAnalysisList: techAnalysisListResponseSchema,
  techAnalysis: techAnalysisDetailResponseSchema,
  techAnalysisLike: techAnalysisLikeResponseSchema,
  techAnalysisView: techAnalysisViewResponseSchema,
  adminTechAnalyses: adminListResponse(adminTechAnalysisSchema),
  adminTechAnalysis: adminTechAnalysisSchema,
  createTechAnalysis: adminTechAnalysisSchema,
  updateTechAnalysis: adminTechAnalysisSchema,
  publishTechAnalysis: adminTechAnalysisSchema,
  withdrawTechAnalysis: adminTechAnalysisSchema,
  adminInsights: adminListResponse(adminInsightSchema),
  adminInsight: adminInsightSchema,
  createInsight: adminInsightSchema,
  updateInsight: adminInsightSchema,
  publishInsight: adminInsightSchema,
  withdrawInsight: adminInsightSchema,
  insightRevisions: authoringRevisionsResponseSchema,
  techAnalysisRevisions: authoringRevisionsResponseSchema,
  searchSynonyms: synonymsResponseSchema,
  addSearchSynonyms: synonymGroupSchema,
  searchReindex: searchReindexStatusSchema,
  startSearchReindex: searchReindexStatusSchema,
  removeSearchSynonyms: z.void(),
  draftInsight: adminInsightSchema,
  draftAnalysis: adminTechAnalysisSchema,
  draftingCapability: draftingCapabilitySchema,
  articleEngagementFigures: articleEngagementFiguresResponseSchema,
  trendingEngagementFigures: trendingEngagementFiguresResponseSchema,
  trendingStats: trendingStatsResponseSchema,
  hotTopics: trendingListResponseSchema,
  popular: trendingListResponseSchema,
  rising: trendingListResponseSchema,
  subscribe: subscribeResponseSchema,
  staffSignIn: staffSessionViewSchema,
  staffSession: staffSessionViewSchema,
  staffSignOut: z.void(),
  staffAccounts: z.object({
    items: z.array(staffAccountViewSchema),
  }),
  createStaffAccount: staffAccountViewSchema,
  updateStaffAccount: staffAccountViewSchema,
  revokeStaffSessions: z.object({
    revoked: z.number(),
  }),
  startStaffTotp: staffTotpEnrolmentSchema,
  confirmStaffTotp: staffAccountViewSchema,
  removeStaffTotp: z.void(),
  setOwnStaffEmail: staffAccountViewSchema,
  staffAuditLog: staffAuditPageSchema,
  contactChannels: contactChannelsSchema,
  sendContactMessage: contactReceiptSchema,
  contactMessages: contactMessagePageSchema,
  markContactHandled: contactMessageViewSchema,
  heldTranslations: heldListResponseSchema,
  heldTranslation: heldItemDetailSchema,
  editHeldTranslation: heldItemDetailSchema,
  releaseHeldTranslation: heldItemDetailSchema,
  rejectHeldTranslation: heldItemDetailSchema,
  ingestionSources: z.array(ingestionSourceSchema),
  ingestionSource: ingestionSourceSchema,
  createIngestionSource: ingestionSourceAdminSchema,
  updateIngestionSource: ingestionSourceAdminSchema,
  previewIngestionSource: sourcePreviewResponseSchema,
  deleteIngestionSource: z.void(),
  pauseIngestionSource: ingestionSourceAdminSchema,
  resumeIngestionSource: ingestionSourceAdminSchema,
  ingestionRuns: z.array(ingestionRunSchema),
  ingestionAdminRuns: z.array(ingestionRunAdminSchema),
  ingestionAdminSources: z.array(ingestionSourceAdminSchema),
  triggerIngestionRuns: triggerRunsResponseSchema,
  websubVerify: z.string(),
  websubPush: z.void(),
  anonymousAuth: anonymousAuthResponseSchema,
  questionList: questionListResponseSchema,
  question: questionDetailResponseSchema,
  createQuestion: createQuestionResponseSchema,
  deleteQuestion: communityDoneSchema,
  questionVote: questionVoteResponseSchema,
  questionView: questionViewResponseSchema,
  questionViewerVotes: questionViewerVotesResponseSchema,
  answerList: answerListResponseSchema,
  createAnswer: createAnswerResponseSchema,
  acceptAnswer: communityDoneSchema,
  answerVote: answerVoteResponseSchema,
  deleteAnswer: communityDoneSchema,
  communityMe: communityMeResponseSchema,
  communityLogout: communityDoneSchema,
  communityBadges: badgeCatalogueResponseSchema,
  reportQuestion: reportResponseSchema,
  reportAnswer: reportResponseSchema,
  moderationQueue: moderationQueueResponseSchema,
  hideQuestion: moderationActionResponseSchema,
  restoreQuestion: moderationActionResponseSchema,
  hideAnswer: moderationActionResponseSchema,
  restoreAnswer: moderationActionResponseSchema,
  suspendIdentity: suspendResponseSchema,
  reinstateIdentity: suspendResponseSchema,
  grantExpertBadge: grantBadgeResponseSchema,
  revokeExpertBadge: revokeBadgeResponseSchema,
  findNickname: nicknameLookupResponseSchema,
  identityHistory: identityHistoryResponseSchema,
  communityAnalytics: analyticsResponseSchema,
  commentList: commentListResponseSchema,
  createComment: commentResponseSchema,
  createReply: commentResponseSchema,
  commentVote: commentVoteResponseSchema,
  editComment: commentResponseSchema,
  deleteComment: communityDoneSchema,
  reportComment: reportResponseSchema,
  commentModerationQueue: commentModerationQueueResponseSchema,
  hideComment: commentModerationActionResponseSchema,
  restoreComment: commentModerationActionResponseSchema,
  startChatSession: chatSessionResponseSchema,
  sendChatMessage: chatReplyResponseSchema,
  chatSession: chatSessionResponseSchema,
  clearChatSession: clearChatResponseSchema,
  storyQuestions: storyQuestionsResponseSchema,
  notifications: notificationsResponseSchema,
  notificationRead: notificationReadResponseSchema,
  editQuestion: questionDetailResponseSchema,
  editAnswer: createAnswerResponseSchema,
  questionRevisions: postRevisionsResponseSchema,
  answerRevisions: postRevisionsResponseSchema,
  markdownPreview: markdownPreviewResponseSchema,
  myFollows: followsResponseSchema,
  follow: followResponseSchema,
  unfollow: removedResponseSchema,
  myBookmarks: bookmarksResponseSchema,
  bookmark: bookmarkResponseSchema,
  unbookmark: removedResponseSchema,
  myActivity: activityResponseSchema,
  myExport: exportResponseSchema,
  deleteMe: deleteMeResponseSchema,
  // The newsletter's pages answer HTML (a string); their OpenAPI rows say so (openapi-schemas.ts).
  newsletterConfirmPage: z.string(),
  newsletterConfirm: z.string(),
  newsletterUnsubscribePage: z.string(),
  newsletterUnsubscribe: z.string(),
  newsletterPreferencesPage: z.string(),
  newsletterPreferences: z.string(),
  newsletterDelete: z.string(),
  newsletterEditions: editionListResponseSchema,
  newsletterEdition: editionResponseSchema,
  newsletterPreview: editionPreviewResponseSchema,
  newsletterSend: editionProgressResponseSchema,
  newsletterProgress: editionProgressResponseSchema,
  newsletterSubscribers: subscriberOverviewResponseSchema,
  newsletterTestSend: editionTestSendResponseSchema,
  // content: story pages
  story: storyResponseSchema,
  // The reader's own marks on a page (reader-state.ts).
  readerState: readerStateResponseSchema,
} as const satisfies Record<EndpointName, z.ZodType>;

/** The success body of every endpoint, as the type the front ends read. */
export type EndpointResponses = {
  [Name in EndpointName]: z.output<(typeof ENDPOINT_RESPONSE_SCHEMAS)[Name]>;
};

// Every endpoint has its row, and no row names an endpoint that does not exist.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const everyEndpointHasAResponse: Exact<keyof typeof ENDPOINT_RESPONSE_SCHEMAS, EndpointName> = true;
void everyEndpointHasAResponse;

/**
 * The status of a success, where it is not 200: Nest answers a POST with 201 unless the handler says
 * otherwise (services' @HttpCode); 202 where the work is queued.
 */
export const ENDPOINT_SUCCESS_STATUS: Readonly<Partial<Record<EndpointName, 201 | 202 | 204>>> = {
  createTechAnalysis: 201,
  createInsight: 201,
  addSearchSynonyms: 201,
  removeSearchSynonyms: 204,
  startSearchReindex: 202,
  draftInsight: 201,
  draftAnalysis: 201,
  subscribe: 202,
  sendContactMessage: 202,
  createIngestionSource: 201,
  deleteIngestionSource: 204,
  triggerIngestionRuns: 202,
  websubPush: 204,
  anonymousAuth: 201,
  createQuestion: 201,
  createAnswer: 201,
  createComment: 201,
  createReply: 201,
  staffSignOut: 204,
  createStaffAccount: 201,
  startStaffTotp: 201,
  removeStaffTotp: 204,
  newsletterTestSend: 201,
};

/**
 * Error statuses an endpoint answers besides 400 (bad input), 404 (a path id that names nothing), 413 and
 * 429, which every document lists where they apply, and 401/403, which every /admin/ path lists. Checked
 * by the generated fuzzing run (test/system/api-fuzz.spec.ts): a status not documented here fails it.
 */
export const ENDPOINT_ERROR_STATUSES: Readonly<Partial<Record<EndpointName, readonly number[]>>> = {
  // content: the body names the article (or analysis) liked; an unknown one is 404.
  like: [404],
  unlike: [404],
  // content: an insight or a tech analysis its editors withdrew is 410 to readers (404: never published).
  article: [410],
  techAnalysis: [410],
  // content: publishing twice, or an edit that makes a slug collide.
  createTechAnalysis: [409],
  updateTechAnalysis: [409],
  publishTechAnalysis: [409],
  createInsight: [409],
  updateInsight: [409],
  publishInsight: [409],
  // withdrawing what is not published (a draft, or withdrawn already) is 409.
  withdrawTechAnalysis: [409],
  withdrawInsight: [409],
  // search synonyms: a group whose spellings are all already one group is 409.
  addSearchSynonyms: [409],
  // drafts: 503 while no LLM is configured (LLM_BASE_URL), which says so.
  draftInsight: [404, 409, 503],
  draftAnalysis: [409, 503],
  // newsroom: a wrong name, password or code is 401, a locked account 423, too many tries from one network
  // 429; the owner cannot demote the last owner or take a second name twice (409).
  staffSignIn: [401, 423, 429],
  staffSession: [401],
  createStaffAccount: [409],
  updateStaffAccount: [404, 409],
  revokeStaffSessions: [404],
  confirmStaffTotp: [409],
  // newsroom: a reader's message over 16 KB is 413, too many from one network in an hour 429; marking an
  // unknown message handled is 404.
  sendContactMessage: [413, 429],
  markContactHandled: [404],
  // newsletter: a test send needs trending for the edition due now (409 nothing to send, 503 trending away).
  newsletterTestSend: [409, 503],
  // translation review: only a held item can be edited, released or rejected.
  editHeldTranslation: [409],
  releaseHeldTranslation: [409],
  rejectHeldTranslation: [409],
  // ingestion: a second source with the same URL, or a source changed by another writer meanwhile.
  createIngestionSource: [409],
  updateIngestionSource: [409],
  pauseIngestionSource: [409],
  resumeIngestionSource: [409],
  // ingestion: a run asked for a source that does not exist.
  triggerIngestionRuns: [404],
  // community: every write needs a live session (401); a suspended identity, a cookie write without its
  // CSRF token, or someone else's post is 403; the same text twice in a row is 409.
  // community: a question its author deleted or a moderator hid is 410 on every call about it (404 for
  // an id that never named one).
  question: [410],
  questionView: [410],
  questionViewerVotes: [410],
  answerList: [410],
  communityMe: [401, 403],
  communityLogout: [401, 403],
  createQuestion: [401, 403, 409],
  deleteQuestion: [401, 403],
  questionVote: [401, 403],
  createAnswer: [401, 403, 409, 410],
  acceptAnswer: [401, 403, 409, 410],
  answerVote: [401, 403],
  deleteAnswer: [401, 403],
  reportQuestion: [401, 403],
  reportAnswer: [401, 403],
  createComment: [401, 403, 409],
  createReply: [401, 403, 409],
  commentVote: [401, 403],
  editComment: [401, 403, 409],
  deleteComment: [401, 403],
  reportComment: [401, 403],
  startChatSession: [401, 403],
  sendChatMessage: [401, 403],
  // The assistant's sessions and the bell belong to one identity: none is 401, another's is 403.
  chatSession: [401, 403],
  clearChatSession: [401, 403],
  notifications: [401],
  notificationRead: [401, 403],
  // community edits: the author only (403 for another identity); a question its author deleted or a
  // moderator hid is 410 (for its answers too); an edit that raced another is 409. The preview is limited
  // like writes.
  editQuestion: [401, 403, 409, 410],
  editAnswer: [401, 403, 409, 410],
  questionRevisions: [410],
  answerRevisions: [410],
  markdownPreview: [401, 403],
  // community /me: the identity's own (401 without one; 403 for a cookie write without CSRF or a suspended
  // identity's write); past the cap per identity a new follow or bookmark is 409; a bookmark of an item that
  // does not exist is 404, and 503 while content cannot say whether it does.
  myFollows: [401],
  follow: [401, 403, 409],
  unfollow: [401, 403],
  myBookmarks: [401],
  bookmark: [401, 403, 404, 409, 503],
  unbookmark: [401, 403],
  myActivity: [401],
  myExport: [401],
  deleteMe: [401, 403],
  // content: a story none of whose articles is published (unknown, or every article withdrawn) is 404.
  story: [404],
  // community: the reader's state is the verified identity's own (401 without one).
  readerState: [401],
};

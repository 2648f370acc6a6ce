import type { z } from 'zod';
import type {
  AdminInsight,
  AuthoringRevisionsResponse,
  DraftingCapability,
  AdminListResponse,
  AdminTechAnalysis,
  TechAnalysisViewResponse,
} from './authoring';
import type { ReaderStateResponse } from './reader-state';
import type { SynonymGroup, SynonymsResponse } from './search-synonyms';
import type {
  ActivityResponse,
  BookmarkResponse,
  BookmarksResponse,
  DeleteMeResponse,
  ExportResponse,
  FollowResponse,
  FollowsResponse,
  RemovedResponse,
} from './community-me';
import type { SearchReindexStatus } from './search-reindex';
import type {
  AnonymousAuthResponse,
  AnswerListResponse,
  AnswerVoteResponse,
  ChatReplyResponse,
  ChatSessionResponse,
  ClearChatResponse,
  CommentListResponse,
  CommentResponse,
  CommentVoteResponse,
  CommunityDone,
  CreateAnswerResponse,
  CreateQuestionResponse,
  NotificationReadResponse,
  NotificationsResponse,
  QuestionDetailResponse,
  QuestionListResponse,
  QuestionViewerVotesResponse,
  QuestionViewResponse,
  QuestionVoteResponse,
  StoryQuestionsResponse,
} from './community';
import type { MarkdownPreviewResponse, PostRevisionsResponse } from './community-edits';
import type {
  editionListResponseSchema,
  editionPreviewResponseSchema,
  editionProgressResponseSchema,
  editionResponseSchema,
  editionTestSendResponseSchema,
  subscriberOverviewResponseSchema,
} from './newsletter';
import type {
  AnalyticsResponse,
  BadgeCatalogueResponse,
  CommentModerationActionResponse,
  CommentModerationQueueResponse,
  CommunityMeResponse,
  GrantBadgeResponse,
  IdentityHistoryResponse,
  ModerationActionResponse,
  ModerationQueueResponse,
  NicknameLookupResponse,
  ReportResponse,
  RevokeBadgeResponse,
  SuspendResponse,
} from './community-admin';
import type {
  ArchiveResponse,
  ArticleDetailResponse,
  ArticleViewResponse,
  CategoryPageResponse,
  GenerateImageResponse,
  InsightsListResponse,
  NewsListResponse,
  RelatedArticlesResponse,
} from './content';
import type { StoryResponse } from './stories';
import type { EndpointName } from './endpoints';
import type {
  ArticleEngagementFiguresResponse,
  LikeResponse,
  LikeStatusResponse,
  ShareResponse,
} from './interactions';
import type { SearchPageResponse } from './search-queries';
import type { SidebarDataFullResponse, SidebarDataResponse, SourcesResponse } from './sources';
import type { SubscribeResponse } from './subscribers';
import type {
  TechAnalysisDetailResponse,
  TechAnalysisLikeResponse,
  TechAnalysisListResponse,
} from './tech-analysis';
import type { HeldItemDetail, HeldListResponse } from './translation-review';
import type { StaffAccountView, StaffSessionView, StaffTotpEnrolment } from './staff';
import type { StaffAuditPage } from './staff-audit';
import type { ContactChannels, ContactMessagePage, ContactMessageView, ContactReceipt } from './contact';
import type {
  IngestionRun,
  IngestionRunAdmin,
  IngestionSource,
  IngestionSourceAdmin,
  SourcePreviewResponse,
  TriggerRunsResponse,
} from './ingestion';
import type {
  TrendingEngagementFiguresResponse,
  TrendingListResponse,
  TrendingStatsResponse,
} from './trending';

/** An image's bytes (image/webp, image/png …), not JSON. */
export type ImageBytes = { readonly __binary: 'image' };

/**
 * The success body of every endpoint, as the TypeScript type the front ends read. The OpenAPI documents
 * publish it as JSON Schema, generated from these types by test/docs/response-schemas.ts into
 * response-schemas.generated.ts (`npm run docs:responses`; a spec fails when it is stale).
 */
export interface EndpointResponses {
  newsList: NewsListResponse;
  insightsList: InsightsListResponse;
  article: ArticleDetailResponse;
  relatedArticles: RelatedArticlesResponse;
  articleView: ArticleViewResponse;
  articleShare: ShareResponse;
  generateImage: GenerateImageResponse;
  articleImage: ImageBytes;
  articleImageCurrent: ImageBytes;
  categoryPage: CategoryPageResponse;
  archive: ArchiveResponse;
  search: SearchPageResponse;
  sidebarData: SidebarDataResponse;
  sidebarDataFull: SidebarDataFullResponse;
  sources: SourcesResponse;
  like: LikeResponse;
  unlike: LikeResponse;
  likeStatus: LikeStatusResponse;
  techAnalysisList: TechAnalysisListResponse;
  techAnalysis: TechAnalysisDetailResponse;
  techAnalysisLike: TechAnalysisLikeResponse;
  techAnalysisView: TechAnalysisViewResponse;
  adminTechAnalyses: AdminListResponse<AdminTechAnalysis>;
  adminTechAnalysis: AdminTechAnalysis;
  createTechAnalysis: AdminTechAnalysis;
  updateTechAnalysis: AdminTechAnalysis;
  publishTechAnalysis: AdminTechAnalysis;
  withdrawTechAnalysis: AdminTechAnalysis;
  adminInsights: AdminListResponse<AdminInsight>;
  adminInsight: AdminInsight;
  createInsight: AdminInsight;
  updateInsight: AdminInsight;
  publishInsight: AdminInsight;
  withdrawInsight: AdminInsight;
  insightRevisions: AuthoringRevisionsResponse;
  techAnalysisRevisions: AuthoringRevisionsResponse;
  searchSynonyms: SynonymsResponse;
  addSearchSynonyms: SynonymGroup;
  searchReindex: SearchReindexStatus;
  startSearchReindex: SearchReindexStatus;
  removeSearchSynonyms: void;
  draftInsight: AdminInsight;
  draftAnalysis: AdminTechAnalysis;
  draftingCapability: DraftingCapability;
  articleEngagementFigures: ArticleEngagementFiguresResponse;
  trendingEngagementFigures: TrendingEngagementFiguresResponse;
  trendingStats: TrendingStatsResponse;
  hotTopics: TrendingListResponse;
  popular: TrendingListResponse;
  rising: TrendingListResponse;
  subscribe: SubscribeResponse;
  staffSignIn: StaffSessionView;
  staffSession: StaffSessionView;
  staffSignOut: void;
  staffAccounts: { items: StaffAccountView[] };
  createStaffAccount: StaffAccountView;
  updateStaffAccount: StaffAccountView;
  revokeStaffSessions: { revoked: number };
  startStaffTotp: StaffTotpEnrolment;
  confirmStaffTotp: StaffAccountView;
  removeStaffTotp: void;
  setOwnStaffEmail: StaffAccountView;
  staffAuditLog: StaffAuditPage;
  contactChannels: ContactChannels;
  sendContactMessage: ContactReceipt;
  contactMessages: ContactMessagePage;
  markContactHandled: ContactMessageView;
  heldTranslations: HeldListResponse;
  heldTranslation: HeldItemDetail;
  editHeldTranslation: HeldItemDetail;
  releaseHeldTranslation: HeldItemDetail;
  rejectHeldTranslation: HeldItemDetail;
  ingestionSources: IngestionSource[];
  ingestionSource: IngestionSource;
  createIngestionSource: IngestionSourceAdmin;
  updateIngestionSource: IngestionSourceAdmin;
  previewIngestionSource: SourcePreviewResponse;
  deleteIngestionSource: void;
  pauseIngestionSource: IngestionSourceAdmin;
  resumeIngestionSource: IngestionSourceAdmin;
  ingestionRuns: IngestionRun[];
  ingestionAdminRuns: IngestionRunAdmin[];
  ingestionAdminSources: IngestionSourceAdmin[];
  triggerIngestionRuns: TriggerRunsResponse;
  websubVerify: string;
  websubPush: void;
  anonymousAuth: AnonymousAuthResponse;
  questionList: QuestionListResponse;
  question: QuestionDetailResponse;
  createQuestion: CreateQuestionResponse;
  deleteQuestion: CommunityDone;
  questionVote: QuestionVoteResponse;
  questionView: QuestionViewResponse;
  questionViewerVotes: QuestionViewerVotesResponse;
  answerList: AnswerListResponse;
  createAnswer: CreateAnswerResponse;
  acceptAnswer: CommunityDone;
  answerVote: AnswerVoteResponse;
  deleteAnswer: CommunityDone;
  communityMe: CommunityMeResponse;
  communityLogout: CommunityDone;
  communityBadges: BadgeCatalogueResponse;
  reportQuestion: ReportResponse;
  reportAnswer: ReportResponse;
  moderationQueue: ModerationQueueResponse;
  hideQuestion: ModerationActionResponse;
  restoreQuestion: ModerationActionResponse;
  hideAnswer: ModerationActionResponse;
  restoreAnswer: ModerationActionResponse;
  suspendIdentity: SuspendResponse;
  reinstateIdentity: SuspendResponse;
  grantExpertBadge: GrantBadgeResponse;
  revokeExpertBadge: RevokeBadgeResponse;
  findNickname: NicknameLookupResponse;
  identityHistory: IdentityHistoryResponse;
  communityAnalytics: AnalyticsResponse;
  commentList: CommentListResponse;
  createComment: CommentResponse;
  createReply: CommentResponse;
  commentVote: CommentVoteResponse;
  editComment: CommentResponse;
  deleteComment: CommunityDone;
  reportComment: ReportResponse;
  commentModerationQueue: CommentModerationQueueResponse;
  hideComment: CommentModerationActionResponse;
  restoreComment: CommentModerationActionResponse;
  startChatSession: ChatSessionResponse;
  sendChatMessage: ChatReplyResponse;
  chatSession: ChatSessionResponse;
  clearChatSession: ClearChatResponse;
  storyQuestions: StoryQuestionsResponse;
  notifications: NotificationsResponse;
  notificationRead: NotificationReadResponse;
  editQuestion: QuestionDetailResponse;
  editAnswer: CreateAnswerResponse;
  questionRevisions: PostRevisionsResponse;
  answerRevisions: PostRevisionsResponse;
  markdownPreview: MarkdownPreviewResponse;
  myFollows: FollowsResponse;
  follow: FollowResponse;
  unfollow: RemovedResponse;
  myBookmarks: BookmarksResponse;
  bookmark: BookmarkResponse;
  unbookmark: RemovedResponse;
  myActivity: ActivityResponse;
  myExport: ExportResponse;
  deleteMe: DeleteMeResponse;
  // The newsletter's pages answer HTML; their OpenAPI rows come from the zod schemas (openapi-schemas.ts).
  newsletterConfirmPage: string;
  newsletterConfirm: string;
  newsletterUnsubscribePage: string;
  newsletterUnsubscribe: string;
  newsletterPreferencesPage: string;
  newsletterPreferences: string;
  newsletterDelete: string;
  newsletterEditions: z.output<typeof editionListResponseSchema>;
  newsletterEdition: z.output<typeof editionResponseSchema>;
  newsletterPreview: z.output<typeof editionPreviewResponseSchema>;
  newsletterSend: z.output<typeof editionProgressResponseSchema>;
  newsletterProgress: z.output<typeof editionProgressResponseSchema>;
  newsletterSubscribers: z.output<typeof subscriberOverviewResponseSchema>;
  newsletterTestSend: z.output<typeof editionTestSendResponseSchema>;
  // content: story pages
  story: StoryResponse;
  // The reader's own marks on a page (reader-state.ts).
  readerState: ReaderStateResponse;
}

// Every endpoint has its row, and no row names an endpoint that does not exist.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const everyEndpointHasAResponse: Exact<keyof EndpointResponses, EndpointName> = true;
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

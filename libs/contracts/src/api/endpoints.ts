import type { ServiceName } from '../routing';

/**
 * Every public call, with the service that answers it, so front ends and API docs build on one list (the
 * gateway routes by path prefix, routing.ts; a spec checks each path falls under its service's prefixes). `origin` says where the path comes from: a seed's §7 table, or 'chosen' where the seed
 * says 'not shown' (docs/design.md §7: choose a path in the same style and document it).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointSpec {
  method: HttpMethod;
  /** Fastify-style path; `:name` marks a path parameter. */
  path: string;
  service: ServiceName;
  origin: 'docs/spec-content.md §7' | 'docs/spec-community.md §7' | 'chosen';
  /**
   * 'admin': only the admin credential may call it. Paths with an /admin/ segment are admin routes anyway;
   * this marks the others (ingestion's source and run writes, which share their path with a public read).
   */
  access?: 'admin';
}

/** Whether only the admin credential may call this endpoint (its OpenAPI lists 401/403/503). */
export const isAdminEndpoint = (spec: EndpointSpec): boolean =>
  spec.access === 'admin' || spec.path.includes('/admin/');

const seed0 = 'docs/spec-content.md §7' as const;
const seed1 = 'docs/spec-community.md §7' as const;

export const ENDPOINTS = {
  // content: lists
  newsList: { method: 'GET', path: '/api/content/news', service: 'content', origin: seed0 },
  insightsList: { method: 'GET', path: '/api/content/insights', service: 'content', origin: seed0 },
  // content: articles
  article: { method: 'GET', path: '/api/articles/:id', service: 'content', origin: seed0 },
  relatedArticles: { method: 'GET', path: '/api/articles/related/:id', service: 'content', origin: seed0 },
  articleView: { method: 'POST', path: '/api/articles/:id/view', service: 'content', origin: seed0 },
  articleShare: { method: 'POST', path: '/api/articles/:id/share', service: 'content', origin: seed0 },
  generateImage: {
    method: 'POST',
    path: '/api/articles/:id/generate-image',
    service: 'content',
    origin: seed0,
  },
  // content: generated images (api/images.ts); chosen, the seed shows only generate-image
  articleImage: {
    method: 'GET',
    path: '/api/content/images/:id/:hash',
    service: 'content',
    origin: 'chosen',
  },
  articleImageCurrent: {
    method: 'GET',
    path: '/api/content/images/:id',
    service: 'content',
    origin: 'chosen',
  },
  categoryPage: { method: 'GET', path: '/api/articles/category/:slug', service: 'content', origin: seed0 },
  archive: { method: 'GET', path: '/api/articles/archive', service: 'content', origin: seed0 },
  search: { method: 'GET', path: '/api/articles/search', service: 'content', origin: seed0 },
  sidebarData: { method: 'GET', path: '/api/sidebar-data', service: 'content', origin: seed0 },
  sidebarDataFull: { method: 'GET', path: '/api/sidebar-data/full', service: 'content', origin: 'chosen' },
  sources: { method: 'GET', path: '/api/sources', service: 'content', origin: 'chosen' },
  // content: interactions
  like: { method: 'POST', path: '/api/interactions/like', service: 'content', origin: seed0 },
  unlike: { method: 'DELETE', path: '/api/interactions/unlike', service: 'content', origin: seed0 },
  likeStatus: { method: 'GET', path: '/api/interactions/status/:id', service: 'content', origin: seed0 },
  // content: tech analysis
  techAnalysisList: { method: 'GET', path: '/api/tech-analysis', service: 'content', origin: seed0 },
  techAnalysis: { method: 'GET', path: '/api/tech-analysis/:slug', service: 'content', origin: seed0 },
  techAnalysisLike: {
    method: 'POST',
    path: '/api/tech-analysis/:id/like',
    service: 'content',
    origin: seed0,
  },
  // chosen: docs/spec-content.md §2 counts a view when a detail opens, path not shown (api/authoring.ts)
  techAnalysisView: {
    method: 'POST',
    path: '/api/tech-analysis/:id/view',
    service: 'content',
    origin: 'chosen',
  },
  // content: admin authoring (chosen; docs/design.md §10, shapes in api/authoring.ts)
  adminTechAnalyses: {
    method: 'GET',
    path: '/api/content/admin/tech-analyses',
    service: 'content',
    origin: 'chosen',
  },
  adminTechAnalysis: {
    method: 'GET',
    path: '/api/content/admin/tech-analyses/:id',
    service: 'content',
    origin: 'chosen',
  },
  createTechAnalysis: {
    method: 'POST',
    path: '/api/content/admin/tech-analyses',
    service: 'content',
    origin: 'chosen',
  },
  updateTechAnalysis: {
    method: 'PATCH',
    path: '/api/content/admin/tech-analyses/:id',
    service: 'content',
    origin: 'chosen',
  },
  publishTechAnalysis: {
    method: 'POST',
    path: '/api/content/admin/tech-analyses/:id/publish',
    service: 'content',
    origin: 'chosen',
  },
  withdrawTechAnalysis: {
    method: 'POST',
    path: '/api/content/admin/tech-analyses/:id/withdraw',
    service: 'content',
    origin: 'chosen',
  },
  adminInsights: { method: 'GET', path: '/api/content/admin/insights', service: 'content', origin: 'chosen' },
  adminInsight: {
    method: 'GET',
    path: '/api/content/admin/insights/:id',
    service: 'content',
    origin: 'chosen',
  },
  createInsight: {
    method: 'POST',
    path: '/api/content/admin/insights',
    service: 'content',
    origin: 'chosen',
  },
  updateInsight: {
    method: 'PATCH',
    path: '/api/content/admin/insights/:id',
    service: 'content',
    origin: 'chosen',
  },
  publishInsight: {
    method: 'POST',
    path: '/api/content/admin/insights/:id/publish',
    service: 'content',
    origin: 'chosen',
  },
  withdrawInsight: {
    method: 'POST',
    path: '/api/content/admin/insights/:id/withdraw',
    service: 'content',
    origin: 'chosen',
  },
  insightRevisions: {
    method: 'GET',
    path: '/api/content/admin/insights/:id/revisions',
    service: 'content',
    origin: 'chosen',
  },
  techAnalysisRevisions: {
    method: 'GET',
    path: '/api/content/admin/tech-analyses/:id/revisions',
    service: 'content',
    origin: 'chosen',
  },
  searchSynonyms: {
    method: 'GET',
    path: '/api/content/admin/search/synonyms',
    service: 'content',
    origin: 'chosen',
  },
  addSearchSynonyms: {
    method: 'POST',
    path: '/api/content/admin/search/synonyms',
    service: 'content',
    origin: 'chosen',
  },
  removeSearchSynonyms: {
    method: 'DELETE',
    path: '/api/content/admin/search/synonyms/:id',
    service: 'content',
    origin: 'chosen',
  },
  searchReindex: {
    method: 'GET',
    path: '/api/content/admin/search/reindex',
    service: 'content',
    origin: 'chosen',
  },
  startSearchReindex: {
    method: 'POST',
    path: '/api/content/admin/search/reindex',
    service: 'content',
    origin: 'chosen',
  },
  draftInsight: {
    method: 'POST',
    path: '/api/content/admin/drafts/insight',
    service: 'content',
    origin: 'chosen',
  },
  draftAnalysis: {
    method: 'POST',
    path: '/api/content/admin/drafts/analysis',
    service: 'content',
    origin: 'chosen',
  },
  draftingCapability: {
    method: 'GET',
    path: '/api/content/admin/drafts/capability',
    service: 'content',
    origin: 'chosen',
  },
  // engagement figures for editors (docs/abuse/engagement.md)
  articleEngagementFigures: {
    method: 'GET',
    path: '/api/content/admin/articles/:id/engagement',
    service: 'content',
    origin: 'chosen',
  },
  trendingEngagementFigures: {
    method: 'GET',
    path: '/api/trending/admin/engagement',
    service: 'trending',
    origin: 'chosen',
  },
  // trending
  trendingStats: { method: 'GET', path: '/api/trending/stats', service: 'trending', origin: seed0 },
  hotTopics: { method: 'GET', path: '/api/trending/hot-topics', service: 'trending', origin: seed0 },
  popular: { method: 'GET', path: '/api/trending/popular', service: 'trending', origin: seed0 },
  rising: { method: 'GET', path: '/api/trending/rising', service: 'trending', origin: seed0 },
  // newsletter
  subscribe: { method: 'POST', path: '/api/subscribers', service: 'newsletter', origin: seed0 },
  // newsletter: the pages a mail links to (api/newsletter.ts; HTML, forms; chosen)
  newsletterConfirmPage: {
    method: 'GET',
    path: '/newsletter/confirm',
    service: 'newsletter',
    origin: 'chosen',
  },
  newsletterConfirm: { method: 'POST', path: '/newsletter/confirm', service: 'newsletter', origin: 'chosen' },
  newsletterUnsubscribePage: {
    method: 'GET',
    path: '/newsletter/unsubscribe',
    service: 'newsletter',
    origin: 'chosen',
  },
  /** RFC 8058 one-click (List-Unsubscribe-Post) and the page's button. */
  newsletterUnsubscribe: {
    method: 'POST',
    path: '/newsletter/unsubscribe',
    service: 'newsletter',
    origin: 'chosen',
  },
  newsletterPreferencesPage: {
    method: 'GET',
    path: '/newsletter/preferences',
    service: 'newsletter',
    origin: 'chosen',
  },
  newsletterPreferences: {
    method: 'POST',
    path: '/newsletter/preferences',
    service: 'newsletter',
    origin: 'chosen',
  },
  newsletterDelete: {
    method: 'POST',
    path: '/newsletter/preferences/delete',
    service: 'newsletter',
    origin: 'chosen',
  },
  // newsletter: the archive as JSON, and the admin's preview, manual send and progress (chosen)
  newsletterEditions: {
    method: 'GET',
    path: '/api/newsletter/editions',
    service: 'newsletter',
    origin: 'chosen',
  },
  newsletterEdition: {
    method: 'GET',
    path: '/api/newsletter/editions/:id',
    service: 'newsletter',
    origin: 'chosen',
  },
  newsletterPreview: {
    method: 'GET',
    path: '/api/newsletter/admin/preview',
    service: 'newsletter',
    origin: 'chosen',
  },
  newsletterSend: {
    method: 'POST',
    path: '/api/newsletter/admin/editions',
    service: 'newsletter',
    origin: 'chosen',
  },
  newsletterSubscribers: {
    method: 'GET',
    path: '/api/newsletter/admin/subscribers',
    service: 'newsletter',
    origin: 'chosen',
  },
  newsletterProgress: {
    method: 'GET',
    path: '/api/newsletter/admin/editions/:id',
    service: 'newsletter',
    origin: 'chosen',
  },
  newsletterTestSend: {
    method: 'POST',
    path: '/api/newsletter/admin/editions/:id/test-send',
    service: 'newsletter',
    origin: 'chosen',
  },
  // newsroom: staff sign-in and the owner's accounts (chosen; api/staff.ts, docs/admin.md)
  staffSignIn: { method: 'POST', path: '/api/newsroom/session', service: 'newsroom', origin: 'chosen' },
  staffSession: { method: 'GET', path: '/api/newsroom/session', service: 'newsroom', origin: 'chosen' },
  staffSignOut: { method: 'DELETE', path: '/api/newsroom/session', service: 'newsroom', origin: 'chosen' },
  staffAccounts: {
    method: 'GET',
    path: '/api/newsroom/accounts',
    service: 'newsroom',
    origin: 'chosen',
    access: 'admin',
  },
  createStaffAccount: {
    method: 'POST',
    path: '/api/newsroom/accounts',
    service: 'newsroom',
    origin: 'chosen',
    access: 'admin',
  },
  updateStaffAccount: {
    method: 'PATCH',
    path: '/api/newsroom/accounts/:id',
    service: 'newsroom',
    origin: 'chosen',
    access: 'admin',
  },
  revokeStaffSessions: {
    method: 'DELETE',
    path: '/api/newsroom/accounts/:id/sessions',
    service: 'newsroom',
    origin: 'chosen',
    access: 'admin',
  },
  startStaffTotp: {
    method: 'POST',
    path: '/api/newsroom/me/totp',
    service: 'newsroom',
    origin: 'chosen',
    access: 'admin',
  },
  confirmStaffTotp: {
    method: 'POST',
    path: '/api/newsroom/me/totp/confirm',
    service: 'newsroom',
    origin: 'chosen',
    access: 'admin',
  },
  setOwnStaffEmail: {
    method: 'PATCH',
    path: '/api/newsroom/me',
    service: 'newsroom',
    origin: 'chosen',
    access: 'admin',
  },
  removeStaffTotp: {
    method: 'DELETE',
    path: '/api/newsroom/me/totp',
    service: 'newsroom',
    origin: 'chosen',
    access: 'admin',
  },
  // newsroom: the staff audit log, every service's staff actions (chosen; api/staff-audit.ts, docs/admin.md)
  staffAuditLog: { method: 'GET', path: '/api/admin/audit', service: 'newsroom', origin: 'chosen' },
  // newsroom: readers' messages to the editors (chosen; api/contact.ts, docs/admin.md)
  contactChannels: { method: 'GET', path: '/api/newsroom/contact', service: 'newsroom', origin: 'chosen' },
  sendContactMessage: {
    method: 'POST',
    path: '/api/newsroom/contact',
    service: 'newsroom',
    origin: 'chosen',
  },
  contactMessages: { method: 'GET', path: '/api/admin/contact', service: 'newsroom', origin: 'chosen' },
  markContactHandled: {
    method: 'POST',
    path: '/api/admin/contact/:id/handled',
    service: 'newsroom',
    origin: 'chosen',
  },
  // translation: review of held translations (chosen; admin only, api/translation-review.ts)
  heldTranslations: {
    method: 'GET',
    path: '/api/translation/admin/held',
    service: 'translation',
    origin: 'chosen',
  },
  heldTranslation: {
    method: 'GET',
    path: '/api/translation/admin/held/:id',
    service: 'translation',
    origin: 'chosen',
  },
  editHeldTranslation: {
    method: 'PATCH',
    path: '/api/translation/admin/held/:id',
    service: 'translation',
    origin: 'chosen',
  },
  releaseHeldTranslation: {
    method: 'POST',
    path: '/api/translation/admin/held/:id/release',
    service: 'translation',
    origin: 'chosen',
  },
  rejectHeldTranslation: {
    method: 'POST',
    path: '/api/translation/admin/held/:id/reject',
    service: 'translation',
    origin: 'chosen',
  },
  // ingestion: the sources it reads and its runs (chosen; docs/pipeline.md 'The news pipeline', api/ingestion.ts)
  ingestionSources: { method: 'GET', path: '/api/ingestion/sources', service: 'ingestion', origin: 'chosen' },
  ingestionSource: {
    method: 'GET',
    path: '/api/ingestion/sources/:id',
    service: 'ingestion',
    origin: 'chosen',
  },
  createIngestionSource: {
    method: 'POST',
    path: '/api/ingestion/sources',
    service: 'ingestion',
    origin: 'chosen',
    access: 'admin',
  },
  updateIngestionSource: {
    method: 'PATCH',
    path: '/api/ingestion/sources/:id',
    service: 'ingestion',
    origin: 'chosen',
    access: 'admin',
  },
  previewIngestionSource: {
    method: 'POST',
    path: '/api/ingestion/sources/preview',
    service: 'ingestion',
    origin: 'chosen',
    access: 'admin',
  },
  deleteIngestionSource: {
    method: 'DELETE',
    path: '/api/ingestion/sources/:id',
    service: 'ingestion',
    origin: 'chosen',
    access: 'admin',
  },
  pauseIngestionSource: {
    method: 'POST',
    path: '/api/ingestion/sources/:id/pause',
    service: 'ingestion',
    origin: 'chosen',
    access: 'admin',
  },
  resumeIngestionSource: {
    method: 'POST',
    path: '/api/ingestion/sources/:id/resume',
    service: 'ingestion',
    origin: 'chosen',
    access: 'admin',
  },
  ingestionRuns: { method: 'GET', path: '/api/ingestion/runs', service: 'ingestion', origin: 'chosen' },
  // ingestion: the same lists with each failure's own message, for the admin (api/ingestion.ts)
  ingestionAdminRuns: {
    method: 'GET',
    path: '/api/ingestion/admin/runs',
    service: 'ingestion',
    origin: 'chosen',
  },
  ingestionAdminSources: {
    method: 'GET',
    path: '/api/ingestion/admin/sources',
    service: 'ingestion',
    origin: 'chosen',
  },
  triggerIngestionRuns: {
    method: 'POST',
    path: '/api/ingestion/runs',
    service: 'ingestion',
    origin: 'chosen',
    access: 'admin',
  },
  // ingestion: the WebSub callback a hub calls (chosen; W3C WebSub, services/ingestion/src/websub/)
  websubVerify: {
    method: 'GET',
    path: '/api/ingestion/websub/:id',
    service: 'ingestion',
    origin: 'chosen',
  },
  websubPush: {
    method: 'POST',
    path: '/api/ingestion/websub/:id',
    service: 'ingestion',
    origin: 'chosen',
  },
  // community: identity, questions, answers
  anonymousAuth: {
    method: 'POST',
    path: '/api/community/auth/anonymous',
    service: 'community',
    origin: seed1,
  },
  questionList: { method: 'GET', path: '/api/community/questions', service: 'community', origin: seed1 },
  question: { method: 'GET', path: '/api/community/questions/:id', service: 'community', origin: seed1 },
  createQuestion: { method: 'POST', path: '/api/community/questions', service: 'community', origin: seed1 },
  deleteQuestion: {
    method: 'DELETE',
    path: '/api/community/questions/:id',
    service: 'community',
    origin: seed1,
  },
  questionVote: {
    method: 'POST',
    path: '/api/community/questions/:id/vote',
    service: 'community',
    origin: seed1,
  },
  // chosen: the seed counted views and sent the reader's votes inside the reads; they are their own calls
  // so the reads are the same for every reader (docs/design.md §11.11)
  questionView: {
    method: 'POST',
    path: '/api/community/questions/:id/view',
    service: 'community',
    origin: 'chosen',
  },
  questionViewerVotes: {
    method: 'GET',
    path: '/api/community/questions/:id/votes',
    service: 'community',
    origin: 'chosen',
  },
  answerList: {
    method: 'GET',
    path: '/api/community/questions/:id/answers',
    service: 'community',
    origin: seed1,
  },
  createAnswer: {
    method: 'POST',
    path: '/api/community/questions/:id/answers',
    service: 'community',
    origin: seed1,
  },
  acceptAnswer: {
    method: 'POST',
    path: '/api/community/questions/:id/answers/:answerId/accept',
    service: 'community',
    origin: seed1,
  },
  answerVote: {
    method: 'POST',
    path: '/api/community/answers/:id/vote',
    service: 'community',
    origin: seed1,
  },
  deleteAnswer: { method: 'DELETE', path: '/api/community/answers/:id', service: 'community', origin: seed1 },
  // community: identity session, badges, reports, moderation and analytics (services/community/README.md)
  communityMe: { method: 'GET', path: '/api/community/auth/me', service: 'community', origin: 'chosen' },
  communityLogout: {
    method: 'POST',
    path: '/api/community/auth/logout',
    service: 'community',
    origin: 'chosen',
  },
  communityBadges: { method: 'GET', path: '/api/community/badges', service: 'community', origin: 'chosen' },
  reportQuestion: {
    method: 'POST',
    path: '/api/community/questions/:id/report',
    service: 'community',
    origin: 'chosen',
  },
  reportAnswer: {
    method: 'POST',
    path: '/api/community/answers/:id/report',
    service: 'community',
    origin: 'chosen',
  },
  moderationQueue: {
    method: 'GET',
    path: '/api/community/admin/moderation',
    service: 'community',
    origin: 'chosen',
  },
  hideQuestion: {
    method: 'POST',
    path: '/api/community/admin/questions/:id/hide',
    service: 'community',
    origin: 'chosen',
  },
  restoreQuestion: {
    method: 'POST',
    path: '/api/community/admin/questions/:id/restore',
    service: 'community',
    origin: 'chosen',
  },
  hideAnswer: {
    method: 'POST',
    path: '/api/community/admin/answers/:id/hide',
    service: 'community',
    origin: 'chosen',
  },
  restoreAnswer: {
    method: 'POST',
    path: '/api/community/admin/answers/:id/restore',
    service: 'community',
    origin: 'chosen',
  },
  suspendIdentity: {
    method: 'POST',
    path: '/api/community/admin/identities/:id/suspend',
    service: 'community',
    origin: 'chosen',
  },
  reinstateIdentity: {
    method: 'POST',
    path: '/api/community/admin/identities/:id/reinstate',
    service: 'community',
    origin: 'chosen',
  },
  grantExpertBadge: {
    method: 'POST',
    path: '/api/community/admin/identities/:id/expert',
    service: 'community',
    origin: 'chosen',
  },
  revokeExpertBadge: {
    method: 'DELETE',
    path: '/api/community/admin/identities/:id/expert',
    service: 'community',
    origin: 'chosen',
  },
  findNickname: {
    method: 'GET',
    path: '/api/community/admin/identities',
    service: 'community',
    origin: 'chosen',
  },
  identityHistory: {
    method: 'GET',
    path: '/api/community/admin/identities/:id/history',
    service: 'community',
    origin: 'chosen',
  },
  communityAnalytics: {
    method: 'GET',
    path: '/api/community/admin/analytics',
    service: 'community',
    origin: 'chosen',
  },
  // community: comments (docs/design.md §11.3 wires what the seed left local)
  commentList: {
    method: 'GET',
    path: '/api/community/articles/:id/comments',
    service: 'community',
    origin: seed1,
  },
  createComment: {
    method: 'POST',
    path: '/api/community/articles/:id/comments',
    service: 'community',
    origin: 'chosen',
  },
  createReply: {
    method: 'POST',
    path: '/api/community/comments/:id/replies',
    service: 'community',
    origin: 'chosen',
  },
  commentVote: {
    method: 'POST',
    path: '/api/community/comments/:id/vote',
    service: 'community',
    origin: 'chosen',
  },
  editComment: {
    method: 'PATCH',
    path: '/api/community/comments/:id',
    service: 'community',
    origin: 'chosen',
  },
  deleteComment: {
    method: 'DELETE',
    path: '/api/community/comments/:id',
    service: 'community',
    origin: 'chosen',
  },
  reportComment: {
    method: 'POST',
    path: '/api/community/comments/:id/report',
    service: 'community',
    origin: 'chosen',
  },
  commentModerationQueue: {
    method: 'GET',
    path: '/api/community/admin/moderation/comments',
    service: 'community',
    origin: 'chosen',
  },
  hideComment: {
    method: 'POST',
    path: '/api/community/admin/comments/:id/hide',
    service: 'community',
    origin: 'chosen',
  },
  restoreComment: {
    method: 'POST',
    path: '/api/community/admin/comments/:id/restore',
    service: 'community',
    origin: 'chosen',
  },
  // community: assistant (docs/design.md §11.4)
  startChatSession: {
    method: 'POST',
    path: '/api/community/assistant/sessions',
    service: 'community',
    origin: 'chosen',
  },
  sendChatMessage: {
    method: 'POST',
    path: '/api/community/assistant/sessions/:id/messages',
    service: 'community',
    origin: 'chosen',
  },
  chatSession: {
    method: 'GET',
    path: '/api/community/assistant/sessions/:id',
    service: 'community',
    origin: 'chosen',
  },
  storyQuestions: {
    method: 'GET',
    path: '/api/community/articles/:id/questions',
    service: 'community',
    origin: 'chosen',
  },
  notifications: {
    method: 'GET',
    path: '/api/community/notifications',
    service: 'community',
    origin: 'chosen',
  },
  notificationRead: {
    method: 'POST',
    path: '/api/community/notifications/:id/read',
    service: 'community',
    origin: 'chosen',
  },
  clearChatSession: {
    method: 'DELETE',
    path: '/api/community/assistant/sessions/:id/messages',
    service: 'community',
    origin: 'chosen',
  },
  // community: edits by their authors, their revisions, and the Markdown preview (community-edits.ts)
  editQuestion: {
    method: 'PATCH',
    path: '/api/community/questions/:id',
    service: 'community',
    origin: 'chosen',
  },
  editAnswer: { method: 'PATCH', path: '/api/community/answers/:id', service: 'community', origin: 'chosen' },
  questionRevisions: {
    method: 'GET',
    path: '/api/community/questions/:id/revisions',
    service: 'community',
    origin: 'chosen',
  },
  answerRevisions: {
    method: 'GET',
    path: '/api/community/answers/:id/revisions',
    service: 'community',
    origin: 'chosen',
  },
  markdownPreview: {
    method: 'POST',
    path: '/api/community/markdown/preview',
    service: 'community',
    origin: 'chosen',
  },
  // community: the reader's own space (/me): follows, bookmarks, own posts, export and deletion
  myFollows: { method: 'GET', path: '/api/community/me/follows', service: 'community', origin: 'chosen' },
  follow: {
    method: 'PUT',
    path: '/api/community/me/follows/:kind/:key',
    service: 'community',
    origin: 'chosen',
  },
  unfollow: {
    method: 'DELETE',
    path: '/api/community/me/follows/:kind/:key',
    service: 'community',
    origin: 'chosen',
  },
  myBookmarks: { method: 'GET', path: '/api/community/me/bookmarks', service: 'community', origin: 'chosen' },
  bookmark: {
    method: 'PUT',
    path: '/api/community/me/bookmarks/:kind/:id',
    service: 'community',
    origin: 'chosen',
  },
  unbookmark: {
    method: 'DELETE',
    path: '/api/community/me/bookmarks/:kind/:id',
    service: 'community',
    origin: 'chosen',
  },
  myActivity: { method: 'GET', path: '/api/community/me/activity', service: 'community', origin: 'chosen' },
  myExport: { method: 'GET', path: '/api/community/me/export', service: 'community', origin: 'chosen' },
  deleteMe: { method: 'DELETE', path: '/api/community/me', service: 'community', origin: 'chosen' },
  // content: story pages (every article of one story across its sources)
  story: { method: 'GET', path: '/api/stories/:id', service: 'content', origin: 'chosen' },
  // community: the reader's own votes, reactions and bookmarks on a page's ids, and who they are
  readerState: { method: 'GET', path: '/api/community/me/state', service: 'community', origin: 'chosen' },
} as const satisfies Record<string, EndpointSpec>;

export type EndpointName = keyof typeof ENDPOINTS;

/**
 * A concrete URL path from a pattern, e.g. buildPath(ENDPOINTS.article.path, { id: 'a1' }). Values are
 * URL-encoded; a missing parameter throws, since a request to '/api/articles/:id' would be a silent 404.
 */
export const buildPath = (pattern: string, params: Record<string, string> = {}): string =>
  pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`buildPath: missing parameter '${name}' for ${pattern}`);
    return encodeURIComponent(value);
  });

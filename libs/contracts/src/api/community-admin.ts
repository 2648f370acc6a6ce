import { badgeFieldsSchema, badgeSchema, communityOk, communityUserSchema } from './community-responses';
import { TRUST_LEVELS } from './community';
import { z } from 'zod';
import { intParam, oneOf, strictParams, textField } from './params';

/**
 * Identity, badge, report and moderation calls of the community service that the seed leaves 'not shown'
 * (all chosen here; services/community/README.md describes them).
 */

/** GET /api/community/auth/me: the identity the credential names, and the CSRF value for cookie writes. */
export const communityMeResponseSchema = communityOk(
  z.object({
    user: communityUserSchema,
    sessionId: z.string(),
    csrfToken: z.string(),
    /** The identity's trust level now (docs/abuse/trust-levels.md), shown on its own page. */
    trustLevel: z.enum(TRUST_LEVELS),
  }),
);
export type CommunityMeResponse = z.output<typeof communityMeResponseSchema>;

/** One rule of the badge catalogue (GET /api/community/badges): what earns it. */
export const badgeRuleSchema = badgeFieldsSchema
  .extend({
    /** How it is earned, in Korean, as the tooltip and README say it. */
    rule: z.string(),
  })
  .meta({ id: 'BadgeRule' });
export type BadgeRule = z.output<typeof badgeRuleSchema>;

export const badgeCatalogueResponseSchema = communityOk(
  z.object({
    badges: z.array(badgeRuleSchema),
  }),
);
export type BadgeCatalogueResponse = z.output<typeof badgeCatalogueResponseSchema>;

/** POST /api/community/questions/{id}/report and /answers/{id}/report: a reader flags a post. */
export const REPORT_REASONS = ['spam', 'abuse', 'off-topic', 'other'] as const;
export const reportBodySchema = strictParams({
  reason: oneOf('reason', REPORT_REASONS),
  detail: textField('detail', { min: 1, max: 500 }).optional(),
});
export type ReportBody = z.output<typeof reportBodySchema>;

/** `held` is true once enough readers reported the post and it waits for a moderator, hidden. */
export const reportResponseSchema = communityOk(
  z.object({
    reported: z.literal(true),
    held: z.boolean(),
  }),
);
export type ReportResponse = z.output<typeof reportResponseSchema>;

/** Moderation state of a post: visible, held (hidden until reviewed), hidden by a moderator. */
export const MODERATION_STATES = ['visible', 'held', 'hidden'] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];

/**
 * One reader's report as a moderator sees it: who (nickname and trust level when reporting), when, why,
 * and the weight it added toward holding the post (0 for a 'new' reporter, or when a heavier reporter from
 * the same network already counted).
 */
export const moderationReporterSchema = z
  .object({
    id: z.string(),
    displayName: z.string(),
    trustLevel: z.enum(TRUST_LEVELS),
    weight: z.number(),
    reason: z.string(),
    detail: z.string().nullable(),
    at: z.string(),
  })
  .meta({ id: 'ModerationReporter' });
export type ModerationReporter = z.output<typeof moderationReporterSchema>;

/** A post's reports: every report is counted and listed; `weight` is what holding compares to its threshold. */
export const moderationReportsSchema = z
  .object({
    count: z.number(),
    reasons: z.record(z.string(), z.number()),
    lastAt: z.string().nullable(),
    weight: z.number(),
    /** Newest first, at most 50. */
    reporters: z.array(moderationReporterSchema),
  })
  .meta({ id: 'ModerationReports' });
export type ModerationReports = z.output<typeof moderationReportsSchema>;

export const moderationItemSchema = z
  .object({
    kind: z.enum(['question', 'answer']),
    id: z.string(),
    questionId: z.string(),
    title: z.string().nullable(),
    excerpt: z.string(),
    author: z.object({
      id: z.string(),
      displayName: z.string(),
      suspended: z.boolean(),
    }),
    state: z.enum(MODERATION_STATES),
    reports: moderationReportsSchema,
    createdAt: z.string(),
  })
  .meta({ id: 'ModerationItem' });
export type ModerationItem = z.output<typeof moderationItemSchema>;
/** GET /api/community/admin/moderation?state=held|hidden|reported. */
export const moderationQueueQuerySchema = strictParams({
  state: oneOf('state', ['held', 'hidden', 'reported']).default('held'),
  page: intParam('page', { min: 1 }).default(1),
});
export type ModerationQueueQuery = z.output<typeof moderationQueueQuerySchema>;

export const moderationQueueResponseSchema = communityOk(
  z.object({
    items: z.array(moderationItemSchema),
    total: z.number(),
    page: z.number(),
  }),
);
export type ModerationQueueResponse = z.output<typeof moderationQueueResponseSchema>;

export const moderationActionResponseSchema = communityOk(
  z.object({
    kind: z.enum(['question', 'answer']),
    id: z.string(),
    state: z.enum(MODERATION_STATES),
  }),
);
export type ModerationActionResponse = z.output<typeof moderationActionResponseSchema>;

/** A reported, held or hidden article comment, in the comment moderation queue (chosen here). */
export const commentModerationItemSchema = z
  .object({
    kind: z.literal('comment'),
    id: z.string(),
    articleId: z.string(),
    parentId: z.string().nullable(),
    excerpt: z.string(),
    author: z.object({
      id: z.string(),
      displayName: z.string(),
      suspended: z.boolean(),
    }),
    state: z.enum(MODERATION_STATES),
    reports: moderationReportsSchema,
    createdAt: z.string(),
  })
  .meta({ id: 'CommentModerationItem' });
export type CommentModerationItem = z.output<typeof commentModerationItemSchema>;

/** GET /api/community/admin/moderation/comments?state=held|hidden|reported&page= (same query). */
export const commentModerationQueueResponseSchema = communityOk(
  z.object({
    items: z.array(commentModerationItemSchema),
    total: z.number(),
    page: z.number(),
  }),
);
export type CommentModerationQueueResponse = z.output<typeof commentModerationQueueResponseSchema>;

export const commentModerationActionResponseSchema = communityOk(
  z.object({
    kind: z.literal('comment'),
    id: z.string(),
    state: z.enum(MODERATION_STATES),
  }),
);
export type CommentModerationActionResponse = z.output<typeof commentModerationActionResponseSchema>;

/** POST /api/community/admin/identities/{id}/suspend {days?, reason}. */
export const suspendBodySchema = strictParams({
  reason: textField('reason', { min: 1, max: 300 }),
  days: intParam('days', { min: 1, max: 3650 }).optional(),
});
export type SuspendBody = z.output<typeof suspendBodySchema>;

export const suspendResponseSchema = communityOk(
  z.object({
    id: z.string(),
    suspendedUntil: z.string().nullable(),
  }),
);
export type SuspendResponse = z.output<typeof suspendResponseSchema>;

export const grantBadgeResponseSchema = communityOk(
  z.object({
    id: z.string(),
    badge: badgeSchema,
    granted: z.boolean(),
  }),
);
export type GrantBadgeResponse = z.output<typeof grantBadgeResponseSchema>;

/** GET /api/community/admin/analytics?days=: questions, answers and active identities per UTC day. */
export const analyticsQuerySchema = strictParams({ days: intParam('days', { min: 1, max: 90 }).default(30) });
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;

export const analyticsDaySchema = z
  .object({
    day: z.string(),
    questions: z.number(),
    answers: z.number(),
    activeIdentities: z.number(),
  })
  .meta({ id: 'AnalyticsDay' });
export type AnalyticsDay = z.output<typeof analyticsDaySchema>;

export const analyticsResponseSchema = communityOk(
  z.object({
    days: z.array(analyticsDaySchema),
  }),
);
export type AnalyticsResponse = z.output<typeof analyticsResponseSchema>;

/** GET /api/community/admin/identities?nickname=: the nickname as typed, matched as names collide (look-alikes). */
export const nicknameLookupQuerySchema = strictParams({
  nickname: textField('nickname', { min: 1, max: 60 }),
});
export type NicknameLookupQuery = z.output<typeof nicknameLookupQuerySchema>;

/** A nickname as a moderator sees it: when it came and went, its standing and whether it may write. */
export const adminIdentitySchema = z
  .object({
    id: z.string(),
    displayName: z.string(),
    createdAt: z.string(),
    lastActiveAt: z.string(),
    /** Null when it may write; a far-future date means until reinstated. */
    suspendedUntil: z.string().nullable(),
    suspendedReason: z.string().nullable(),
    trustLevel: z.enum(TRUST_LEVELS),
    badges: z.array(badgeSchema),
  })
  .meta({ id: 'AdminIdentity' });
export type AdminIdentity = z.output<typeof adminIdentitySchema>;

export const nicknameLookupResponseSchema = communityOk(
  z.object({
    items: z.array(adminIdentitySchema),
  }),
);
export type NicknameLookupResponse = z.output<typeof nicknameLookupResponseSchema>;

/** What a moderator did to a nickname, kept from the first such action on. */
export const IDENTITY_ACTIONS = ['suspended', 'reinstated', 'expert-granted', 'expert-revoked'] as const;
export type IdentityAction = (typeof IDENTITY_ACTIONS)[number];

export const identityHistoryEntrySchema = z
  .object({
    action: z.enum(IDENTITY_ACTIONS),
    at: z.string(),
    /** The suspension's reason; null for the other actions. */
    reason: z.string().nullable(),
    /** The suspension's end; null for the other actions. */
    until: z.string().nullable(),
  })
  .meta({ id: 'IdentityHistoryEntry' });
export type IdentityHistoryEntry = z.output<typeof identityHistoryEntrySchema>;

/** GET /api/community/admin/identities/{id}/history: newest first, with the nickname as it is now. */
export const identityHistoryResponseSchema = communityOk(
  z.object({
    identity: adminIdentitySchema,
    entries: z.array(identityHistoryEntrySchema),
  }),
);
export type IdentityHistoryResponse = z.output<typeof identityHistoryResponseSchema>;

/** DELETE /api/community/admin/identities/{id}/expert: `revoked` is false when it did not hold the badge. */
export const revokeBadgeResponseSchema = communityOk(
  z.object({
    id: z.string(),
    revoked: z.boolean(),
  }),
);
export type RevokeBadgeResponse = z.output<typeof revokeBadgeResponseSchema>;

import { z } from 'zod';
import type { Badge, CommunityOk, CommunityUser, TrustLevel } from './community';
import type { BadgeColor, BadgeType } from './community-constants';
import { intParam, oneOf, strictParams, textField } from './params';

/**
 * Identity, badge, report and moderation calls of the community service that the seed leaves 'not shown'
 * (all chosen here; services/community/README.md describes them).
 */

/** GET /api/community/auth/me: the identity the credential names, and the CSRF value for cookie writes. */
export type CommunityMeResponse = CommunityOk<{
  user: CommunityUser;
  sessionId: string;
  csrfToken: string;
  /** The identity's trust level now (docs/abuse/trust-levels.md), shown on its own page. */
  trustLevel: TrustLevel;
}>;

/** One rule of the badge catalogue (GET /api/community/badges): what earns it. */
export interface BadgeRule {
  id: string;
  name: string;
  description: string;
  /** The seed's emoji, kept for older clients: the site draws a badge by its `id` (no emoji font needed). */
  icon: string;
  color: BadgeColor;
  type: BadgeType;
  /** How it is earned, in Korean, as the tooltip and README say it. */
  rule: string;
}
export type BadgeCatalogueResponse = CommunityOk<{ badges: BadgeRule[] }>;

/** POST /api/community/questions/{id}/report and /answers/{id}/report: a reader flags a post. */
export const REPORT_REASONS = ['spam', 'abuse', 'off-topic', 'other'] as const;
export const reportBodySchema = strictParams({
  reason: oneOf('reason', REPORT_REASONS),
  detail: textField('detail', { min: 1, max: 500 }).optional(),
});
export type ReportBody = z.output<typeof reportBodySchema>;
/** `held` is true once enough readers reported the post and it waits for a moderator, hidden. */
export type ReportResponse = CommunityOk<{ reported: true; held: boolean }>;

/** Moderation state of a post: visible, held (hidden until reviewed), hidden by a moderator. */
export const MODERATION_STATES = ['visible', 'held', 'hidden'] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];

/**
 * One reader's report as a moderator sees it: who (nickname and trust level when reporting), when, why,
 * and the weight it added toward holding the post (0 for a 'new' reporter, or when a heavier reporter from
 * the same network already counted).
 */
export interface ModerationReporter {
  id: string;
  displayName: string;
  trustLevel: TrustLevel;
  weight: number;
  reason: string;
  detail: string | null;
  at: string;
}
/** A post's reports: every report is counted and listed; `weight` is what holding compares to its threshold. */
export interface ModerationReports {
  count: number;
  reasons: Record<string, number>;
  lastAt: string | null;
  weight: number;
  /** Newest first, at most 50. */
  reporters: ModerationReporter[];
}
export interface ModerationItem {
  kind: 'question' | 'answer';
  id: string;
  questionId: string;
  title: string | null;
  excerpt: string;
  author: { id: string; displayName: string; suspended: boolean };
  state: ModerationState;
  reports: ModerationReports;
  createdAt: string;
}
/** GET /api/community/admin/moderation?state=held|hidden|reported. */
export const moderationQueueQuerySchema = strictParams({
  state: oneOf('state', ['held', 'hidden', 'reported']).default('held'),
  page: intParam('page', { min: 1 }).default(1),
});
export type ModerationQueueQuery = z.output<typeof moderationQueueQuerySchema>;
export type ModerationQueueResponse = CommunityOk<{ items: ModerationItem[]; total: number; page: number }>;
export type ModerationActionResponse = CommunityOk<{
  kind: 'question' | 'answer';
  id: string;
  state: ModerationState;
}>;

/** A reported, held or hidden article comment, in the comment moderation queue (chosen here). */
export interface CommentModerationItem {
  kind: 'comment';
  id: string;
  articleId: string;
  parentId: string | null;
  excerpt: string;
  author: { id: string; displayName: string; suspended: boolean };
  state: ModerationState;
  reports: ModerationReports;
  createdAt: string;
}
/** GET /api/community/admin/moderation/comments?state=held|hidden|reported&page= (same query). */
export type CommentModerationQueueResponse = CommunityOk<{
  items: CommentModerationItem[];
  total: number;
  page: number;
}>;
export type CommentModerationActionResponse = CommunityOk<{
  kind: 'comment';
  id: string;
  state: ModerationState;
}>;

/** POST /api/community/admin/identities/{id}/suspend {days?, reason}. */
export const suspendBodySchema = strictParams({
  reason: textField('reason', { min: 1, max: 300 }),
  days: intParam('days', { min: 1, max: 3650 }).optional(),
});
export type SuspendBody = z.output<typeof suspendBodySchema>;
export type SuspendResponse = CommunityOk<{ id: string; suspendedUntil: string | null }>;
export type GrantBadgeResponse = CommunityOk<{ id: string; badge: Badge; granted: boolean }>;

/** GET /api/community/admin/analytics?days=: questions, answers and active identities per UTC day. */
export const analyticsQuerySchema = strictParams({ days: intParam('days', { min: 1, max: 90 }).default(30) });
export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;
export interface AnalyticsDay {
  day: string;
  questions: number;
  answers: number;
  activeIdentities: number;
}
export type AnalyticsResponse = CommunityOk<{ days: AnalyticsDay[] }>;

/** GET /api/community/admin/identities?nickname=: the nickname as typed, matched as names collide (look-alikes). */
export const nicknameLookupQuerySchema = strictParams({
  nickname: textField('nickname', { min: 1, max: 60 }),
});
export type NicknameLookupQuery = z.output<typeof nicknameLookupQuerySchema>;

/** A nickname as a moderator sees it: when it came and went, its standing and whether it may write. */
export interface AdminIdentity {
  id: string;
  displayName: string;
  createdAt: string;
  lastActiveAt: string;
  /** Null when it may write; a far-future date means until reinstated. */
  suspendedUntil: string | null;
  suspendedReason: string | null;
  trustLevel: TrustLevel;
  badges: Badge[];
}
export type NicknameLookupResponse = CommunityOk<{ items: AdminIdentity[] }>;

/** What a moderator did to a nickname, kept from the first such action on. */
export const IDENTITY_ACTIONS = ['suspended', 'reinstated', 'expert-granted', 'expert-revoked'] as const;
export type IdentityAction = (typeof IDENTITY_ACTIONS)[number];
export interface IdentityHistoryEntry {
  action: IdentityAction;
  at: string;
  /** The suspension's reason; null for the other actions. */
  reason: string | null;
  /** The suspension's end; null for the other actions. */
  until: string | null;
}
/** GET /api/community/admin/identities/{id}/history: newest first, with the nickname as it is now. */
export type IdentityHistoryResponse = CommunityOk<{
  identity: AdminIdentity;
  entries: IdentityHistoryEntry[];
}>;
/** DELETE /api/community/admin/identities/{id}/expert: `revoked` is false when it did not hold the badge. */
export type RevokeBadgeResponse = CommunityOk<{ id: string; revoked: boolean }>;

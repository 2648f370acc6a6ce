/** A badge an identity earned (`community_badges`); `_id` is identity:badge, so it is awarded once. */
export interface EarnedBadgeRecord {
  _id: string;
  identityId: string;
  badgeId: string;
  earnedAt: string;
}

/** What an identity has done, by metric, as sets of ids: replayed events add nothing twice. */
export interface BadgeProgressRecord {
  _id: string;
  identityId: string;
  metric: string;
  ids: string[];
}

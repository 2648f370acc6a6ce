import type { Badge, CommunityUser, QuestionAuthor, TrustLevel } from '@pulse/contracts';
import type { AuthorSnapshot } from '../questions/question.record';
import type { IdentityRecord } from './identity.record';

/** docs/spec-community.md §3 Anonymous user as the server sends it. */
export const toCommunityUser = (identity: IdentityRecord, badges: Badge[]): CommunityUser => ({
  id: identity._id,
  username: identity.username,
  displayName: identity.displayName,
  isAnonymous: true,
  badges,
  createdAt: identity.createdAt,
  lastActiveAt: identity.lastActiveAt,
});

/** A post's author: the stored snapshot plus the author's current badges and trust level. */
export const toAuthor = (
  authorId: string,
  author: AuthorSnapshot,
  badges: Badge[],
  trustLevel?: TrustLevel,
): QuestionAuthor => ({
  id: authorId,
  username: author.username,
  displayName: author.displayName,
  createdAt: author.createdAt,
  isAnonymous: true,
  badges,
  ...(trustLevel ? { trustLevel } : {}),
});

import type { TrustTally } from '../trust/trust-levels';

/** A nickname identity (docs/spec-community.md §3 Anonymous user), as stored in `community_identities`. */
export interface IdentityRecord {
  _id: string;
  username: string;
  /** Unique: the nickname, or the nickname plus '#NNNN' when another identity holds it. */
  displayName: string;
  /**
   * The confusable skeleton of displayName (UTS #39, nickname-skeleton.ts), with a unique index: look-alikes
   * collide, so two replicas cannot both hand out one. Records older than the skeleton hold NFKC +
   * lower-case here until NicknameKeyMigration rewrites them on start.
   */
  displayNameKey: string;
  /** 'uts39-skeleton' once displayNameKey is a skeleton; absent on records written before it. */
  displayNameKeyScheme?: string;
  createdAt: string;
  lastActiveAt: string;
  /** Set by a moderator; null when the identity may write. A far-future date means indefinitely. */
  suspendedUntil: string | null;
  suspendedReason: string | null;
  /** What others endorsed (trust/): absent until the first endorsement. */
  trust?: TrustTally;
}

/** A signed-in session of an identity (`community_sessions`); the token and cookie name it. */
export interface SessionRecord {
  _id: string;
  identityId: string;
  createdAt: string;
  lastActiveAt: string;
  revokedAt: string | null;
}

import type { FollowKind } from '@pulse/contracts';

/** One identity following one category, tag, source or story (`community_follows`). */
export interface FollowRecord {
  /** A hash of identity, kind and key: following twice is the same record. */
  _id: string;
  identityId: string;
  kind: FollowKind;
  key: string;
  label: string | null;
  createdAt: string;
}

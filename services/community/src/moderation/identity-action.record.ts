import type { IdentityAction } from '@pulse/contracts';

/** One moderator action on a nickname (`community_identity_actions`): its history on the admin screen. */
export interface IdentityActionRecord {
  _id: string;
  identityId: string;
  action: IdentityAction;
  at: string;
  reason: string | null;
  until: string | null;
}

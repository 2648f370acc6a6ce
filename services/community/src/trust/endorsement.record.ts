/**
 * Another identity's approval of one post (`community_endorsements`): an upvote, or an answer accepted by
 * the question's author. Only endorsements from identities at 'basic' or above are stored, never one's
 * own. The id is one per endorser per post, so a repeated vote or accept stores nothing twice.
 */
export interface EndorsementRecord {
  _id: string;
  /** The endorsed identity (the post's author). */
  identityId: string;
  endorserId: string;
  /** A hash of the endorser's network (IPv4 address, IPv6 /64) when endorsing (TrustService.networkKey). */
  network: string;
  kind: 'upvote' | 'accept';
  postId: string;
  at: string;
}

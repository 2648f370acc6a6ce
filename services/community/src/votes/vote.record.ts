/** One identity's vote on one post (`community_votes`); the id makes it one per identity per target. */
export interface VoteRecord {
  _id: string;
  kind: 'question' | 'answer';
  targetId: string;
  identityId: string;
  value: 'upvote' | 'downvote';
  at: string;
}

export const voteId = (kind: VoteRecord['kind'], targetId: string, identityId: string): string =>
  `${kind}:${targetId}:${identityId}`;

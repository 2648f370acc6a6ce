/**
 * One identity's vote on one post (`community_votes`); the id makes it one per identity per target.
 * Questions and answers take upvote/downvote (docs/spec-community.md §7), article comments like/dislike (docs/spec-community.md §2).
 */
export interface VoteRecord {
  _id: string;
  kind: 'question' | 'answer' | 'comment';
  targetId: string;
  identityId: string;
  value: 'upvote' | 'downvote' | 'like' | 'dislike';
  at: string;
}

/** The values each kind of target takes (questions only have upvotes, docs/spec-community.md §7). */
export interface VoteValues {
  question: 'upvote';
  answer: 'upvote' | 'downvote';
  comment: 'like' | 'dislike';
}

export const voteId = (kind: VoteRecord['kind'], targetId: string, identityId: string): string =>
  `${kind}:${targetId}:${identityId}`;

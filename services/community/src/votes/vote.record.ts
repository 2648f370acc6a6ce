/** A vote's value: questions and answers take upvote/downvote, article comments like/dislike. */
export type VoteValue = 'upvote' | 'downvote' | 'like' | 'dislike';

/**
 * One identity's vote on one post (`community_votes`); the id makes it one per identity per target.
 * Questions and answers take upvote/downvote (docs/spec-community.md §7), article comments like/dislike (docs/spec-community.md §2).
 * The record is the truth, written at once; the target's counters follow it in batches (vote-counters.ts).
 */
export interface VoteRecord {
  _id: string;
  kind: 'question' | 'answer' | 'comment';
  targetId: string;
  identityId: string;
  /** The vote held; null once withdrawn, kept until the counters have taken the withdrawal. */
  value: VoteValue | null;
  /**
   * The value the target's counters hold for this record. Absent on records written while the counters
   * moved with each vote: those hold `value`.
   */
  counted?: VoteValue | null;
  /** value ≠ counted: the target's next counter flush owes this record a change (indexed for the sweep). */
  pending?: boolean;
  at: string;
}

/** The values each kind of target takes (questions only have upvotes, docs/spec-community.md §7). */
export interface VoteValues {
  question: 'upvote';
  answer: 'upvote' | 'downvote';
  comment: 'like' | 'dislike';
}

/** The vote an identity holds on a target as read before a change. */
export interface HeldVote {
  value: VoteValue | null;
  /** A record is there (a withdrawn one keeps its record until counted). */
  exists: boolean;
  /** Written before the counters were batched: its counters hold its value. */
  legacy: boolean;
}

/** One record's move of a target's counters, from the value counted to the value held. */
export interface CounterMark {
  voteId: string;
  from: VoteValue | null;
  to: VoteValue | null;
}

export const voteId = (kind: VoteRecord['kind'], targetId: string, identityId: string): string =>
  `${kind}:${targetId}:${identityId}`;

/** How much one flush moves each count of a target. */
export type CounterDelta = Record<VoteValue, number>;

/** A flush applied to a target's counters whose records are not all settled yet (kept on the target). */
export interface CounterFlush {
  id: string;
  marks: CounterMark[];
}

/**
 * What a target that counts votes keeps beside its counts: how many flushes moved them (a flush applies
 * only on the number it read, so two flushers never apply the same records) and the flush whose records
 * are still being settled (written in the same update as its `$inc`, so a crash leaves it to finish).
 */
export interface CountedFields {
  counterSeq?: number;
  counterFlush?: CounterFlush | null;
}

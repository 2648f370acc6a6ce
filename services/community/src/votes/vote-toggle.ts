import type { VoteValue } from './vote.record';
import type { VoteRecord } from './vote.record';
import type { VotesRepository } from './votes.repository';

/** Attempts before a vote gives up on a target another request keeps changing (it then reports the state). */
const ATTEMPTS = 5;

/** The vote held after a toggle, and the change it made (null when it made none). */
export interface ToggleOutcome {
  value: VoteValue | null;
  change: { from: VoteValue | null; to: VoteValue | null } | null;
}

/**
 * One identity's vote on one target, toggled: the same value again withdraws it, another replaces it.
 * Every move is a compare-and-set on the vote record (VotesRepository.transition), so of concurrent
 * requests only one makes a given move, and the record marks the move as owed to the target's counters
 * (vote-counters.ts), which count it once.
 */
export async function toggleVote(
  votes: VotesRepository,
  base: Omit<VoteRecord, 'value' | 'counted' | 'pending'>,
  voteType: VoteValue,
): Promise<ToggleOutcome> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const held = await votes.held(base.kind, base.targetId, base.identityId);
    const to = held.value === voteType ? null : voteType;
    if (await votes.transition(base, held, to)) return { value: to, change: { from: held.value, to } };
  }
  return { value: (await votes.held(base.kind, base.targetId, base.identityId)).value, change: null };
}

/** How much a change moves a count of `value` (−1, 0 or +1). */
export const countDelta = (change: ToggleOutcome['change'], value: VoteValue): number =>
  change ? (change.to === value ? 1 : 0) - (change.from === value ? 1 : 0) : 0;

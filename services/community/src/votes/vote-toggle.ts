import type { VoteRecord } from './vote.record';
import type { VotesRepository } from './votes.repository';

type Value = VoteRecord['value'];

/** Attempts before a vote gives up on a target another request keeps changing (it then reports the state). */
const ATTEMPTS = 5;

/** The vote held after a toggle, and the change it made (null when it made none). */
export interface ToggleOutcome {
  value: Value | null;
  change: { from: Value | null; to: Value | null } | null;
}

/**
 * One identity's vote on one target, toggled: the same value again withdraws it, another replaces it.
 * Every move is a compare-and-set on the vote record (VotesRepository.transition), so of concurrent
 * requests only one makes a given move and each move is counted once by the caller.
 */
export async function toggleVote(
  votes: VotesRepository,
  base: Omit<VoteRecord, 'value'>,
  voteType: Value,
): Promise<ToggleOutcome> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const from = await votes.current(base.kind, base.targetId, base.identityId);
    const to = from === voteType ? null : voteType;
    if (await votes.transition(base, from, to)) return { value: to, change: { from, to } };
  }
  return { value: await votes.current(base.kind, base.targetId, base.identityId), change: null };
}

/** How much a change moves a count of `value` (−1, 0 or +1). */
export const countDelta = (change: ToggleOutcome['change'], value: Value): number =>
  change ? (change.to === value ? 1 : 0) - (change.from === value ? 1 : 0) : 0;

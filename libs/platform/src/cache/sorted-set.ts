import type { ScoredMember } from './cache.port';

/** Redis order: by score, ties by member. */
function compare(a: ScoredMember, b: ScoredMember): number {
  if (a.score !== b.score) return a.score < b.score ? -1 : 1;
  return a.member < b.member ? -1 : a.member > b.member ? 1 : 0;
}

/**
 * The in-memory adapter's sorted set: a member→score map plus an array kept in order by binary
 * insertion. O(n) per write, which is fine for trending boards of a few thousand members.
 */
export class SortedSet {
  private readonly scores = new Map<string, number>();
  private readonly ordered: ScoredMember[] = [];

  get size(): number {
    return this.ordered.length;
  }

  score(member: string): number | undefined {
    return this.scores.get(member);
  }

  /** Returns true when the member is new. */
  set(member: string, score: number): boolean {
    const isNew = !this.remove(member);
    const entry = { member, score };
    this.ordered.splice(this.lowerBound(entry), 0, entry);
    this.scores.set(member, score);
    return isNew;
  }

  remove(member: string): boolean {
    const score = this.scores.get(member);
    if (score === undefined) return false;
    this.ordered.splice(this.lowerBound({ member, score }), 1);
    this.scores.delete(member);
    return true;
  }

  ascending(): readonly ScoredMember[] {
    return this.ordered;
  }

  rangeByScore(min: number, max: number): ScoredMember[] {
    const out: ScoredMember[] = [];
    for (let i = this.lowerBound({ member: '', score: min }); i < this.ordered.length; i++) {
      if (this.ordered[i].score > max) break;
      out.push({ ...this.ordered[i] });
    }
    return out;
  }

  removeRangeByScore(min: number, max: number): number {
    const doomed = this.rangeByScore(min, max);
    for (const { member } of doomed) this.remove(member);
    return doomed.length;
  }

  private lowerBound(entry: ScoredMember): number {
    let low = 0;
    let high = this.ordered.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compare(this.ordered[mid], entry) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}

/** Redis rank arithmetic: inclusive bounds, negatives count from the end. */
export function rankWindow(start: number, stop: number, length: number): [number, number] | undefined {
  const from = Math.max(0, start < 0 ? start + length : start);
  const to = Math.min(length - 1, stop < 0 ? stop + length : stop);
  return from > to ? undefined : [from, to];
}

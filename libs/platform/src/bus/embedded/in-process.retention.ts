import type { PartitionLog, SegmentInfo } from './in-process.log';

export interface RetentionPolicy {
  /** Records every known group has committed are dropped once their segment's newest record is this old. */
  periodMs: number;
  /** Above this many bytes in all, committed records are dropped sooner, oldest segment first. */
  maxBytes: number;
  /**
   * Records this old are dropped even if a group has not committed them, so a group that is gone for
   * good cannot keep the log forever. Infinity: never.
   */
  hardCapMs: number;
}

export interface RetainedPartition {
  topic: string;
  partition: number;
  log: PartitionLog;
  /** Every group known on the topic with the next offset it would read on this partition. */
  groups: ReadonlyArray<{ group: string; next: number }>;
}

/** A group whose uncommitted records the hard cap dropped: it resumes at `start`. */
export interface ForcedDrop {
  topic: string;
  partition: number;
  group: string;
  committed: number;
  start: number;
}

export interface RetentionOutcome {
  records: number;
  bytes: number;
  /** Log bytes left, all partitions together. */
  keptBytes: number;
  forced: ForcedDrop[];
}

interface State extends RetainedPartition {
  /** Lowest committed position: no group needs anything before it. */
  floor: number;
}

const isEmpty = (segment: SegmentInfo) => segment.end === segment.base;

/**
 * Decides which segments go and drops them, oldest first within each partition (a log must stay one
 * contiguous run of offsets). A segment goes when every known group has committed past its end and it
 * is older than the period, or, while the log is above maxBytes, when every group has committed past it
 * (oldest first across partitions); or, whatever the groups, when it is older than the hard cap.
 * A segment's age is that of its newest record, so no record goes before it is `periodMs` old.
 */
export function applyRetention(
  partitions: readonly RetainedPartition[],
  policy: RetentionPolicy,
  now: number,
): RetentionOutcome {
  const outcome: RetentionOutcome = { records: 0, bytes: 0, keptBytes: 0, forced: [] };
  const states: State[] = partitions.map((p) => ({
    ...p,
    floor: Math.min(Infinity, ...p.groups.map((g) => g.next)),
  }));
  const olderThan = (segment: SegmentInfo, ms: number) =>
    // An empty segment that is not the newest holds nothing (see PartitionLog's holes) and may go.
    segment.newestAt === undefined || now - segment.newestAt >= ms;
  const committed = (state: State, segment: SegmentInfo) => segment.end <= state.floor;
  const drop = (state: State, count: number) => {
    const before = state.log.start;
    const dropped = state.log.dropOldest(count);
    outcome.records += dropped.records;
    outcome.bytes += dropped.bytes;
    for (const { group, next } of state.groups)
      if (next < state.log.start && next >= before)
        outcome.forced.push({ ...pick(state), group, committed: next, start: state.log.start });
  };

  for (const state of states) {
    const segments = state.log.segmentInfo;
    let count = 0;
    while (count < segments.length) {
      const segment = segments[count];
      if (isEmpty(segment) && count === segments.length - 1) break;
      const expired = committed(state, segment) && olderThan(segment, policy.periodMs);
      if (!expired && !olderThan(segment, policy.hardCapMs)) break;
      count++;
    }
    drop(state, count);
  }

  let total = states.reduce((sum, state) => sum + state.log.bytes, 0);
  while (total > policy.maxBytes) {
    let oldest: State | undefined;
    for (const state of states) {
      const [first] = state.log.segmentInfo;
      const droppable = !(isEmpty(first) && state.log.segmentInfo.length === 1) && committed(state, first);
      if (droppable && (!oldest || (first.newestAt ?? 0) < (oldest.log.segmentInfo[0].newestAt ?? 0)))
        oldest = state;
    }
    // What is left is either needed by a group or the segments being written.
    if (!oldest) break;
    const before = oldest.log.bytes;
    drop(oldest, 1);
    total -= before - oldest.log.bytes;
  }
  outcome.keptBytes = total;
  return outcome;
}

const pick = ({ topic, partition }: State) => ({ topic, partition });

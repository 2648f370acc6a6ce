import { setMaxListeners } from 'node:events';
import { waitOrAbort } from '../core/backoff';
import type { BusLogger, DeadLetterInfo } from '../bus.port';
import { errorOf } from '../core/dead-letter';
import { deliverBatch } from '../core/batch-delivery';
import { deliver, type ConsumerSettings, type IncomingRecord } from '../core/event-delivery';
import type { TopicLog } from './in-process.log';
import type { OffsetStore } from './offset-store';

export interface Member {
  settings: ConsumerSettings;
  controller: AbortController;
}

export interface InProcessGroupDeps {
  group: string;
  topic: string;
  log: TopicLog;
  offsets: OffsetStore;
  deadLetter(line: string, info: DeadLetterInfo): void;
  logger?: BusLogger;
  /** The previous incarnation of this group on this topic, still finishing: start reading after it stopped. */
  after?: Promise<void>;
  onEmpty(stopped: Promise<void>): void;
}

// Committing every record would double the writes per event; a crash re-delivers at most this many,
// which the processed-id record then skips. An idle partition commits at once.
const COMMIT_EVERY = 100;
// A long backlog is handled in a loop of resolved promises; yielding now and then lets timers and I/O run.
const YIELD_EVERY = 64;
const MACHINERY_RETRY_MS = 1_000;

const noHeartbeat = async () => undefined;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function toRecord(topic: string, partition: number, offset: number, line: string): IncomingRecord {
  const base = { topic, partition, offset: String(offset) };
  try {
    const parsed = JSON.parse(line) as { h?: Record<string, string>; e?: unknown };
    return { ...base, headers: parsed.h ?? {}, value: parsed.e };
  } catch {
    return { ...base, headers: {}, value: undefined, valueError: 'record is not JSON' };
  }
}

/**
 * One consumer group reading one topic in process. Like a Kafka group, its members share the
 * partitions (partition p goes to member p mod n) and each partition is read by one worker, one record
 * (or, for a batch subscription, one batch of the records already in the log) at a time, which is what
 * keeps a key's events in order. Membership changes take effect between deliveries.
 */
export class InProcessGroup {
  private readonly members: Member[] = [];
  private readonly stop = new AbortController();
  private readonly inFlight = new Map<number, { member: Member; done: Promise<unknown> }>();
  private workers?: Promise<void>;

  constructor(private readonly deps: InProcessGroupDeps) {
    // Every partition's worker waits on this one signal, so a topic with more than ten partitions would
    // trip Node's leak warning although each listener is removed when its wait ends.
    setMaxListeners(0, this.stop.signal);
  }

  join(member: Member): void {
    this.members.push(member);
    this.workers ??= (async () => {
      await this.deps.after;
      await Promise.all(this.deps.log.partitions.map((_, partition) => this.run(partition)));
    })();
  }

  /** Removes the member, aborts its handlers' signal and waits for what it has in flight. */
  async leave(member: Member): Promise<void> {
    const index = this.members.indexOf(member);
    if (index < 0) return;
    this.members.splice(index, 1);
    member.controller.abort();
    if (this.members.length === 0) {
      this.stop.abort();
      const stopped = this.workers ?? Promise.resolve();
      this.deps.onEmpty(stopped);
      await stopped;
      return;
    }
    await Promise.all([...this.inFlight.values()].filter((f) => f.member === member).map((f) => f.done));
  }

  private async run(partition: number): Promise<void> {
    const { group, topic, offsets, logger } = this.deps;
    const log = this.deps.log.partitions[partition];
    let next = this.startingOffset(partition);
    let uncommitted = 0;
    let sinceYield = 0;
    const commit = () => {
      if (uncommitted === 0) return;
      offsets.commit(group, topic, partition, next);
      uncommitted = 0;
    };
    while (!this.stop.signal.aborted) {
      if (next >= log.end) {
        commit();
        await log.waitFor(next, this.stop.signal);
        continue;
      }
      if (next < log.start) {
        // Only the retention hard cap drops records a group has not committed.
        logger?.warn(
          { topic, partition, group, offset: next, start: log.start },
          'bus: records this group had not consumed were dropped by retention; resuming at the oldest kept',
        );
        next = log.start;
        uncommitted++;
        continue;
      }
      const member = this.members[partition % this.members.length];
      if (!member) break;
      const taken = this.take(partition, next, member.settings.batch?.maxSize ?? 1);
      if (taken.records.length === 0) {
        // A hole: records lost with a segment's tail in a power cut (see PartitionLog). Nothing to deliver.
        next += taken.count;
        uncommitted += taken.count;
        continue;
      }
      const io = { signal: member.controller.signal, heartbeat: noHeartbeat };
      const done = member.settings.batch
        ? deliverBatch(taken.records, member.settings, {
            ...io,
            deadLetter: async (index, info) => this.deps.deadLetter(taken.lines[index], info),
          })
        : deliver(taken.records[0], member.settings, {
            ...io,
            deadLetter: async (info) => this.deps.deadLetter(taken.lines[0], info),
          });
      this.inFlight.set(partition, { member, done: done.catch(() => undefined) });
      let outcome;
      try {
        outcome = await done;
      } catch (error) {
        logger?.error(
          { topic, partition, offset: next, group, err: errorOf(error) },
          'bus: delivery machinery failed, retrying',
        );
        await waitOrAbort(MACHINERY_RETRY_MS, this.stop.signal);
        continue;
      } finally {
        this.inFlight.delete(partition);
      }
      // A member that left mid-delivery hands the record to whoever owns the partition now.
      if (outcome === 'aborted') continue;
      next += taken.count;
      uncommitted += taken.count;
      if (uncommitted >= COMMIT_EVERY) commit();
      if (++sinceYield >= YIELD_EVERY) {
        sinceYield = 0;
        await yieldToEventLoop();
      }
    }
    commit();
  }

  /**
   * Up to `max` records from `from` on, stopping before the first hole (a hole alone is taken as
   * `count` 1 with no record, so the caller steps over it).
   */
  private take(
    partition: number,
    from: number,
    max: number,
  ): { records: IncomingRecord[]; lines: string[]; count: number } {
    const { topic } = this.deps;
    const log = this.deps.log.partitions[partition];
    const records: IncomingRecord[] = [];
    const lines: string[] = [];
    for (let offset = from; offset < log.end && lines.length < max; offset++) {
      const line = log.get(offset);
      if (line === undefined) break;
      lines.push(line);
      records.push(toRecord(topic, partition, offset, line));
    }
    return { records, lines, count: Math.max(lines.length, 1) };
  }

  /**
   * Where this group resumes on a partition: its committed offset, or for a group new to the topic the
   * oldest record retention kept. The start is committed at once, which makes the group known to
   * retention from its first subscription on, so nothing it has not consumed is dropped from then on.
   */
  private startingOffset(partition: number): number {
    const { group, topic, offsets, logger } = this.deps;
    const log = this.deps.log.partitions[partition];
    const committed = offsets.committed(group, topic, partition);
    let next = committed ?? log.start;
    if (next > log.end) {
      // The log lost its tail (a power cut without fsync) or its files: waiting for offsets that are
      // no longer coming would skip every new record.
      logger?.warn(
        { topic, partition, group, offset: next, end: log.end },
        'bus: committed offset is past the end of the log; resuming at its end',
      );
      next = log.end;
    }
    if (next !== committed) offsets.commit(group, topic, partition, next);
    return next;
  }
}

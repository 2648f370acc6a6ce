import type { CommitOptionsPartition, Consumer, Message, MessagesStream } from '@platformatic/kafka';
import { waitOrAbort } from '../core/backoff';
import type { BusLogger, DeadLetterInfo, Subscription } from '../bus.port';
import { errorOf } from '../core/dead-letter';
import { deliverBatch } from '../core/batch-delivery';
import { deliver, type ConsumerSettings, type IncomingRecord } from '../core/event-delivery';
import type { KafkaConsumerTuning } from '../kafkajs/kafka.subscription';
import type { PlatformaticKafkaLibrary } from './platformatic-kafka.library';
import { waitUntilReconciled } from './platformatic-kafka.reconcile';
import { RevocationHold } from './platformatic-kafka.revocation';

/** A record as @platformatic/kafka hands it over without deserialisers: every part stays bytes. */
export type RawMessage = Message<Buffer, Buffer, Buffer, Buffer>;
type RawConsumer = Consumer<Buffer, Buffer, Buffer, Buffer>;
type RawStream = MessagesStream<Buffer, Buffer, Buffer, Buffer>;

export interface PlatformaticSubscriptionDeps {
  library: PlatformaticKafkaLibrary;
  brokers: string[];
  clientId: string;
  settings: ConsumerSettings;
  tuning: KafkaConsumerTuning;
  deadLetter(message: RawMessage, info: DeadLetterInfo): Promise<void>;
  logger?: BusLogger;
}

/** Records fetched but not yet handled, over all partitions; the stream pauses above this. */
const MAX_BUFFERED = 2_000;
/** Wait before a record whose delivery failed in the bus's own machinery comes again. */
const MACHINERY_RETRY_MS = 1_000;
/** How long one partition's loop may run before letting the event loop serve I/O. */
const YIELD_EVERY_MS = 10;

export function headersOfEntries(entries: ReadonlyArray<[Buffer, Buffer]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of entries) {
    const key = name.toString();
    if (!(key in out)) out[key] = value.toString();
  }
  return out;
}

function toRecord(message: RawMessage): IncomingRecord {
  const base = {
    topic: message.topic,
    partition: message.partition,
    offset: message.offset.toString(),
    headers: headersOfEntries(message.headerEntries),
  };
  try {
    return { ...base, value: JSON.parse(message.value?.toString('utf8') ?? '') };
  } catch {
    return { ...base, value: undefined, valueError: 'record value is not JSON' };
  }
}

interface PartitionQueue {
  partition: number;
  stream: RawStream;
  messages: RawMessage[];
  draining?: Promise<void>;
}

/**
 * One member of a consumer group on @platformatic/kafka, with the same delivery rules as the kafkajs
 * member (kafka.subscription.ts), built by hand because this client hands over a stream of records
 * rather than running a handler per record:
 *
 *  - Records are queued per partition and each partition is handled one record at a time, in order
 *    (a batch subscription: the records queued so far, up to maxBatchSize, through deliverBatch);
 *    partitions run concurrently, so a slow event holds back only its own partition.
 *  - Offsets are committed by this member (the client's autocommit would commit what was fetched, not
 *    what was handled): a record's only after deliver() has handled it, found it already processed or
 *    written it to the DLT; flushed after commitEveryEvents records or commitIntervalMs, whichever comes
 *    first, one request at a time, the highest offset per partition, and never mid-rejoin (a commit the
 *    broker refuses there would make the client tear its stream down). A crash replays at most the
 *    uncommitted tail, which the processed-id record absorbs.
 *  - The group runs the consumer group protocol (KIP-848, Kafka 4.0 and later): the broker assigns the
 *    partitions, and the session timeout and heartbeat interval are the broker's
 *    (`group.consumer.session.timeout.ms`, `group.consumer.heartbeat.interval.ms`), not this member's.
 *    A broker that does not serve the protocol is refused at the first subscribe, naming KAFKA_CLIENT.
 *  - Heartbeats: this client heartbeats on its own timer, independent of the records being handled, so
 *    a handler slower than the session timeout (an LLM call) keeps its member. `context.heartbeat()`
 *    therefore has nothing to add.
 *  - Rebalances: a partition the broker takes away while one of its records is in hand is given up only
 *    once that record is handled and its offset committed (RevocationHold; up to the rebalance timeout,
 *    after which the broker fences the member), so the new owner starts after it, never beside it. The
 *    records queued behind it are dropped and committed by nobody here; the new owner starts at the commit.
 *  - A stream that ends on its own (a broker lost for longer than the client's retries) is replaced by
 *    a new one, which rejoins and resumes from the committed offsets.
 */
export async function startPlatformaticSubscription(
  deps: PlatformaticSubscriptionDeps,
): Promise<Subscription> {
  const member = new GroupMember(deps);
  try {
    await withTimeout(
      member.start(),
      deps.tuning.joinTimeoutMs,
      `consumer group '${deps.settings.group}' did not join within ${deps.tuning.joinTimeoutMs} ms`,
    );
  } catch (error) {
    await member.close();
    if (!servesConsumerGroupProtocol(error))
      throw new Error(
        `Kafka (${deps.brokers.join(',')}) does not serve the consumer group protocol (KIP-848: Kafka 4.0 or later, feature group.version 1), which KAFKA_CLIENT=platformatic needs to finish the event in hand before a partition moves; upgrade the broker or set KAFKA_CLIENT=kafkajs`,
        { cause: error },
      );
    throw error;
  }
  if (!(await member.reconciled()))
    deps.logger?.warn(
      { topic: deps.settings.topic, group: deps.settings.group, waitedMs: deps.tuning.joinTimeoutMs },
      'bus: subscribed before the broker handed this member all its partitions (another member still holds them); it consumes them once they come',
    );
  deps.logger?.debug({ topic: deps.settings.topic, group: deps.settings.group }, 'bus: subscribed');
  return { close: () => member.close() };
}

class GroupMember {
  private readonly consumer: RawConsumer;
  private readonly controller = new AbortController();
  private readonly queues = new Map<number, PartitionQueue>();
  private stream?: RawStream;
  private buffered = 0;
  private reopening?: Promise<void>;
  private closing?: Promise<void>;
  private readonly pendingCommits = new Map<number, CommitOptionsPartition>();
  /** Partitions whose record (or batch) is being handled now, and those with a commit in flight. */
  private readonly delivering = new Set<number>();
  private readonly committing = new Set<number>();
  private readonly hold = new RevocationHold(
    (partition) =>
      this.delivering.has(partition) || this.pendingCommits.has(partition) || this.committing.has(partition),
  );
  private handledSinceFlush = 0;
  private flushing?: Promise<void>;
  private readonly flushTimer: NodeJS.Timeout;

  constructor(private readonly deps: PlatformaticSubscriptionDeps) {
    const { tuning, settings } = deps;
    this.consumer = new deps.library.Consumer({
      clientId: deps.clientId,
      bootstrapBrokers: deps.brokers,
      groupId: settings.group,
      groupProtocol: 'consumer',
      // How long the broker lets this member hold a revoked partition before fencing it.
      rebalanceTimeout: tuning.rebalanceTimeoutMs,
      // Not used by this protocol (the broker sets both), but the client checks the above against them
      // (its own defaults otherwise) and its types leave them out for this protocol.
      ...{ sessionTimeout: tuning.sessionTimeoutMs, heartbeatInterval: tuning.heartbeatIntervalMs },
      autocommit: false,
      autocreateTopics: false,
      maxWaitTime: 1_000,
      highWaterMark: 512,
      retries: 8,
      retryDelay: 200,
    });
    this.hold.install(this.consumer, deps.library);
    this.consumer.on('consumer:group:join', () => {
      this.dropRevoked();
      void this.flushCommits();
    });
    this.flushTimer = setInterval(() => void this.flushCommits(), tuning.commitIntervalMs);
    this.consumer.on('consumer:heartbeat:error', (payload) =>
      deps.logger?.debug({ err: errorOf(payload.error), group: settings.group }, 'bus: heartbeat failed'),
    );
  }

  /**
   * Joins the group. The client gives up on a join after a couple of seconds of its own retries, which
   * many members joining at once on a busy broker can outlast; the caller's join timeout bounds the
   * whole attempt instead (it closes the member, which ends this loop). A broker that does not serve the
   * protocol at all fails at once.
   */
  async start(): Promise<void> {
    for (;;) {
      try {
        await this.openStream();
        return;
      } catch (error) {
        if (!servesConsumerGroupProtocol(error)) throw error;
        this.warn(error, 'bus: joining the consumer group failed; retrying');
        if (!(await waitOrAbort(MACHINERY_RETRY_MS, this.controller.signal))) throw error;
      }
    }
  }

  /** Whether the member came to hold every partition the broker means it to have within the join timeout. */
  reconciled(): Promise<boolean> {
    return waitUntilReconciled(
      this.consumer,
      this.deps.library,
      this.deps.tuning.joinTimeoutMs,
      this.controller.signal,
    );
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      this.controller.abort();
      await this.reopening?.catch(() => undefined);
      await Promise.all([...this.queues.values()].map((queue) => queue.draining));
      clearInterval(this.flushTimer);
      await this.flushing;
      await this.flushCommits();
      // Closing the consumer leaves the group, so the partitions move on at once.
      await this.stream?.close().catch((error: unknown) => this.warn(error, 'bus: stream close failed'));
      await this.consumer
        .close(true)
        .catch((error: unknown) => this.warn(error, 'bus: consumer disconnect failed'));
    })();
    return this.closing;
  }

  private async openStream(): Promise<void> {
    const stream = await this.consumer.consume({
      topics: [this.deps.settings.topic],
      // A group new to the topic starts at its earliest record; one that has committed, after its commit.
      mode: 'committed',
      fallbackMode: 'earliest',
      autocommit: false,
    });
    if (this.controller.signal.aborted) {
      await stream.close().catch(() => undefined);
      return;
    }
    this.stream = stream;
    stream.on('data', (message: RawMessage) => this.enqueue(stream, message));
    stream.on('error', (error: Error) => this.onStreamEnd(stream, error));
    stream.on('close', () => this.onStreamEnd(stream));
  }

  private enqueue(stream: RawStream, message: RawMessage): void {
    // A fetch sent before a rebalance can still bring records of a partition that has moved on.
    if (this.controller.signal.aborted || stream !== this.stream || !this.owns(message.partition)) return;
    let queue = this.queues.get(message.partition);
    if (!queue || queue.stream !== stream) {
      queue = { partition: message.partition, stream, messages: [] };
      this.queues.set(message.partition, queue);
    }
    queue.messages.push(message);
    this.buffered++;
    if (this.buffered >= MAX_BUFFERED && !stream.isPaused()) stream.pause();
    this.startDrain(queue);
  }

  private startDrain(queue: PartitionQueue): void {
    if (queue.draining) return;
    const draining: Promise<void> = this.drain(queue).finally(() => {
      queue.draining = undefined;
      // A record may have arrived between the loop's last check and now.
      if (queue.messages.length > 0 && !this.controller.signal.aborted && queue.stream === this.stream)
        this.startDrain(queue);
    });
    queue.draining = draining;
  }

  /** Handles one partition's records in order until its queue is empty, the stream is replaced, or close. */
  private async drain(queue: PartitionQueue): Promise<void> {
    const { settings } = this.deps;
    const signal = this.controller.signal;
    let yieldedAt = Date.now();
    const { partition } = queue;
    while (queue.messages.length > 0 && !signal.aborted && queue.stream === this.stream) {
      // Revoked: what is queued behind the record just handled belongs to the new owner.
      if (!this.owns(partition)) {
        this.dropQueue(partition, queue);
        return;
      }
      // Handlers that settle without real I/O chain promise to promise, and a long queue would starve
      // the event loop: commit responses, heartbeats and fetches would wait until it is empty.
      if (Date.now() - yieldedAt > YIELD_EVERY_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        yieldedAt = Date.now();
        if (signal.aborted || queue.stream !== this.stream) return;
      }
      // One record, or for a batch subscription the records queued so far, up to maxBatchSize.
      const taken = queue.messages.slice(0, settings.batch?.maxSize ?? 1);
      let outcome;
      this.delivering.add(partition);
      try {
        outcome = settings.batch
          ? await deliverBatch(taken.map(toRecord), settings, {
              signal,
              heartbeat: () => Promise.resolve(),
              deadLetter: (index, info) => this.deps.deadLetter(taken[index], info),
            })
          : await deliver(toRecord(taken[0]), settings, {
              signal,
              heartbeat: () => Promise.resolve(),
              deadLetter: (info) => this.deps.deadLetter(taken[0], info),
            });
      } catch (error) {
        // The processed-id store or the DLT write failed: nothing may be committed, and the records must
        // come again (kafkajs would restart its consumer; here the partition just tries them again later).
        this.deps.logger?.error(
          {
            err: errorOf(error),
            topic: taken[0].topic,
            partition: taken[0].partition,
            group: settings.group,
          },
          'bus: delivery failed in the bus itself; the record will come again',
        );
        this.delivering.delete(partition);
        await waitOrAbort(MACHINERY_RETRY_MS, signal);
        continue;
      }
      if (outcome === 'aborted') {
        this.delivering.delete(partition);
        return;
      }
      // The queue is cleared, not shifted, when the partition is revoked meanwhile.
      if (queue.messages[0] === taken[0]) {
        queue.messages.splice(0, taken.length);
        this.buffered -= taken.length;
      }
      this.commit(queue, taken[taken.length - 1], taken.length);
      this.delivering.delete(partition);
      // Taken away while this record was in hand: its commit goes now, so the partition is released at the
      // next heartbeat (the loop stops at its next turn).
      if (!this.owns(partition)) void this.flushCommits();
      if (this.buffered < MAX_BUFFERED / 2 && queue.stream.isPaused()) queue.stream.resume();
    }
  }

  /** Marks a handled record; the offset after it is committed with the next flush. */
  private commit(queue: PartitionQueue, message: RawMessage, handled = 1): void {
    if (queue.stream !== this.stream || !this.mayCommit(message.partition)) return;
    const next = message.offset + 1n;
    const pending = this.pendingCommits.get(message.partition);
    if (!pending || pending.offset < next)
      this.pendingCommits.set(message.partition, {
        topic: message.topic,
        partition: message.partition,
        offset: next,
        leaderEpoch: message.leaderEpoch,
      });
    this.handledSinceFlush += handled;
    if (this.handledSinceFlush >= this.deps.tuning.commitEveryEvents) void this.flushCommits();
  }

  /**
   * Commits the handled offsets, one request at a time. Not while the member is rejoining: the broker
   * would refuse it, and the offsets of partitions that stay ours are committed after the join. A
   * refused commit keeps its offsets for the next flush (unless a newer one has come since).
   */
  private flushCommits(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.pendingCommits.size === 0 || !this.consumer.isActive()) return Promise.resolve();
    const offsets = [...this.pendingCommits.values()].filter((offset) => this.mayCommit(offset.partition));
    this.pendingCommits.clear();
    this.handledSinceFlush = 0;
    if (offsets.length === 0) return Promise.resolve();
    for (const offset of offsets) this.committing.add(offset.partition);
    this.flushing = this.consumer
      .commit({ offsets })
      .catch((error: unknown) => {
        for (const offset of offsets) {
          const newer = this.pendingCommits.get(offset.partition);
          if (!newer || newer.offset < offset.offset) this.pendingCommits.set(offset.partition, offset);
        }
        this.deps.logger?.debug(
          { err: errorOf(error), group: this.deps.settings.group },
          'bus: commit refused; retried with the next flush',
        );
      })
      .finally(() => {
        this.flushing = undefined;
        this.committing.clear();
      });
    return this.flushing;
  }

  /** Ours, or taken away but not yet given up (held for its record in hand): still this member's to commit. */
  private mayCommit(partition: number): boolean {
    return this.owns(partition) || this.hold.reportedOwned(partition);
  }

  private owns(partition: number): boolean {
    const assignments = this.consumer.assignments;
    if (!assignments) return false;
    return assignments.some(
      (assignment) =>
        assignment.topic === this.deps.settings.topic && assignment.partitions.includes(partition),
    );
  }

  /** After a (re)join: queued records of partitions now owned by another member are not ours to handle. */
  private dropRevoked(): void {
    for (const [partition, queue] of this.queues) if (!this.owns(partition)) this.dropQueue(partition, queue);
  }

  private dropQueue(partition: number, queue: PartitionQueue): void {
    this.buffered -= queue.messages.length;
    queue.messages.length = 0;
    if (this.queues.get(partition) === queue) this.queues.delete(partition);
    if (this.buffered < MAX_BUFFERED / 2 && queue.stream.isPaused()) queue.stream.resume();
  }

  private onStreamEnd(stream: RawStream, error?: Error): void {
    if (stream !== this.stream || this.controller.signal.aborted) return;
    this.stream = undefined;
    for (const queue of this.queues.values()) queue.messages.length = 0;
    this.queues.clear();
    this.buffered = 0;
    if (error) this.warn(error, 'bus: consumer stream ended; consuming again from the committed offsets');
    this.reopening ??= this.reopen().finally(() => (this.reopening = undefined));
  }

  private async reopen(): Promise<void> {
    while (!this.controller.signal.aborted && !this.stream) {
      try {
        await this.openStream();
      } catch (error) {
        this.warn(error, 'bus: consuming again failed; retrying');
        await waitOrAbort(MACHINERY_RETRY_MS, this.controller.signal);
      }
    }
  }

  private warn(error: unknown, message: string): void {
    this.deps.logger?.warn({ err: errorOf(error), group: this.deps.settings.group }, message);
  }
}

/**
 * False when the broker refused the consumer group protocol's heartbeat as unknown: a broker older than
 * Kafka 4.0 (3.x lists the request only as a preview), or one with `group.version` 0 or
 * `group.coordinator.rebalance.protocols=classic`.
 */
function servesConsumerGroupProtocol(error: unknown): boolean {
  if (!error || typeof error !== 'object') return true;
  const { code, apiId, errors } = error as { code?: unknown; apiId?: unknown; errors?: unknown };
  if (code === 'PLT_KFK_UNSUPPORTED_API' || apiId === 'UNSUPPORTED_VERSION') return false;
  return !Array.isArray(errors) || errors.every(servesConsumerGroupProtocol);
}

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

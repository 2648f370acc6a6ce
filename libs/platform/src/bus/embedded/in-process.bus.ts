import fs from 'node:fs';
import path from 'node:path';
import { deadLetterTopic, type EventEnvelope } from '@pulse/contracts';
import type { HealthResult } from '../../lifecycle';
import type {
  BackoffOptions,
  BusLogger,
  DeadLetterInfo,
  EventBus,
  SubscribeOptions,
  Subscription,
} from '../bus.port';
import { deadLetterHeaders, errorOf } from '../core/dead-letter';
import { envelopeHeaders, validateForPublish } from '../core/envelope-headers';
import { consumerSettings, IN_PROCESS_DEFAULT_PARTITIONS } from '../core/consumer-settings';
import { acquireFileLock } from '../core/file-lock';
import { InProcessGroup, type Member } from './in-process.group';
import { EventLog, partitionOf } from './in-process.log';
import { encodeRawRecord, encodeRecord } from './in-process.record';
import { applyRetention, type RetentionOutcome, type RetentionPolicy } from './in-process.retention';
import { FileOffsetStore, MemoryOffsetStore, type OffsetStore } from './offset-store';
import { FileProcessedIds, MemoryProcessedIds, type ProcessedIds } from '../core/processed-ids';
import { assertGroupName, assertTopicName } from '../core/topic-name';

export interface InProcessBusOptions {
  /** Where the log, offsets and processed ids live. Unset: all in memory, gone with the process. */
  dataDir?: string;
  /** Partitions of a topic created by this bus (an existing topic keeps its count). Default 3. */
  partitions?: number;
  /**
   * fsync every publish, so an acknowledged event survives a power cut and not only a crash. Offsets and
   * processed ids are not fsynced: losing their tail only redelivers, which idempotency absorbs.
   */
  fsync?: boolean;
  maxAttempts?: number;
  backoff?: BackoffOptions;
  /** Default: a file record under dataDir, or an in-memory one without a dataDir. */
  processedIds?: ProcessedIds;
  logger?: BusLogger;
  retention?: InProcessRetentionOptions;
  /** Milliseconds since the epoch; records are stamped with it and retention ages them by it. */
  clock?: () => number;
}

/** See the README's Retention section. */
export interface InProcessRetentionOptions extends Partial<RetentionPolicy> {
  /** Size at which a partition's segment is closed and a new one started. Default 16 MiB. */
  segmentBytes?: number;
  /** How often retention runs. Default 5 minutes; 0: only when applyRetention() is called. */
  checkEveryMs?: number;
}

const HOUR_MS = 3_600_000;
export const DEFAULT_RETENTION: Required<InProcessRetentionOptions> = {
  periodMs: 168 * HOUR_MS,
  maxBytes: 512 * 1024 * 1024,
  hardCapMs: 720 * HOUR_MS,
  segmentBytes: 16 * 1024 * 1024,
  checkEveryMs: 5 * 60_000,
};
// A quiet partition closes its segment after this share of the period, so records outlive the period
// by at most about this much before their segment can go.
const ROLL_FRACTION_OF_PERIOD = 1 / 8;

/**
 * The embedded event bus: Kafka's model (topics of partitions, consumer groups, committed offsets, a
 * DLT per topic) inside one process, so services written against the port behave the same embedded and
 * in production. With a data dir every publish is appended to its partition's newest segment file
 * before it resolves and group offsets are committed to disk, so a killed process loses nothing it
 * acknowledged and resumes where its groups left off. Retention drops old segments that every group has
 * committed, from disk and memory (README, Retention). One process per data dir (enforced by a lock file).
 */
export class InProcessEventBus implements EventBus {
  readonly adapterName = 'in-process';
  private readonly log: EventLog;
  private readonly offsets: OffsetStore;
  private readonly processedIds: ProcessedIds;
  private readonly ownsProcessedIds: boolean;
  private readonly releaseLock?: () => void;
  private readonly groups = new Map<string, InProcessGroup>();
  private readonly stopping = new Map<string, Promise<void>>();
  private readonly subscriptions = new Set<Subscription>();
  private closing?: Promise<void>;
  private readonly clock: () => number;
  private readonly retention: Required<InProcessRetentionOptions>;
  private readonly retentionTimer?: NodeJS.Timeout;

  constructor(private readonly options: InProcessBusOptions = {}) {
    const { dataDir } = options;
    this.clock = options.clock ?? Date.now;
    this.retention = { ...DEFAULT_RETENTION, ...definedOnly(options.retention ?? {}) };
    if (dataDir) {
      fs.mkdirSync(dataDir, { recursive: true });
      this.releaseLock = acquireFileLock(path.join(dataDir, 'LOCK'), `in-process bus data dir ${dataDir}`);
    }
    this.log = new EventLog(dataDir, {
      partitions: options.partitions ?? IN_PROCESS_DEFAULT_PARTITIONS,
      fsync: options.fsync ?? false,
      segmentBytes: this.retention.segmentBytes,
      rollAfterMs: this.retention.periodMs * ROLL_FRACTION_OF_PERIOD,
    });
    this.offsets = dataDir ? new FileOffsetStore(dataDir) : new MemoryOffsetStore();
    this.ownsProcessedIds = !options.processedIds;
    this.processedIds =
      options.processedIds ??
      (dataDir ? new FileProcessedIds(path.join(dataDir, 'processed-ids')) : new MemoryProcessedIds());
    if (this.retention.checkEveryMs > 0) {
      this.retentionTimer = setInterval(() => this.retainLogged(), this.retention.checkEveryMs);
      // Retention is housekeeping: it must not keep a process alive that has nothing else to do.
      this.retentionTimer.unref();
    }
  }

  async publish(topic: string, events: EventEnvelope | readonly EventEnvelope[]): Promise<void> {
    this.assertOpen();
    assertTopicName(topic);
    const list = validateForPublish(topic, events);
    const { partitions } = this.log.topic(topic);
    const now = this.clock();
    const byPartition = new Map<number, string[]>();
    for (const event of list) {
      const partition = partitionOf(event.key, partitions.length);
      const lines = byPartition.get(partition) ?? [];
      lines.push(encodeRecord(now, envelopeHeaders(event), event));
      byPartition.set(partition, lines);
    }
    for (const [partition, lines] of byPartition) partitions[partition].append(lines, now);
  }

  /**
   * Drops, from memory and disk, the segments every known group has committed that are older than the
   * retention period (sooner above the size bound; uncommitted ones past the hard cap). Runs on a timer;
   * callable directly (tests, tools).
   */
  applyRetention(): RetentionOutcome {
    this.assertOpen();
    const partitions = this.log.all().flatMap(([topic, { partitions }]) => {
      const positions = [...this.offsets.positions(topic)];
      return partitions.map((log, partition) => ({
        topic,
        partition,
        log,
        // A known group without a position here has read nothing of this partition yet: it needs it all.
        groups: positions.map(([group, next]) => ({ group, next: next.get(partition) ?? 0 })),
      }));
    });
    const outcome = applyRetention(partitions, this.retention, this.clock());
    const { logger } = this.options;
    for (const forced of outcome.forced)
      logger?.warn(
        { ...forced, hardCapHours: this.retention.hardCapMs / HOUR_MS },
        'bus: retention hard cap dropped records a consumer group had not committed',
      );
    if (outcome.records > 0)
      logger?.info(
        { records: outcome.records, bytes: outcome.bytes, keptBytes: outcome.keptBytes },
        'bus: retention dropped old records',
      );
    return outcome;
  }

  async subscribe<P>(options: SubscribeOptions<P>): Promise<Subscription> {
    this.assertOpen();
    assertTopicName(options.topic);
    assertGroupName(options.group);
    const settings = consumerSettings(options, { ...this.options, processedIds: this.processedIds });
    const member: Member = { settings, controller: new AbortController() };
    const key = `${options.group}\n${options.topic}`;
    let group = this.groups.get(key);
    if (!group) {
      group = new InProcessGroup({
        group: options.group,
        topic: options.topic,
        log: this.log.topic(options.topic),
        offsets: this.offsets,
        deadLetter: (line, info) => this.writeDeadLetter(line, info),
        logger: this.options.logger,
        after: this.stopping.get(key),
        onEmpty: (stopped) => {
          this.groups.delete(key);
          this.stopping.set(key, stopped);
        },
      });
      this.groups.set(key, group);
    }
    const joined = group;
    joined.join(member);
    let closed: Promise<void> | undefined;
    const subscription: Subscription = {
      close: () =>
        (closed ??= joined.leave(member).finally(() => {
          this.subscriptions.delete(subscription);
        })),
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async check(): Promise<HealthResult> {
    if (this.closing) return { ok: false, reason: 'event bus is closed' };
    if (this.options.dataDir) {
      try {
        fs.accessSync(this.options.dataDir, fs.constants.W_OK);
      } catch (error) {
        return { ok: false, reason: `data dir not writable: ${(error as Error).message}` };
      }
    }
    return { ok: true };
  }

  close(): Promise<void> {
    clearInterval(this.retentionTimer);
    this.closing ??= (async () => {
      await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
      await Promise.all(this.stopping.values());
      this.log.close();
      this.offsets.close();
      if (this.ownsProcessedIds) await this.processedIds.close?.();
      this.releaseLock?.();
    })();
    return this.closing;
  }

  private assertOpen(): void {
    if (this.closing) throw new Error('event bus is closed');
  }

  private retainLogged(): void {
    if (this.closing) return;
    try {
      this.applyRetention();
    } catch (error) {
      // Retention failing (a file that cannot be deleted) costs disk, not events: try again next time.
      this.options.logger?.error({ err: errorOf(error) }, 'bus: retention failed');
    }
  }

  /** Same shape as on Kafka: the original record, its headers plus the dead-letter headers. */
  private writeDeadLetter(line: string, info: DeadLetterInfo): void {
    const dlt = deadLetterTopic(info.originalTopic);
    const { partitions } = this.log.topic(dlt);
    let original: { h?: Record<string, string>; e?: { key?: unknown } } | undefined;
    try {
      original = JSON.parse(line);
    } catch {
      original = undefined;
    }
    const headers = { ...original?.h, ...deadLetterHeaders(info) };
    const now = this.clock();
    const record = original ? encodeRecord(now, headers, original.e) : encodeRawRecord(now, headers, line);
    const key = typeof original?.e?.key === 'string' ? original.e.key : info.originalOffset;
    partitions[partitionOf(key, partitions.length)].append([record], now);
  }
}

/** `{ ...defaults, ...options }` would let an explicit undefined override a default. */
function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}

import fs from 'node:fs';
import path from 'node:path';
import { deadLetterTopic, type EventEnvelope } from '@pulse/contracts';
import type { HealthResult } from '../lifecycle';
import type {
  BackoffOptions,
  BusLogger,
  DeadLetterInfo,
  EventBus,
  SubscribeOptions,
  Subscription,
} from './bus.port';
import { deadLetterHeaders } from './dead-letter';
import { envelopeHeaders, validateForPublish } from './envelope-headers';
import { consumerSettings, DEFAULT_PARTITIONS } from './consumer-settings';
import { acquireFileLock } from './file-lock';
import { InProcessGroup, type Member } from './in-process.group';
import { EventLog, partitionOf } from './in-process.log';
import { FileOffsetStore, MemoryOffsetStore, type OffsetStore } from './offset-store';
import { FileProcessedIds, MemoryProcessedIds, type ProcessedIds } from './processed-ids';
import { assertGroupName, assertTopicName } from './topic-name';

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
}

/**
 * The embedded event bus: Kafka's model (topics of partitions, consumer groups, committed offsets, a
 * DLT per topic) inside one process, so services written against the port behave the same embedded and
 * in production. With a data dir every publish is appended to a per-partition log file before it
 * resolves and group offsets are committed to disk, so a killed process loses nothing it acknowledged
 * and resumes where its groups left off. One process per data dir (enforced by a lock file).
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

  constructor(private readonly options: InProcessBusOptions = {}) {
    const { dataDir } = options;
    if (dataDir) {
      fs.mkdirSync(dataDir, { recursive: true });
      this.releaseLock = acquireFileLock(path.join(dataDir, 'LOCK'), `in-process bus data dir ${dataDir}`);
    }
    this.log = new EventLog(dataDir, {
      partitions: options.partitions ?? DEFAULT_PARTITIONS,
      fsync: options.fsync ?? false,
    });
    this.offsets = dataDir ? new FileOffsetStore(dataDir) : new MemoryOffsetStore();
    this.ownsProcessedIds = !options.processedIds;
    this.processedIds =
      options.processedIds ??
      (dataDir ? new FileProcessedIds(path.join(dataDir, 'processed-ids')) : new MemoryProcessedIds());
  }

  async publish(topic: string, events: EventEnvelope | readonly EventEnvelope[]): Promise<void> {
    this.assertOpen();
    assertTopicName(topic);
    const list = validateForPublish(topic, events);
    const { partitions } = this.log.topic(topic);
    const byPartition = new Map<number, string[]>();
    for (const event of list) {
      const partition = partitionOf(event.key, partitions.length);
      const lines = byPartition.get(partition) ?? [];
      lines.push(JSON.stringify({ h: envelopeHeaders(event), e: event }));
      byPartition.set(partition, lines);
    }
    for (const [partition, lines] of byPartition) partitions[partition].append(lines);
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
    const record = original ? { h: headers, e: original.e } : { h: headers, raw: line };
    const key = typeof original?.e?.key === 'string' ? original.e.key : info.originalOffset;
    partitions[partitionOf(key, partitions.length)].append([JSON.stringify(record)]);
  }
}

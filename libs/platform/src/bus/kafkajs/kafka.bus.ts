import { deadLetterTopic, type EventEnvelope } from '@pulse/contracts';
import type { Admin, Kafka, KafkaMessage, Producer } from 'kafkajs';
import type { HealthResult } from '../../lifecycle';
import { observeGauge } from '../../observability/metrics';
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
import { consumerSettings, KAFKA_DEFAULT_PARTITIONS } from '../core/consumer-settings';
import { kafkaConsumerLag } from './kafka-consumer-lag';
import { kafkaLogCreator, kafkaLogLevel } from './kafka.logger';
import { loadKafkaJs } from './kafkajs.library';
import {
  DEFAULT_KAFKA_TUNING,
  headersOf,
  startKafkaSubscription,
  type KafkaConsumerTuning,
} from './kafka.subscription';
import { FileProcessedIds, MemoryProcessedIds, type ProcessedIds } from '../core/processed-ids';
import { assertGroupName, assertTopicName } from '../core/topic-name';

export interface KafkaBusOptions {
  brokers: string[];
  clientId: string;
  /** Partitions of topics this bus creates. Default 3. */
  partitions?: number;
  /** Replicas of topics this bus creates. Default: the broker's default.replication.factor. */
  replicationFactor?: number;
  maxAttempts?: number;
  backoff?: BackoffOptions;
  /** A durable record shared by replicas (Redis, the document store). Owned by the caller. */
  processedIds?: ProcessedIds;
  /** Without processedIds: keep the record in files here (one process per group). Neither: in memory. */
  processedIdsDir?: string;
  consumer?: Partial<KafkaConsumerTuning>;
  logger?: BusLogger;
}

/**
 * The production event bus over kafkajs. Topics (and their `.dlt`) are created on first use. The
 * producer is idempotent with acks=all, so a publish resolves only once every in-sync replica has the
 * events and a retried send cannot duplicate them. Each subscription is one consumer-group member.
 */
export class KafkaEventBus implements EventBus {
  readonly adapterName = 'kafka';
  private readonly kafka: Kafka;
  private readonly processedIds: ProcessedIds;
  private readonly tuning: KafkaConsumerTuning;
  private producer?: Promise<Producer>;
  private admin?: Promise<Admin>;
  private readonly topics = new Map<string, Promise<void>>();
  private readonly subscriptions = new Set<Subscription>();
  private closing?: Promise<void>;

  constructor(private readonly options: KafkaBusOptions) {
    const { Kafka } = loadKafkaJs();
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      connectionTimeout: 3_000,
      requestTimeout: 30_000,
      retry: { initialRetryTime: 200, retries: 8 },
      logLevel: kafkaLogLevel(options.logger),
      logCreator: kafkaLogCreator(options.logger),
    });
    this.processedIds = options.processedIds ?? this.ownProcessedIds();
    this.tuning = { ...DEFAULT_KAFKA_TUNING, ...options.consumer };
  }

  async publish(topic: string, events: EventEnvelope | readonly EventEnvelope[]): Promise<void> {
    this.assertOpen();
    assertTopicName(topic);
    const list = validateForPublish(topic, events);
    if (list.length === 0) return;
    await this.ensureTopic(topic);
    const producer = await this.connectedProducer();
    await producer.send({
      topic,
      acks: -1,
      messages: list.map((event) => ({
        key: event.key,
        value: JSON.stringify(event),
        headers: envelopeHeaders(event),
      })),
    });
  }

  async subscribe<P>(options: SubscribeOptions<P>): Promise<Subscription> {
    this.assertOpen();
    assertTopicName(options.topic);
    assertGroupName(options.group);
    await Promise.all([this.ensureTopic(options.topic), this.ensureTopic(deadLetterTopic(options.topic))]);
    const settings = consumerSettings(options, { ...this.options, processedIds: this.processedIds });
    const inner = await startKafkaSubscription({
      kafka: this.kafka,
      settings,
      partitions: this.options.partitions ?? KAFKA_DEFAULT_PARTITIONS,
      tuning: this.tuning,
      deadLetter: (message, info) => this.writeDeadLetter(message, info),
      logger: this.options.logger,
    });
    const stopObserving = observeGauge('pulse.consumer.lag', async () =>
      kafkaConsumerLag(await this.connectedAdmin(), options.group, options.topic),
    );
    const subscription: Subscription = {
      close: async () => {
        stopObserving();
        await inner.close();
        this.subscriptions.delete(subscription);
      },
    };
    this.subscriptions.add(subscription);
    return subscription;
  }

  async check(): Promise<HealthResult> {
    if (this.closing) return { ok: false, reason: 'event bus is closed' };
    let timer: NodeJS.Timeout | undefined;
    try {
      const admin = await this.connectedAdmin();
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)),
          CHECK_TIMEOUT_MS,
        );
      });
      const cluster = await Promise.race([admin.describeCluster(), timeout]);
      return cluster.brokers.length > 0
        ? { ok: true }
        : { ok: false, reason: 'no brokers in cluster metadata' };
    } catch (error) {
      // After every broker went away, kafkajs's admin can keep waiting on its old connections even
      // once the cluster is back; the next check starts from a fresh client instead.
      const stale = this.admin;
      this.admin = undefined;
      void stale?.then((admin) => admin.disconnect()).catch(() => undefined);
      return { ok: false, reason: `kafka: ${errorOf(error).message}` };
    } finally {
      clearTimeout(timer);
    }
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
      const disconnect = async (client?: Promise<Producer | Admin>) => {
        const connected = await client?.catch(() => undefined);
        await connected?.disconnect().catch(() => undefined);
      };
      await Promise.all([disconnect(this.producer), disconnect(this.admin)]);
      if (!this.options.processedIds) await this.processedIds.close?.();
    })();
    return this.closing;
  }

  private ownProcessedIds(): ProcessedIds {
    if (this.options.processedIdsDir) return new FileProcessedIds(this.options.processedIdsDir);
    this.options.logger?.warn(
      { adapter: 'kafka' },
      'bus: processed ids kept in memory: events redelivered after a restart are handled again',
    );
    return new MemoryProcessedIds();
  }

  private assertOpen(): void {
    if (this.closing) throw new Error('event bus is closed');
  }

  /** Connects on first use; a failed connection is forgotten so the next call tries again. */
  private connectedProducer(): Promise<Producer> {
    this.producer ??= (async () => {
      const producer = this.kafka.producer({
        idempotent: true,
        // Idempotence keeps order across retries only with one request in flight per connection.
        maxInFlightRequests: 1,
        allowAutoTopicCreation: false,
        createPartitioner: loadKafkaJs().Partitioners.DefaultPartitioner,
      });
      await producer.connect();
      return producer;
    })().catch((error: unknown) => {
      this.producer = undefined;
      throw error;
    });
    return this.producer;
  }

  private connectedAdmin(): Promise<Admin> {
    this.admin ??= (async () => {
      const admin = this.kafka.admin();
      await admin.connect();
      return admin;
    })().catch((error: unknown) => {
      this.admin = undefined;
      throw error;
    });
    return this.admin;
  }

  private ensureTopic(topic: string): Promise<void> {
    let ensured = this.topics.get(topic);
    if (!ensured) {
      ensured = (async () => {
        const admin = await this.connectedAdmin();
        // kafkajs's own wait for leaders gives up on UNKNOWN_TOPIC_OR_PARTITION, which a fresh
        // multi-broker cluster answers for a while after creating the topic; ours (below) waits it out.
        await admin.createTopics({
          waitForLeaders: false,
          topics: [
            {
              topic,
              numPartitions: this.options.partitions ?? KAFKA_DEFAULT_PARTITIONS,
              replicationFactor: this.options.replicationFactor ?? -1,
            },
          ],
        });
        await waitForLeaders(admin, topic);
      })().catch((error: unknown) => {
        this.topics.delete(topic);
        throw error;
      });
      this.topics.set(topic, ensured);
    }
    return ensured;
  }

  /** The original record, byte for byte, with the dead-letter headers added. */
  private async writeDeadLetter(message: KafkaMessage, info: DeadLetterInfo): Promise<void> {
    const topic = deadLetterTopic(info.originalTopic);
    await this.ensureTopic(topic);
    const producer = await this.connectedProducer();
    await producer.send({
      topic,
      acks: -1,
      messages: [
        {
          key: message.key,
          value: message.value,
          headers: { ...headersOf(message.headers), ...deadLetterHeaders(info) },
        },
      ],
    });
  }
}

const METADATA_SETTLE_MS = 30_000;
/** Below the readiness probe's own 2 s budget, so a hung check is answered (and its client replaced). */
const CHECK_TIMEOUT_MS = 1_500;

/**
 * kafkajs's own waitForLeaders gives up on UNKNOWN_TOPIC_OR_PARTITION, which a KRaft broker answers
 * for a moment after creating a topic; both that and LEADER_NOT_AVAILABLE only mean "not yet".
 */
async function waitForLeaders(admin: Admin, topic: string): Promise<void> {
  const deadline = Date.now() + METADATA_SETTLE_MS;
  for (;;) {
    try {
      const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
      if (topics[0]?.partitions.length && topics[0].partitions.every((partition) => partition.leader >= 0))
        return;
    } catch (error) {
      const type = (error as { type?: string }).type;
      if (type !== 'UNKNOWN_TOPIC_OR_PARTITION' && type !== 'LEADER_NOT_AVAILABLE') throw error;
      if (Date.now() > deadline) throw error;
    }
    if (Date.now() > deadline)
      throw new Error(`topic '${topic}' has no leader for every partition after ${METADATA_SETTLE_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

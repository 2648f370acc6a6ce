import { deadLetterTopic, type EventEnvelope } from '@pulse/contracts';
import type { Admin, MessageToProduce, Producer } from '@platformatic/kafka';
import type { HealthResult } from '../../lifecycle';
import { observeGauge } from '../../observability/metrics';
import type { DeadLetterInfo, EventBus, SubscribeOptions, Subscription } from '../bus.port';
import { consumerSettings, KAFKA_DEFAULT_PARTITIONS } from '../core/consumer-settings';
import { deadLetterHeaders, errorOf } from '../core/dead-letter';
import { envelopeHeaders, validateForPublish } from '../core/envelope-headers';
import type { KafkaBusOptions } from '../kafkajs/kafka.bus';
import { DEFAULT_KAFKA_TUNING, type KafkaConsumerTuning } from '../kafkajs/kafka.subscription';
import { platformaticConsumerLag } from './platformatic-kafka-consumer-lag';
import { loadPlatformaticKafka } from './platformatic-kafka.library';
import { hasProtocolError, waitForLeaders } from './platformatic-kafka.topic-leaders';
import {
  headersOfEntries,
  startPlatformaticSubscription,
  type RawMessage,
} from './platformatic-kafka.subscription';
import { FileProcessedIds, MemoryProcessedIds, type ProcessedIds } from '../core/processed-ids';
import { assertGroupName, assertTopicName } from '../core/topic-name';

type RawProducer = Producer<Buffer, Buffer, Buffer, Buffer>;
type RawOutgoing = MessageToProduce<Buffer, Buffer, Buffer, Buffer>;

/** The same options as the kafkajs adapter, so configuration picks either client without other changes. */
export type PlatformaticKafkaBusOptions = KafkaBusOptions;

const REQUEST_TIMEOUT_MS = 30_000;

/**
 * The production event bus over @platformatic/kafka, a maintained pure-JavaScript client (Node ≥ 22),
 * with the kafkajs adapter's behaviour: topics (and their `.dlt`) created on first use; an idempotent
 * producer with acks=all, so a publish resolves once every in-sync replica has the events and a retried
 * send cannot duplicate them; keys placed by Kafka's Java (murmur2) partitioner, as kafkajs places them,
 * so switching clients keeps each key on its partition and in order. Each subscription is one
 * consumer-group member (platformatic-kafka.subscription.ts). The library is loaded on first use.
 */
export class PlatformaticKafkaEventBus implements EventBus {
  readonly adapterName = 'kafka-platformatic';
  private readonly processedIds: ProcessedIds;
  private readonly tuning: KafkaConsumerTuning;
  private producer?: Promise<RawProducer>;
  private admin?: Promise<Admin>;
  private readonly topics = new Map<string, Promise<void>>();
  private readonly subscriptions = new Set<Subscription>();
  private closing?: Promise<void>;

  constructor(private readonly options: PlatformaticKafkaBusOptions) {
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
      messages: list.map((event) => ({
        topic,
        key: Buffer.from(event.key),
        value: Buffer.from(JSON.stringify(event)),
        headers: bufferHeaders(envelopeHeaders(event)),
      })),
    });
  }

  async subscribe<P>(options: SubscribeOptions<P>): Promise<Subscription> {
    this.assertOpen();
    assertTopicName(options.topic);
    assertGroupName(options.group);
    const [library] = await Promise.all([
      loadPlatformaticKafka(),
      this.ensureTopic(options.topic),
      this.ensureTopic(deadLetterTopic(options.topic)),
    ]);
    const inner = await startPlatformaticSubscription({
      library,
      brokers: this.options.brokers,
      clientId: this.options.clientId,
      settings: consumerSettings(options, { ...this.options, processedIds: this.processedIds }),
      tuning: this.tuning,
      deadLetter: (message, info) => this.writeDeadLetter(message, info),
      logger: this.options.logger,
    });
    const stopObserving = observeGauge('pulse.consumer.lag', async () =>
      platformaticConsumerLag(await this.connectedAdmin(), options.group, options.topic),
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
    try {
      const admin = await this.connectedAdmin();
      const metadata = await admin.metadata({ topics: [], forceUpdate: true });
      return metadata.brokers.size > 0
        ? { ok: true }
        : { ok: false, reason: 'no brokers in cluster metadata' };
    } catch (error) {
      return { ok: false, reason: `kafka: ${errorOf(error).message}` };
    }
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
      const disconnect = async (client?: Promise<RawProducer | Admin>) => {
        const connected = await client?.catch(() => undefined);
        await connected?.close().catch(() => undefined);
      };
      await Promise.all([disconnect(this.producer), disconnect(this.admin)]);
      if (!this.options.processedIds) await this.processedIds.close?.();
    })();
    return this.closing;
  }

  private ownProcessedIds(): ProcessedIds {
    if (this.options.processedIdsDir) return new FileProcessedIds(this.options.processedIdsDir);
    this.options.logger?.warn(
      { adapter: this.adapterName },
      'bus: processed ids kept in memory: events redelivered after a restart are handled again',
    );
    return new MemoryProcessedIds();
  }

  private assertOpen(): void {
    if (this.closing) throw new Error('event bus is closed');
  }

  private baseOptions() {
    return {
      clientId: this.options.clientId,
      bootstrapBrokers: this.options.brokers,
      timeout: REQUEST_TIMEOUT_MS,
      retries: 8,
      retryDelay: 200,
      autocreateTopics: false,
    };
  }

  /** Created on first use; a failure is forgotten so the next call tries again. */
  private connectedProducer(): Promise<RawProducer> {
    this.producer ??= (async () => {
      const library = await loadPlatformaticKafka();
      return new library.Producer({
        ...this.baseOptions(),
        // Idempotence: the broker drops a retried batch it already has, and keeps order across retries.
        idempotent: true,
        acks: library.ProduceAcks.ALL,
        partitioner: library.compatibilityPartitioner,
      });
    })().catch((error: unknown) => {
      this.producer = undefined;
      throw error;
    });
    return this.producer;
  }

  private connectedAdmin(): Promise<Admin> {
    this.admin ??= (async () => {
      const library = await loadPlatformaticKafka();
      return new library.Admin(this.baseOptions());
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
        try {
          await admin.createTopics({
            topics: [topic],
            partitions: this.options.partitions ?? KAFKA_DEFAULT_PARTITIONS,
            replicas: this.options.replicationFactor ?? -1,
          });
        } catch (error) {
          if (!hasProtocolError(error, 'TOPIC_ALREADY_EXISTS')) throw error;
        }
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
  private async writeDeadLetter(message: RawMessage, info: DeadLetterInfo): Promise<void> {
    const topic = deadLetterTopic(info.originalTopic);
    await this.ensureTopic(topic);
    const producer = await this.connectedProducer();
    const outgoing: RawOutgoing = {
      topic,
      key: message.key,
      value: message.value,
      headers: bufferHeaders({ ...headersOfEntries(message.headerEntries), ...deadLetterHeaders(info) }),
    };
    await producer.send({ messages: [outgoing] });
  }
}

function bufferHeaders(headers: Record<string, string>): Map<Buffer, Buffer> {
  return new Map(Object.entries(headers).map(([name, value]) => [Buffer.from(name), Buffer.from(value)]));
}

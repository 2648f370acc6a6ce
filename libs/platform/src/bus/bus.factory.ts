import path from 'node:path';
import type { BusConfig } from './bus.config';
import type { BusLogger, EventBus } from './bus.port';
import { InProcessEventBus } from './embedded/in-process.bus';
import { KafkaEventBus, type KafkaBusOptions } from './kafkajs/kafka.bus';
import { PlatformaticKafkaEventBus } from './platformatic-kafka/platformatic-kafka.bus';
import { assertSupportedNode } from './platformatic-kafka/platformatic-kafka.library';
import type { ProcessedIds } from './core/processed-ids';
import { GroupPrefixedBus } from './group-prefixed.bus';

const HOUR_MS = 3_600_000;

export interface BusDeps {
  logger: BusLogger;
  serviceName: string;
  /** A shared processed-id record (Redis, the document store) for services running several replicas. */
  processedIds?: ProcessedIds;
}

/** Builds the adapter BUS_DRIVER (and, for Kafka, KAFKA_CLIENT) names. Connections to Kafka are made on first use, so this never blocks. */
export function createEventBus(config: BusConfig, deps: BusDeps): EventBus {
  const bus = createAdapter(config, deps);
  return config.BUS_GROUP_PREFIX ? new GroupPrefixedBus(bus, config.BUS_GROUP_PREFIX) : bus;
}

function createAdapter(config: BusConfig, deps: BusDeps): EventBus {
  const backoff = { initialMs: config.BUS_RETRY_BACKOFF_MS, maxMs: config.BUS_RETRY_BACKOFF_MAX_MS };
  const common = {
    partitions: config.BUS_PARTITIONS,
    maxAttempts: config.BUS_MAX_ATTEMPTS,
    backoff,
    logger: deps.logger,
  };

  if (config.BUS_DRIVER === 'kafka') {
    // The schema's refinement guarantees brokers here; checked again for callers that skip the schema.
    if (!config.KAFKA_BROKERS?.length) throw new Error('KAFKA_BROKERS is required when BUS_DRIVER=kafka');
    deps.logger.info(
      { adapter: 'kafka', client: config.KAFKA_CLIENT, brokers: config.KAFKA_BROKERS },
      'bus: Kafka',
    );
    const options: KafkaBusOptions = {
      ...common,
      brokers: config.KAFKA_BROKERS,
      clientId: config.KAFKA_CLIENT_ID ?? `pulse-${deps.serviceName}`,
      replicationFactor: config.KAFKA_REPLICATION_FACTOR,
      processedIds: deps.processedIds,
      processedIdsDir: config.BUS_DATA_DIR && path.join(config.BUS_DATA_DIR, 'processed-ids'),
      consumer: {
        sessionTimeoutMs: config.KAFKA_SESSION_TIMEOUT_MS,
        heartbeatIntervalMs: config.KAFKA_HEARTBEAT_INTERVAL_MS,
        rebalanceTimeoutMs: config.KAFKA_REBALANCE_TIMEOUT_MS,
      },
    };
    if (config.KAFKA_CLIENT === 'kafkajs') return new KafkaEventBus(options);
    // Refused at start on a Node it does not support, rather than at the first publish. The library
    // itself is loaded on first use, so choosing kafkajs never loads it.
    assertSupportedNode(process.versions.node);
    return new PlatformaticKafkaEventBus(options);
  }

  deps.logger.info(
    { adapter: 'in-process', dataDir: config.BUS_DATA_DIR ?? null },
    config.BUS_DATA_DIR ? 'bus: in process, on disk' : 'bus: in process, in memory only',
  );
  return new InProcessEventBus({
    ...common,
    dataDir: config.BUS_DATA_DIR,
    fsync: config.BUS_FSYNC,
    processedIds: deps.processedIds,
    retention: {
      periodMs: config.BUS_RETENTION_HOURS * HOUR_MS,
      maxBytes: config.BUS_RETENTION_MAX_MB * 1024 * 1024,
      hardCapMs:
        config.BUS_RETENTION_HARD_CAP_HOURS > 0 ? config.BUS_RETENTION_HARD_CAP_HOURS * HOUR_MS : Infinity,
    },
  });
}

export * from './bus.port';
export * from './bus.config';
export * from './bus.factory';
export { createEnvelope, type NewEnvelope } from './create-envelope';
export { DLT_HEADERS, readDeadLetter } from './core/dead-letter';
export { IN_PROCESS_DEFAULT_PARTITIONS, KAFKA_DEFAULT_PARTITIONS } from './core/consumer-settings';
export {
  DEFAULT_PROCESSED_IDS_WINDOW,
  FileProcessedIds,
  HANDLER_KEEPS_MARKERS,
  MemoryProcessedIds,
  type ProcessedIds,
} from './core/processed-ids';
export { InProcessEventBus, type InProcessBusOptions } from './embedded/in-process.bus';
export { KafkaEventBus, type KafkaBusOptions } from './kafkajs/kafka.bus';
export {
  PlatformaticKafkaEventBus,
  type PlatformaticKafkaBusOptions,
} from './platformatic-kafka/platformatic-kafka.bus';
export { DEFAULT_KAFKA_TUNING, type KafkaConsumerTuning } from './kafkajs/kafka.subscription';
export * from './nest';
export { StoreProcessedIds } from './core/store-processed-ids';
export { publishEvent } from './publish-event';

import type {
  BackoffOptions,
  BusLogger,
  EventBatchHandler,
  EventHandler,
  SubscribeOptions,
} from '../bus.port';
import type { ConsumerSettings } from './event-delivery';
import type { ProcessedIds } from './processed-ids';

export const DEFAULT_MAX_ATTEMPTS = 5;
export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 500, maxMs: 30_000 };
/**
 * Partitions of a topic the bus creates. On Kafka they bound how many pods of one consumer group share the
 * work, so they are sized for the fleet (docs/scaling.md 'Partitions'); in process there is one member, and
 * partitions only set how many events of a topic it handles at once.
 */
export const KAFKA_DEFAULT_PARTITIONS = 12;
export const IN_PROCESS_DEFAULT_PARTITIONS = 3;
export const DEFAULT_MAX_BATCH_SIZE = 500;

export interface BusDefaults {
  maxAttempts?: number;
  backoff?: BackoffOptions;
  processedIds: ProcessedIds;
  logger?: BusLogger;
}

/** A subscription's options over the bus's defaults, the same way on every adapter. */
export function consumerSettings<P>(options: SubscribeOptions<P>, defaults: BusDefaults): ConsumerSettings {
  if (!options.handler === !options.batchHandler)
    throw new Error(`subscription to '${options.topic}': give exactly one of handler and batchHandler`);
  const batchHandler = options.batchHandler as EventBatchHandler<unknown> | undefined;
  const maxBatchSize = options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE;
  if (!Number.isInteger(maxBatchSize) || maxBatchSize < 1)
    throw new Error(`subscription to '${options.topic}': maxBatchSize must be a positive integer`);
  return {
    topic: options.topic,
    group: options.group,
    // A batch handler takes an event alone as a batch of one (a batch taken apart after a failure).
    handler: (options.handler as EventHandler<unknown> | undefined) ?? oneAsBatch(batchHandler!),
    batch: batchHandler ? { handler: batchHandler, maxSize: maxBatchSize } : undefined,
    payloadSchema: options.payloadSchema,
    maxAttempts: options.maxAttempts ?? defaults.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    backoff: options.backoff ?? defaults.backoff ?? DEFAULT_BACKOFF,
    processedIds: options.processedIds ?? defaults.processedIds,
    logger: defaults.logger,
  };
}

function oneAsBatch(handler: EventBatchHandler<unknown>): EventHandler<unknown> {
  return (event, context) =>
    handler([event], { ...context, firstOffset: context.offset, lastOffset: context.offset });
}

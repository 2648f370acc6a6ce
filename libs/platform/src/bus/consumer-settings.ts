import type { BackoffOptions, BusLogger, SubscribeOptions } from './bus.port';
import type { ConsumerSettings } from './event-delivery';
import type { ProcessedIds } from './processed-ids';

export const DEFAULT_MAX_ATTEMPTS = 5;
export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 500, maxMs: 30_000 };
export const DEFAULT_PARTITIONS = 3;

export interface BusDefaults {
  maxAttempts?: number;
  backoff?: BackoffOptions;
  processedIds: ProcessedIds;
  logger?: BusLogger;
}

/** A subscription's options over the bus's defaults, the same way on every adapter. */
export function consumerSettings<P>(options: SubscribeOptions<P>, defaults: BusDefaults): ConsumerSettings {
  return {
    topic: options.topic,
    group: options.group,
    handler: options.handler as ConsumerSettings['handler'],
    payloadSchema: options.payloadSchema,
    maxAttempts: options.maxAttempts ?? defaults.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    backoff: options.backoff ?? defaults.backoff ?? DEFAULT_BACKOFF,
    processedIds: options.processedIds ?? defaults.processedIds,
    logger: defaults.logger,
  };
}

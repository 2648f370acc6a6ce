import {
  Server,
  type BaseRpcContext,
  type CustomTransportStrategy,
  type MessageHandler,
} from '@nestjs/microservices';
import { eventRegistry, type Topic } from '@pulse/contracts';
import type { ZodType } from 'zod';
import { lastValueFrom } from 'rxjs';
import type { BackoffOptions, EventBatchContext, EventBus, EventContext, Subscription } from '../bus.port';
import { HANDLER_KEEPS_MARKERS, type ProcessedIds } from '../core/processed-ids';
import { PulseBusBatchContext, PulseBusContext } from './bus.context';

export interface PulseBusTransportOptions {
  maxAttempts?: number;
  backoff?: BackoffOptions;
  /** The service's own processed-id record (its document store), shared by its replicas. */
  processedIds?: ProcessedIds;
}

/** Per-handler overrides: `@EventPattern<string>(TOPIC, { maxAttempts: 3 })`. */
interface HandlerExtras {
  group?: string;
  maxAttempts?: number;
  /**
   * `@EventPattern<string>(TOPIC, { batch: { maxSize: 500 } })`: the handler's payload is an array of envelopes
   * (the bus port's batchHandler, one partition's events in order) and `@Ctx()` a PulseBusBatchContext.
   */
  batch?: { maxSize?: number };
  /**
   * The handler applies each event once by markers it writes with its effects (the inbox pattern):
   * the bus keeps no processed-id record for it (HANDLER_KEEPS_MARKERS), and redeliveries reach it.
   */
  ownMarkers?: boolean;
}

/**
 * Feeds a service's `@EventPattern<string>(topic)` handlers from our EventBus port, with one consumer group per
 * topic (`<service>.<topic>`), so the same controller runs on the in-process bus and on Kafka. The handler
 * is awaited to the end of its result (promise or observable): the bus commits only after it succeeded,
 * and a thrown error goes back to the bus, which retries and dead-letters. See README.md for why not
 * Nest's Kafka transport.
 */
export class PulseBusTransport extends Server implements CustomTransportStrategy {
  private readonly subscriptions: Subscription[] = [];

  constructor(
    private readonly bus: EventBus,
    private readonly group: string,
    private readonly options: PulseBusTransportOptions = {},
  ) {
    super();
  }

  async listen(callback: (error?: unknown) => void): Promise<void> {
    try {
      for (const [pattern, handler] of this.messageHandlers) {
        if (!handler.isEventHandler) {
          throw new Error(
            `@MessagePattern('${pattern}') cannot be served by the event bus (no replies): use @EventPattern`,
          );
        }
        const extras = (handler.extras ?? {}) as HandlerExtras;
        const subscription = await this.bus.subscribe({
          topic: pattern,
          // One consumer group per handled topic: each subscription is its own Kafka consumer, and members
          // of one group subscribed to different topics would be handed partitions they never read.
          group: extras.group ?? `${this.group}.${pattern}`,
          maxAttempts: extras.maxAttempts ?? this.options.maxAttempts,
          backoff: this.options.backoff,
          processedIds: extras.ownMarkers ? HANDLER_KEEPS_MARKERS : this.options.processedIds,
          // A payload that breaks its topic's contract goes straight to the DLT: retrying cannot fix it.
          payloadSchema: eventRegistry[pattern as Topic]?.schema as ZodType | undefined,
          ...(extras.batch
            ? {
                batchHandler: (events: unknown[], context: EventBatchContext) =>
                  this.handle(handler, events, new PulseBusBatchContext([context])),
                maxBatchSize: extras.batch.maxSize,
              }
            : {
                handler: (event: unknown, context: EventContext) =>
                  this.handle(handler, event, new PulseBusContext([context])),
              }),
        });
        this.subscriptions.push(subscription);
      }
      callback();
    } catch (error) {
      await this.close();
      callback(error);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.subscriptions.splice(0).map((subscription) => subscription.close()));
  }

  on(): never {
    throw new Error('PulseBusTransport emits no events; use the EventBus port');
  }

  unwrap<T>(): T {
    return this.bus as T;
  }

  /** Several handlers of one pattern (in different controllers) run in turn and succeed or retry together. */
  private async handle(handler: MessageHandler, event: unknown, rpcContext: BaseRpcContext): Promise<void> {
    for (let current: MessageHandler | undefined = handler; current; current = current.next) {
      const result = await current(event, rpcContext);
      await lastValueFrom(this.transformToObservable(result), { defaultValue: undefined });
    }
  }
}

import {
  buildEnvelope,
  type EnvelopeMeta,
  type EventEnvelope,
  type EventPayload,
  type eventRegistry,
  type Topic,
} from '@pulse/contracts';
import type { z } from 'zod';
import { currentTraceparent } from '../observability/telemetry';
import type {
  Collection,
  Filter,
  FindOneAndUpdateOptions,
  UpdateOptions,
  UpdateResult,
  UpdateSpec,
} from '../store';
import { excludeOutbox, OUTBOX_FIELD } from './outbox-field';
import type { OutboxRelay } from './outbox.relay';
import { documentWithEvents, updateWithEvents } from './outbox-write';

/**
 * What a repository uses to write a state change together with the events it implies (docs/design.md §4):
 * the events are stored in the changed document by the same write, and the service's OutboxRelay
 * publishes them afterwards. There is deliberately no updateMany: one envelope in several documents
 * would be published several times under one id, and consumers would keep only the first.
 */
export class OutboxWriter {
  constructor(
    /** The producing service, the envelopes' `source`. */
    private readonly source: string,
    private readonly relay: OutboxRelay,
  ) {}

  /** Registers a collection whose documents carry events; call it in the repository's constructor. */
  register(collectionName: string): void {
    this.relay.register(collectionName);
  }

  /**
   * An envelope for `topic`, validated against its contract now (a producer bug throws before anything
   * is written), carrying the active span's traceparent so consumers join the request's trace.
   */
  event<T extends Topic>(
    topic: T,
    payload: z.input<(typeof eventRegistry)[T]['schema']>,
    meta: Omit<EnvelopeMeta, 'source'> = {},
  ): EventEnvelope<EventPayload<T>> {
    return buildEnvelope(topic, payload, {
      ...meta,
      source: this.source,
      traceparent: meta.traceparent ?? currentTraceparent(),
    });
  }

  /** Inserts `doc` holding `events`; a DuplicateKeyError stores neither. */
  async insertOne<T extends { _id: string }>(
    collection: Collection<T>,
    doc: T,
    events: readonly EventEnvelope[],
  ): Promise<void> {
    this.assertRegistered(collection);
    await collection.insertOne(documentWithEvents(doc, events));
    this.relay.nudge();
  }

  /** Applies `update` and appends `events` in one write; when the filter matches nothing, neither happens. */
  async updateOne<T extends { _id: string }>(
    collection: Collection<T>,
    filter: Filter,
    update: UpdateSpec,
    events: readonly EventEnvelope[],
    options?: UpdateOptions,
  ): Promise<UpdateResult> {
    this.assertRegistered(collection);
    const result = await collection.updateOne(filter, updateWithEvents(update, events), options);
    this.relay.nudge();
    return result;
  }

  /** As Collection.findOneAndUpdate, with `events` appended; the returned document never shows them. */
  async findOneAndUpdate<T extends { _id: string }, R = T>(
    collection: Collection<T>,
    filter: Filter,
    update: UpdateSpec,
    events: readonly EventEnvelope[],
    options: FindOneAndUpdateOptions,
  ): Promise<Omit<R, typeof OUTBOX_FIELD> | null> {
    this.assertRegistered(collection);
    const result = await collection.findOneAndUpdate<R>(filter, updateWithEvents(update, events), {
      ...options,
      projection: excludeOutbox(options.projection),
    });
    this.relay.nudge();
    return result;
  }

  /** Events written to a collection the relay does not know would never be published. */
  private assertRegistered(collection: Collection<{ _id: string }>): void {
    if (!this.relay.isRegistered(collection.name)) {
      throw new Error(
        `outbox: collection '${collection.name}' is not registered; call outbox.register('${collection.name}') in the repository's constructor`,
      );
    }
  }
}

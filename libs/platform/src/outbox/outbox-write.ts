import { isTopic, type EventEnvelope } from '@pulse/contracts';
import { InvalidStoreOperationError, type UpdateSpec } from '../store';
import { isOutboxPath, OUTBOX_FIELD, type WithOutbox } from './outbox-field';

/**
 * The two shapes a write takes when it carries events: the events go into the document in the same
 * single-document write as the state change, which MongoDB and the embedded store both apply atomically
 * — either the document changes and holds its events, or neither happens. Pure functions, so a
 * repository with an unusual write can use them directly; OutboxWriter uses them for the usual ones.
 */

/** The document to insert, holding its events. */
export function documentWithEvents<T extends { _id: string }>(doc: T, events: readonly EventEnvelope[]): T {
  if (OUTBOX_FIELD in doc) throw reserved(`the document to insert has a ${OUTBOX_FIELD} field`);
  if (events.length === 0) return doc;
  assertRelayable(events);
  return { ...doc, [OUTBOX_FIELD]: [...events] } as WithOutbox<T>;
}

/** The update with the events appended ($push … $each keeps their order) after any already pending. */
export function updateWithEvents(update: UpdateSpec, events: readonly EventEnvelope[]): UpdateSpec {
  for (const fields of Object.values(update)) {
    for (const path of Object.keys(fields ?? {})) {
      if (isOutboxPath(path)) throw reserved(`the update writes ${path}`);
    }
  }
  if (events.length === 0) return update;
  assertRelayable(events);
  return { ...update, $push: { ...update.$push, [OUTBOX_FIELD]: { $each: [...events] } } };
}

/**
 * The relay publishes each envelope to the topic named by its type, so an envelope whose type is not a
 * known topic would be refused by the bus forever and hold back its document's later events. Envelopes
 * built by OutboxWriter.event (buildEnvelope) always pass; this stops a hand-made one at the write.
 */
function assertRelayable(events: readonly EventEnvelope[]): void {
  for (const event of events) {
    if (!isTopic(event.type)) {
      throw new InvalidStoreOperationError(`outbox: '${event.type}' is not a topic of @pulse/contracts`);
    }
  }
  const ids = new Set(events.map((event) => event.id));
  // Consumers deduplicate by id: a second envelope with the same id would be dropped as a redelivery.
  if (ids.size !== events.length) throw new InvalidStoreOperationError('outbox: two events share an id');
}

function reserved(what: string): InvalidStoreOperationError {
  return new InvalidStoreOperationError(
    `outbox: ${what}; ${OUTBOX_FIELD} is written only through the outbox helpers`,
  );
}

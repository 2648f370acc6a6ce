import type { EventEnvelope } from '@pulse/contracts';
import { OUTBOX_FIELD } from '../../outbox/outbox-field';
import type { OutboxWriter } from '../../outbox/outbox.writer';
import type { Collection, DocumentStore } from '../../store/store.port';

/** A staff action waiting in this service for the relay to hand it to the newsroom service. */
interface PendingStaffAction {
  _id: string;
  at: string;
}

const COLLECTION = 'staff_action_outbox';
/** Published records are kept this long (a day), then purged: newsroom holds the log, not this service. */
const KEEP_PUBLISHED_MS = 24 * 3600 * 1000;
/** Purging is cheap but needless on every write. */
const PURGE_EVERY_MS = 3600 * 1000;

/**
 * Each recorded staff action is a small document of its own, inserted with its event by one write, so the
 * outbox relay publishes it like any other event and a crash or a bus outage keeps it until published.
 */
export class StaffActionOutboxRepository {
  private readonly actions: Collection<PendingStaffAction>;
  private lastPurge = 0;

  constructor(
    store: DocumentStore,
    private readonly outbox: OutboxWriter,
  ) {
    outbox.register(COLLECTION);
    this.actions = store.collection<PendingStaffAction>(COLLECTION, { indexes: [{ key: { at: 1 } }] });
  }

  async add(event: EventEnvelope, at: string, now: number): Promise<void> {
    await this.outbox.insertOne(this.actions, { _id: event.id, at }, [event]);
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    // Only what the relay already published ('_outbox' emptied); a record still waiting is kept.
    await this.actions.deleteMany({
      at: { $lt: new Date(now - KEEP_PUBLISHED_MS).toISOString() },
      [`${OUTBOX_FIELD}.0`]: { $exists: false },
    });
  }
}

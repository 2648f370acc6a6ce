import type { Collection, DocumentStore } from '../store/store.port';
import { DuplicateKeyError } from '../store/store.errors';
import type { LeaseDocument } from './lease.record';

export const LEASES_COLLECTION = 'leases';

/**
 * The lease queries: every change is one conditional single-document write, atomic on MongoDB and in
 * the embedded store alike, so two replicas racing for a key never both get it.
 */
export class LeaseRepository {
  private readonly leases: Collection<LeaseDocument>;

  constructor(store: DocumentStore, collection: string = LEASES_COLLECTION) {
    this.leases = store.collection<LeaseDocument>(collection);
  }

  /**
   * Takes the lease when it is free (never taken, released, or run out at `now`), raising its token.
   * Null when another holder's lease still runs: the upsert then collides with the existing `_id`.
   */
  async take(key: string, holder: string, now: string, expiresAt: string): Promise<LeaseDocument | null> {
    try {
      return await this.leases.findOneAndUpdate(
        { _id: key, expiresAt: { $lte: now } },
        { $set: { holder, expiresAt, acquiredAt: now }, $inc: { token: 1 } },
        { upsert: true, returnDocument: 'after' },
      );
    } catch (error) {
      if (error instanceof DuplicateKeyError) return null;
      throw error;
    }
  }

  /**
   * Moves the end of a lease the holder still has: matched only while its token is the current one,
   * so a holder that was taken over (even one whose lease ran out unnoticed) learns it here.
   */
  async extend(key: string, holder: string, token: number, expiresAt: string): Promise<boolean> {
    const { matched } = await this.leases.updateOne({ _id: key, holder, token }, { $set: { expiresAt } });
    return matched === 1;
  }

  /** Frees the lease at `now` if the holder still has it; the token stays, so the next take raises it. */
  async free(key: string, holder: string, token: number, now: string): Promise<void> {
    await this.leases.updateOne({ _id: key, holder, token }, { $set: { holder: null, expiresAt: now } });
  }

  find(key: string): Promise<LeaseDocument | null> {
    return this.leases.findOne({ _id: key });
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, type Collection, type DocumentStore } from '@pulse/platform';

interface LoginFailuresRecord {
  /** The name key and the network, as JSON: neither can then pass for the other. */
  _id: string;
  /** The typed name's key alone, for the owner's view of an account's locks. */
  nameKey: string;
  /** Wrong passwords or codes for this name from this network since its last success or lock. */
  failures: number;
  /** ISO time until which this name is refused from this network; absent when open. */
  lockedUntil?: string;
  updatedAt: string;
}

const idOf = (nameKey: string, network: string): string => JSON.stringify([nameKey, network]);

/**
 * `staff_login_failures`: wrong sign-ins per typed name and network, whether or not the name is an
 * account's, so an unknown name counts and locks exactly as a real one does.
 */
@Injectable()
export class LoginFailuresRepository {
  private readonly failures: Collection<LoginFailuresRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.failures = store.collection<LoginFailuresRecord>('staff_login_failures', {
      indexes: [{ key: { updatedAt: 1 } }, { key: { nameKey: 1, lockedUntil: -1 } }],
    });
  }

  async lockedUntil(nameKey: string, network: string): Promise<string | undefined> {
    return (await this.failures.findOne({ _id: idOf(nameKey, network) }))?.lockedUntil;
  }

  /** The latest lock on the name from any network that still holds after `now`; undefined when none. */
  async lockedAnywhereUntil(nameKey: string, now: string): Promise<string | undefined> {
    const latest = await this.failures.findOne(
      { nameKey, lockedUntil: { $gt: now } },
      { sort: { lockedUntil: -1 }, projection: { lockedUntil: 1 } },
    );
    return latest?.lockedUntil;
  }

  /**
   * Counts one wrong password or code; the one that reaches `limit` locks the name from the network until
   * `lockUntil` and starts the count again. Answers the record after, to tell whether this one locked it.
   */
  async record(
    nameKey: string,
    network: string,
    limit: number,
    lockUntil: string,
    at: string,
  ): Promise<LoginFailuresRecord | null> {
    const _id = idOf(nameKey, network);
    const after = await this.failures.findOneAndUpdate(
      { _id },
      { $inc: { failures: 1 }, $set: { nameKey, updatedAt: at } },
      { upsert: true, returnDocument: 'after' },
    );
    if (!after || after.failures < limit) return after;
    return this.failures.findOneAndUpdate(
      { _id, failures: { $gte: limit } },
      { $set: { failures: 0, lockedUntil: lockUntil, updatedAt: at } },
      { returnDocument: 'after' },
    );
  }

  /** A good sign-in: this network's count for the name starts again. */
  async clear(nameKey: string, network: string): Promise<void> {
    await this.failures.deleteOne({ _id: idOf(nameKey, network) });
  }

  /** Drops counts and locks last touched before `before`; the caller keeps that past any lock. */
  async deleteUntouchedSince(before: string): Promise<void> {
    await this.failures.deleteMany({ updatedAt: { $lt: before } });
  }
}

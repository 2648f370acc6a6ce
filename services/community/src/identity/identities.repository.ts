import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, type Collection, type DocumentStore } from '@pulse/platform';
import type { TrustTally } from '../trust/trust-levels';
import type { IdentityRecord } from './identity.record';

/** An identity's suspension as stored: until when (null: none) and why. */
export interface IdentitySuspension {
  suspendedUntil: string | null;
  suspendedReason: string | null;
}

@Injectable()
export class IdentitiesRepository {
  private readonly identities: Collection<IdentityRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.identities = store.collection<IdentityRecord>('community_identities', {
      indexes: [{ key: { displayNameKey: 1 }, unique: true }, { key: { lastActiveAt: -1 } }],
    });
  }

  /** Throws DuplicateKeyError when the display name, or a look-alike of it, is taken. */
  insert(identity: IdentityRecord): Promise<void> {
    return this.identities.insertOne(identity);
  }

  /** Oldest first: on a collision the older identity keeps its name. */
  withKeyOtherThan(scheme: string, limit: number): Promise<IdentityRecord[]> {
    return this.identities.find({ displayNameKeyScheme: { $ne: scheme } }, { sort: { createdAt: 1 }, limit });
  }

  /**
   * Rewrites the name key (and the display name, when a look-alike needs a discriminator) of a record not
   * yet in `scheme`. Throws DuplicateKeyError when the key is taken; false when another replica did it.
   */
  async rekey(id: string, displayName: string, key: string, scheme: string): Promise<boolean> {
    const { matched } = await this.identities.updateOne(
      { _id: id, displayNameKeyScheme: { $ne: scheme } },
      { $set: { displayName, displayNameKey: key, displayNameKeyScheme: scheme } },
    );
    return matched === 1;
  }

  findById(id: string): Promise<IdentityRecord | null> {
    return this.identities.findOne({ _id: id });
  }

  /** Identities whose name collides with one whose key is `key` (the unique index allows one). */
  findByNameKey(key: string): Promise<IdentityRecord[]> {
    return this.identities.find({ displayNameKey: key }, { limit: 1 });
  }

  findMany(ids: readonly string[]): Promise<IdentityRecord[]> {
    return ids.length ? this.identities.find({ _id: { $in: [...new Set(ids)] } }) : Promise.resolve([]);
  }

  async touch(id: string, at: string): Promise<void> {
    await this.identities.updateOne({ _id: id }, { $max: { lastActiveAt: at } });
  }

  /** Sets (or with nulls lifts) a suspension; returns the suspension before, or null for an unknown id. */
  async suspend(id: string, until: string | null, reason: string | null): Promise<IdentitySuspension | null> {
    const before = await this.identities.findOneAndUpdate<IdentityRecord>(
      { _id: id },
      { $set: { suspendedUntil: until, suspendedReason: reason } },
      { returnDocument: 'before', projection: { suspendedUntil: 1, suspendedReason: 1 } },
    );
    if (!before) return null;
    return { suspendedUntil: before.suspendedUntil ?? null, suspendedReason: before.suspendedReason ?? null };
  }

  /** The tally trust levels read (TrustService recounts it after each endorsement). */
  async setTrust(id: string, tally: TrustTally): Promise<void> {
    await this.identities.updateOne({ _id: id }, { $set: { trust: tally } });
  }

  async remove(id: string): Promise<void> {
    await this.identities.deleteOne({ _id: id });
  }
}

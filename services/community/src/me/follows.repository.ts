import { Inject, Injectable } from '@nestjs/common';
import type { FollowKind } from '@pulse/contracts';
import { DOCUMENT_STORE, DuplicateKeyError, type Collection, type DocumentStore } from '@pulse/platform';
import type { FollowRecord } from './follow.record';

/** Follows per identity: storage only. */
@Injectable()
export class FollowsRepository {
  private readonly follows: Collection<FollowRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.follows = store.collection<FollowRecord>('community_follows', {
      // allOf and countOf: one identity's follows, newest first; followersOf: a story's followers.
      indexes: [{ key: { identityId: 1, createdAt: -1 } }, { key: { kind: 1, key: 1 } }],
    });
  }

  findById(id: string): Promise<FollowRecord | null> {
    return this.follows.findOne({ _id: id });
  }

  /** Adds it; false when it is already there (a racing PUT of the same follow). */
  async addOnce(follow: FollowRecord): Promise<boolean> {
    try {
      await this.follows.insertOne(follow);
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  async relabel(id: string, label: string): Promise<FollowRecord | null> {
    return this.follows.findOneAndUpdate({ _id: id }, { $set: { label } }, { returnDocument: 'after' });
  }

  async remove(id: string, identityId: string): Promise<boolean> {
    const { deleted } = await this.follows.deleteOne({ _id: id, identityId });
    return deleted === 1;
  }

  allOf(identityId: string): Promise<FollowRecord[]> {
    return this.follows.find({ identityId }, { sort: { createdAt: -1, _id: -1 } });
  }

  countOf(identityId: string): Promise<number> {
    return this.follows.countDocuments({ identityId });
  }

  /** The identities following `key` of `kind`, at most `limit` (a story's notice fan-out). */
  async followersOf(kind: FollowKind, key: string, limit: number): Promise<string[]> {
    const records = await this.follows.find<Pick<FollowRecord, 'identityId'>>(
      { kind, key },
      { sort: { createdAt: 1 }, limit, projection: { identityId: 1 } },
    );
    return records.map((record) => record.identityId);
  }

  async removeAllOf(identityId: string): Promise<void> {
    await this.follows.deleteMany({ identityId });
  }
}

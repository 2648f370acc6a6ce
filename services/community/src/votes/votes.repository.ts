import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, DuplicateKeyError, type Collection, type DocumentStore } from '@pulse/platform';
import { voteId, type VoteRecord, type VoteValues } from './vote.record';

type Value = VoteRecord['value'];

/**
 * Vote records. Every change is a compare-and-set on the record (from the value read to the new one), so
 * of two concurrent requests only one moves a given transition and the counts move exactly once each.
 */
@Injectable()
export class VotesRepository {
  private readonly votes: Collection<VoteRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.votes = store.collection<VoteRecord>('community_votes', {
      indexes: [{ key: { identityId: 1, kind: 1, targetId: 1 } }],
    });
  }

  async current(kind: VoteRecord['kind'], targetId: string, identityId: string): Promise<Value | null> {
    return (await this.votes.findOne({ _id: voteId(kind, targetId, identityId) }))?.value ?? null;
  }

  /** Values of the identity's votes on these targets (viewerVote on lists). */
  async valuesOf<K extends VoteRecord['kind']>(
    kind: K,
    targetIds: readonly string[],
    identityId: string,
  ): Promise<Map<string, VoteValues[K]>> {
    if (!targetIds.length) return new Map();
    const rows = await this.votes.find({ _id: { $in: targetIds.map((id) => voteId(kind, id, identityId)) } });
    // The id names the kind, and each kind is only ever written with its own values.
    return new Map(rows.map((row) => [row.targetId, row.value as VoteValues[K]]));
  }

  /** Moves the vote from `from` to `to` (null = no vote); false when someone else changed it first. */
  async transition(
    record: Omit<VoteRecord, 'value'>,
    from: Value | null,
    to: Value | null,
  ): Promise<boolean> {
    if (from === null && to !== null) {
      try {
        await this.votes.insertOne({ ...record, value: to });
        return true;
      } catch (error) {
        if (error instanceof DuplicateKeyError) return false;
        throw error;
      }
    }
    if (from !== null && to === null)
      return (await this.votes.deleteOne({ _id: record._id, value: from })).deleted === 1;
    if (from !== null && to !== null)
      return (
        (await this.votes.updateOne({ _id: record._id, value: from }, { $set: { value: to, at: record.at } }))
          .matched === 1
      );
    return true;
  }

  /** The identity's vote records (its deletion): the counts they moved stay, no longer tied to anyone. */
  async removeAllOf(identityId: string): Promise<void> {
    await this.votes.deleteMany({ identityId });
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, type Collection, type DocumentStore } from '@pulse/platform';
import type { TrustTally } from './trust-levels';
import type { EndorsementRecord } from './endorsement.record';

@Injectable()
export class EndorsementsRepository {
  private readonly endorsements: Collection<EndorsementRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.endorsements = store.collection<EndorsementRecord>('community_endorsements', {
      indexes: [{ key: { identityId: 1 } }, { key: { postId: 1 } }],
    });
  }

  /** Stores or refreshes the endorsement (the same endorser on the same post is one record). */
  async put(record: EndorsementRecord): Promise<void> {
    await this.endorsements.updateOne(
      { _id: record._id },
      { $set: { network: record.network, at: record.at }, $setOnInsert: without(record, 'network', 'at') },
      { upsert: true },
    );
  }

  /** The endorsed identity of the removed record, or null when there was none. */
  async remove(id: string): Promise<string | null> {
    const found = await this.endorsements.findOne({ _id: id });
    if (!found) return null;
    return (await this.endorsements.deleteOne({ _id: id })).deleted === 1 ? found.identityId : null;
  }

  /** Removes every endorsement of a post; returns the identities whose tally changed. */
  async removePost(postId: string): Promise<string[]> {
    const rows = await this.endorsements.find({ postId });
    if (!rows.length) return [];
    await this.endorsements.deleteMany({ postId });
    return [...new Set(rows.map((row) => row.identityId))];
  }

  /** The identity's tally, counted from its endorsements. */
  async tallyOf(identityId: string): Promise<TrustTally> {
    const rows = await this.endorsements.find<Pick<EndorsementRecord, 'endorserId' | 'network' | 'kind'>>(
      { identityId },
      { projection: { _id: 0, endorserId: 1, network: 1, kind: 1 } },
    );
    const endorsers = new Set(rows.map((row) => row.endorserId));
    const networks = new Set(rows.map((row) => row.network));
    return {
      endorsers: Math.min(endorsers.size, networks.size),
      acceptedAnswers: rows.filter((row) => row.kind === 'accept').length,
    };
  }
}

function without<T extends object, K extends keyof T>(record: T, ...keys: K[]): Omit<T, K> {
  const copy = { ...record };
  for (const key of keys) delete copy[key];
  return copy;
}

import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, type Collection, type DocumentStore } from '@pulse/platform';
import type { SynonymGroupRecord } from './synonym-group.record';

/** Storage of the admin-added synonym groups; a few hundred at most, always read whole. */
@Injectable()
export class SynonymGroupsRepository {
  private readonly groups: Collection<SynonymGroupRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.groups = store.collection<SynonymGroupRecord>('searchSynonyms');
  }

  /** Oldest first, so the order sent to the index (and so its settings) is stable. */
  all(): Promise<SynonymGroupRecord[]> {
    return this.groups.find({}, { sort: { createdAt: 1, _id: 1 } });
  }

  count(): Promise<number> {
    return this.groups.countDocuments({});
  }

  findById(id: string): Promise<SynonymGroupRecord | null> {
    return this.groups.findOne({ _id: id });
  }

  /** Whether a group with this id was there to remove. */
  async remove(id: string): Promise<boolean> {
    return (await this.groups.deleteOne({ _id: id })).deleted > 0;
  }

  /** Throws the store's DuplicateKeyError when the same spellings are stored already. */
  insert(record: SynonymGroupRecord): Promise<void> {
    return this.groups.insertOne(record);
  }
}

/** The id of a group: the same for the same spellings in any order or case. */
export function synonymGroupId(spellings: readonly string[]): string {
  const key = [...new Set(spellings.map((spelling) => spelling.toLowerCase()))].sort().join('\u0000');
  return createHash('sha256').update(key).digest('hex').slice(0, 24);
}

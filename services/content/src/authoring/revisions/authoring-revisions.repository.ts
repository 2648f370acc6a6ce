import { Inject, Injectable } from '@nestjs/common';
import type { AuthoringRevision } from '@pulse/contracts';
import { DOCUMENT_STORE, type Collection, type DocumentStore } from '@pulse/platform';

export const AUTHORING_REVISIONS_COLLECTION = 'authoring_revisions';

/** A stored revision: the API's shape with the store's _id and which kind of item it belongs to. */
export interface AuthoringRevisionRecord extends Omit<AuthoringRevision, 'id'> {
  _id: string;
  itemKind: 'insight' | 'tech-analysis';
}

/** Storage of authoring revisions: one document per saved change, read newest first per item. */
@Injectable()
export class AuthoringRevisionsRepository {
  private readonly revisions: Collection<AuthoringRevisionRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.revisions = store.collection<AuthoringRevisionRecord>(AUTHORING_REVISIONS_COLLECTION, {
      indexes: [{ key: { itemKind: 1, itemId: 1, at: -1 } }],
    });
  }

  async insert(record: AuthoringRevisionRecord): Promise<void> {
    await this.revisions.insertOne(record);
  }

  /** The item's newest `limit` revisions, newest first (ties by id, so the order is stable). */
  forItem(
    itemKind: AuthoringRevisionRecord['itemKind'],
    itemId: string,
    limit: number,
  ): Promise<AuthoringRevisionRecord[]> {
    return this.revisions.find({ itemKind, itemId }, { sort: { at: -1, _id: -1 }, limit });
  }
}

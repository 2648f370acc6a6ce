import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, type Collection, type DocumentStore } from '@pulse/platform';
import type { IdentityActionRecord } from './identity-action.record';

@Injectable()
export class IdentityActionsRepository {
  private readonly actions: Collection<IdentityActionRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.actions = store.collection<IdentityActionRecord>('community_identity_actions', {
      indexes: [{ key: { identityId: 1, at: -1 } }],
    });
  }

  record(action: IdentityActionRecord): Promise<void> {
    return this.actions.insertOne(action);
  }

  /** Newest first; `_id` breaks ties between actions in the same millisecond. */
  ofIdentity(identityId: string, limit: number): Promise<IdentityActionRecord[]> {
    return this.actions.find({ identityId }, { sort: { at: -1, _id: -1 }, limit });
  }
}

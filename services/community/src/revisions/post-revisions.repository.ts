import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, DuplicateKeyError, type Collection, type DocumentStore } from '@pulse/platform';
import type { PostRevisionRecord } from './post-revision.record';

@Injectable()
export class PostRevisionsRepository {
  private readonly revisions: Collection<PostRevisionRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.revisions = store.collection<PostRevisionRecord>('community_post_revisions', {
      indexes: [{ key: { postId: 1, version: -1 } }],
    });
  }

  /** Stores the version an edit replaces; false when another edit already stored it (the edit lost a race). */
  async claim(revision: PostRevisionRecord): Promise<boolean> {
    try {
      await this.revisions.insertOne(revision);
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  /** Takes back a claimed version whose edit did not apply (the post changed state meanwhile). */
  async release(id: string): Promise<void> {
    await this.revisions.deleteOne({ _id: id });
  }

  /** A post's earlier versions, newest first. */
  listOf(postId: string): Promise<PostRevisionRecord[]> {
    return this.revisions.find({ postId }, { sort: { version: -1 }, limit: 500 });
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, DuplicateKeyError, type Collection, type DocumentStore } from '@pulse/platform';
import type { PostRevisionRecord } from './post-revision.record';

/**
 * How many earlier versions of one post are kept. Each is a whole copy of the post (a question up to
 * 20,000 characters) and the history is public, so without a bound an author editing within the post
 * limits could grow one post's history, and every read of it, without end. Fifty covers any honest
 * history; older versions are deleted.
 */
export const KEPT_REVISIONS = 50;

@Injectable()
export class PostRevisionsRepository {
  private readonly revisions: Collection<PostRevisionRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.revisions = store.collection<PostRevisionRecord>('community_post_revisions', {
      indexes: [{ key: { postId: 1, version: -1 } }],
    });
  }

  /**
   * Stores the version an edit replaces and deletes those past the newest KEPT_REVISIONS; false when
   * another edit already stored it (the edit lost a race).
   */
  async claim(revision: PostRevisionRecord): Promise<boolean> {
    try {
      await this.revisions.insertOne(revision);
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
    // Kept versions are numbered without gaps (each edit stores the number the post had), so the newest
    // KEPT_REVISIONS are those above this bound.
    await this.revisions.deleteMany({
      postId: revision.postId,
      version: { $lte: revision.version - KEPT_REVISIONS },
    });
    return true;
  }

  /** Takes back a claimed version whose edit did not apply (the post changed state meanwhile). */
  async release(id: string): Promise<void> {
    await this.revisions.deleteOne({ _id: id });
  }

  /** A post's kept earlier versions, newest first. */
  listOf(postId: string): Promise<PostRevisionRecord[]> {
    return this.revisions.find({ postId }, { sort: { version: -1 }, limit: KEPT_REVISIONS });
  }
}

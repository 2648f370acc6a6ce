import { Inject, Injectable } from '@nestjs/common';
import type { BookmarkKind } from '@pulse/contracts';
import {
  DOCUMENT_STORE,
  DuplicateKeyError,
  NEWEST_FIRST,
  olderThan,
  type Collection,
  type DocumentStore,
  type NewestFirstCursor,
} from '@pulse/platform';
import type { BookmarkRecord } from './bookmark.record';

/** Bookmarks per identity: storage only. */
@Injectable()
export class BookmarksRepository {
  private readonly bookmarks: Collection<BookmarkRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.bookmarks = store.collection<BookmarkRecord>('community_bookmarks', {
      // pageOf: one identity's bookmarks (of one kind), newest first.
      indexes: [
        { key: { identityId: 1, createdAt: -1, _id: -1 } },
        { key: { identityId: 1, kind: 1, createdAt: -1, _id: -1 } },
      ],
    });
  }

  findById(id: string): Promise<BookmarkRecord | null> {
    return this.bookmarks.findOne({ _id: id });
  }

  /** Adds it; false when it is already there (a racing PUT of the same bookmark). */
  async addOnce(bookmark: BookmarkRecord): Promise<boolean> {
    try {
      await this.bookmarks.insertOne(bookmark);
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  async remove(id: string, identityId: string): Promise<boolean> {
    const { deleted } = await this.bookmarks.deleteOne({ _id: id, identityId });
    return deleted === 1;
  }

  /** One page, newest first, after `cursor`; of one kind (and one item) when they are given. */
  pageOf(
    identityId: string,
    only: { kind?: BookmarkKind; itemIds?: readonly string[] },
    cursor: NewestFirstCursor | undefined,
    limit: number,
  ): Promise<BookmarkRecord[]> {
    const { kind, itemIds } = only;
    return this.bookmarks.find(
      {
        identityId,
        ...(kind ? { kind } : {}),
        ...(itemIds ? { itemId: { $in: [...itemIds] } } : {}),
        ...olderThan(cursor),
      },
      { sort: NEWEST_FIRST, limit },
    );
  }

  allOf(identityId: string): Promise<BookmarkRecord[]> {
    return this.bookmarks.find({ identityId }, { sort: NEWEST_FIRST });
  }

  countOf(identityId: string): Promise<number> {
    return this.bookmarks.countDocuments({ identityId });
  }

  async removeAllOf(identityId: string): Promise<void> {
    await this.bookmarks.deleteMany({ identityId });
  }

  /** Which of these items of `kind` the identity has bookmarked. */
  async bookmarkedOf(identityId: string, kind: BookmarkKind, itemIds: readonly string[]): Promise<string[]> {
    if (!itemIds.length) return [];
    const rows = await this.bookmarks.find(
      { identityId, kind, itemId: { $in: [...itemIds] } },
      { projection: { itemId: 1 } },
    );
    return rows.map((row) => row.itemId);
  }
}

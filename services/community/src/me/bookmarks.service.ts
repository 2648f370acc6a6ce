import { ConflictException, Inject, Injectable } from '@nestjs/common';
import {
  BOOKMARKS_PER_IDENTITY,
  type Bookmark,
  type BookmarkKind,
  type BookmarkListQuery,
  type BookmarkResponse,
  type BookmarksResponse,
  type RemovedResponse,
} from '@pulse/contracts';
import { CLOCK, isoNow, type Clock } from '@pulse/platform';
import { WriteLimits } from '../abuse/write-limits';
import type { Actor } from '../identity/actor-resolver';
import { BookmarkTargets } from './bookmark-targets';
import { BookmarksRepository } from './bookmarks.repository';
import type { BookmarkRecord } from './bookmark.record';
import { decodeCursor, ME_PAGE_SIZE, nextCursorOf } from './page-cursor';
import { ownRecordId } from './record-ids';

export const TOO_MANY_BOOKMARKS = `북마크는 ${BOOKMARKS_PER_IDENTITY.toLocaleString('ko-KR')}개까지 할 수 있습니다. 다른 북마크를 지운 뒤 다시 시도해주세요.`;

const bookmarkId = (identityId: string, kind: BookmarkKind, itemId: string) =>
  ownRecordId('bmk', identityId, kind, itemId);

/** An identity's bookmarks of articles, insights, tech analyses and questions. */
@Injectable()
export class BookmarksService {
  constructor(
    private readonly bookmarks: BookmarksRepository,
    private readonly targets: BookmarkTargets,
    private readonly limits: WriteLimits,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** GET /api/community/me/bookmarks?kind=&cursor=: newest first, a page at a time. */
  async list(actor: Actor, query: BookmarkListQuery): Promise<BookmarksResponse> {
    // Asked about named items, the page holds all of them that are bookmarked.
    const limit = Math.max(ME_PAGE_SIZE, query.ids?.length ?? 0);
    const records = await this.bookmarks.pageOf(
      actor.identity._id,
      { kind: query.kind, itemIds: query.ids },
      decodeCursor(query.cursor),
      limit,
    );
    return {
      success: true,
      data: { bookmarks: records.map(toBookmark), nextCursor: nextCursorOf(records, limit) },
    };
  }

  /** PUT …/bookmarks/{kind}/{id}: idempotent; the item must exist (404) and its title is the owner's. */
  async bookmark(actor: Actor, ip: string, kind: BookmarkKind, itemId: string): Promise<BookmarkResponse> {
    // Bookmarks change nothing anyone else sees; the vote buckets only stop a script hammering the store.
    await this.limits.vote(actor.identity._id, ip);
    const identityId = actor.identity._id;
    const id = bookmarkId(identityId, kind, itemId);
    const existing = await this.bookmarks.findById(id);
    if (existing) return { success: true, data: { bookmark: toBookmark(existing) } };
    if ((await this.bookmarks.countOf(identityId)) >= BOOKMARKS_PER_IDENTITY)
      throw new ConflictException(TOO_MANY_BOOKMARKS);
    const target = await this.targets.require(kind, itemId);
    const record: BookmarkRecord = {
      _id: id,
      identityId,
      kind,
      itemId,
      title: target.title,
      url: target.url,
      createdAt: isoNow(this.clock),
    };
    if (!(await this.bookmarks.addOnce(record))) {
      const raced = await this.bookmarks.findById(id);
      if (raced) return { success: true, data: { bookmark: toBookmark(raced) } };
    }
    return { success: true, data: { bookmark: toBookmark(record) } };
  }

  /** DELETE …/bookmarks/{kind}/{id}: `removed` says whether there was one. */
  async unbookmark(actor: Actor, ip: string, kind: BookmarkKind, itemId: string): Promise<RemovedResponse> {
    await this.limits.vote(actor.identity._id, ip);
    const identityId = actor.identity._id;
    const removed = await this.bookmarks.remove(bookmarkId(identityId, kind, itemId), identityId);
    return { success: true, data: { removed } };
  }
}

export const toBookmark = (record: BookmarkRecord): Bookmark => ({
  kind: record.kind,
  id: record.itemId,
  title: record.title,
  url: record.url,
  createdAt: record.createdAt,
});

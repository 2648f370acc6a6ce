import { Controller, Delete, Get, Header, Param, Put, Query, UseFilters } from '@nestjs/common';
import {
  bookmarkIdSchema,
  bookmarkKindSchema,
  bookmarkListQuerySchema,
  type BookmarkKind,
  type BookmarkListQuery,
} from '@pulse/contracts';
import { ZodPipe } from '@pulse/platform';
import { TooManyRequestsFilter } from '../abuse/too-many-requests.filter';
import type { Actor } from '../identity/actor-resolver';
import { ClientIp, CurrentActor } from '../identity/actor.decorator';
import { BookmarksService } from './bookmarks.service';

const PRIVATE = 'private, no-store';

/** The identity's bookmarks (ENDPOINTS myBookmarks, bookmark, unbookmark). Its own: never cached by anyone. */
@UseFilters(TooManyRequestsFilter)
@Controller('/api/community/me/bookmarks')
export class BookmarksController {
  constructor(private readonly bookmarks: BookmarksService) {}

  @Get()
  @Header('cache-control', PRIVATE)
  list(@CurrentActor() actor: Actor, @Query(new ZodPipe(bookmarkListQuerySchema)) query: BookmarkListQuery) {
    return this.bookmarks.list(actor, query);
  }

  @Put(':kind/:id')
  @Header('cache-control', PRIVATE)
  bookmark(
    @CurrentActor() actor: Actor,
    @ClientIp() ip: string,
    @Param('kind', new ZodPipe(bookmarkKindSchema)) kind: BookmarkKind,
    @Param('id', new ZodPipe(bookmarkIdSchema)) id: string,
  ) {
    return this.bookmarks.bookmark(actor, ip, kind, id);
  }

  @Delete(':kind/:id')
  @Header('cache-control', PRIVATE)
  unbookmark(
    @CurrentActor() actor: Actor,
    @ClientIp() ip: string,
    @Param('kind', new ZodPipe(bookmarkKindSchema)) kind: BookmarkKind,
    @Param('id', new ZodPipe(bookmarkIdSchema)) id: string,
  ) {
    return this.bookmarks.unbookmark(actor, ip, kind, id);
  }
}

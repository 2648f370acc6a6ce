import { Body, Controller, Delete, Get, HttpCode, Param, Post, Res, UseGuards } from '@nestjs/common';
import { AdminGuard, MODERATION_ROLES, StaffRoles, ZodPipe } from '@pulse/platform';
import type { FastifyReply } from 'fastify';
import { withRetryAfter } from './engagement-caps';
import { EngagementFiguresService } from './engagement-figures.service';
import { LikesService } from './likes.service';
import { Reader, ReaderHash } from './reader-hash.decorator';
import type { ReaderContext } from './reader-sessions';
import { SharesService } from './shares.service';
import { ViewsService } from './views.service';
import {
  idParamSchema,
  likeBodySchema,
  shareBodySchema,
  type LikeBody,
  type ShareBody,
} from '@pulse/contracts';

/**
 * docs/spec-content.md §7: view and share on an article. The seed shows neither response ('not shown'); chosen:
 * ArticleViewResponse {counted, views, reason?} and ShareResponse {sharesCount, counted?, reason?}, both 200.
 */
@Controller('/api/articles')
export class ArticleEngagementController {
  constructor(
    private readonly views: ViewsService,
    private readonly shares: SharesService,
  ) {}

  @Post(':id/view')
  @HttpCode(200)
  view(@Param('id', new ZodPipe(idParamSchema)) id: string, @Reader() reader: ReaderContext) {
    return this.views.view(id, reader);
  }

  @Post(':id/share')
  @HttpCode(200)
  // The body comes before the id on purpose: Nest runs the last argument's pipe first, so a bad id is
  // answered before a bad body, as it was when the service read both.
  share(
    @Body(new ZodPipe(shareBodySchema)) body: ShareBody,
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Reader() reader: ReaderContext,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return withRetryAfter(reply, this.shares.share(id, body, reader));
  }
}

/**
 * docs/spec-content.md §7: like, unlike and like status of an article. Like and unlike answer LikeResponse (body
 * 'not shown' by the seed; chosen, docs/design.md §11.8). Status depends on the reader cookie: never cached.
 */
@Controller('/api/interactions')
export class InteractionsController {
  constructor(private readonly likes: LikesService) {}

  @Post('like')
  @HttpCode(200)
  like(
    @Body(new ZodPipe(likeBodySchema)) body: LikeBody,
    @Reader() reader: ReaderContext,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return withRetryAfter(reply, this.likes.like(body, reader));
  }

  @Delete('unlike')
  @HttpCode(200)
  unlike(
    @Body(new ZodPipe(likeBodySchema)) body: LikeBody,
    @Reader() reader: ReaderContext,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return withRetryAfter(reply, this.likes.unlike(body, reader));
  }

  /** Issues the reader's session when it has none (the page reads it on load, before any click). */
  @Get('status/:id')
  status(
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @ReaderHash() reader: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    void reply.header('cache-control', 'private, no-store');
    return this.likes.status(id, reader);
  }
}

/** The raw and counted engagement of an article, for editors (docs/abuse/engagement.md). */
@Controller('/api/content/admin/articles')
@UseGuards(AdminGuard)
export class EngagementFiguresController {
  constructor(private readonly figures: EngagementFiguresService) {}

  @Get(':id/engagement')
  @StaffRoles(...MODERATION_ROLES)
  engagement(@Param('id', new ZodPipe(idParamSchema)) id: string) {
    return this.figures.of(id);
  }
}

import { Body, Controller, Delete, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { LikesService } from './likes.service';
import { ReaderHash } from './reader-hash.decorator';
import { SharesService, TooManySharesException } from './shares.service';
import { ViewsService } from './views.service';

/**
 * docs/spec-content.md §7: view and share on an article. The seed shows neither response ('not shown'); chosen:
 * ArticleViewResponse {counted, views} and ShareResponse {sharesCount}, both 200.
 */
@Controller('/api/articles')
export class ArticleEngagementController {
  constructor(
    private readonly views: ViewsService,
    private readonly shares: SharesService,
  ) {}

  @Post(':id/view')
  @HttpCode(200)
  view(@Param('id') id: string, @ReaderHash() reader: string) {
    return this.views.view(id, reader);
  }

  @Post(':id/share')
  @HttpCode(200)
  async share(
    @Param('id') id: string,
    @Body() body: unknown,
    @ReaderHash() reader: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    try {
      return await this.shares.share(id, body, reader);
    } catch (error) {
      if (error instanceof TooManySharesException)
        void reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
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
  like(@Body() body: unknown, @ReaderHash() reader: string) {
    return this.likes.like(body, reader);
  }

  @Delete('unlike')
  @HttpCode(200)
  unlike(@Body() body: unknown, @ReaderHash() reader: string) {
    return this.likes.unlike(body, reader);
  }

  @Get('status/:id')
  status(
    @Param('id') id: string,
    @ReaderHash() reader: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    void reply.header('cache-control', 'private, no-store');
    return this.likes.status(id, reader);
  }
}

import { Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { AdminGuard, MODERATION_ROLES, StaffRoles, ZodPipe } from '@pulse/platform';
import type { FastifyReply } from 'fastify';
import { CommentModerationService } from './comment-moderation.service';
import { idParamSchema, type ModerationQueueQuery, moderationQueueQuerySchema } from '@pulse/contracts';

/** Comment moderation behind `Authorization: Bearer $ADMIN_TOKEN` (as the Q&A's, services/community/README.md 'Moderation'). */
@Controller('/api/community/admin')
@UseGuards(AdminGuard)
@StaffRoles(...MODERATION_ROLES)
export class CommentsAdminController {
  constructor(private readonly moderation: CommentModerationService) {}

  @Get('moderation/comments')
  queue(
    @Query(new ZodPipe(moderationQueueQuerySchema)) query: ModerationQueueQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    void reply.header('cache-control', 'private, no-store');
    return this.moderation.queue(query);
  }

  @Post('comments/:id/hide')
  @HttpCode(200)
  hide(@Param('id', new ZodPipe(idParamSchema)) id: string) {
    return this.moderation.setVisibility(id, 'hidden');
  }

  @Post('comments/:id/restore')
  @HttpCode(200)
  restore(@Param('id', new ZodPipe(idParamSchema)) id: string) {
    return this.moderation.setVisibility(id, 'visible');
  }
}

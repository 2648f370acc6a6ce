import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { AdminGuard, AuditAction, MODERATION_ROLES, StaffRoles, ZodPipe } from '@pulse/platform';
import type { FastifyReply } from 'fastify';
import { ModerationService } from './moderation.service';
import {
  type ModerationQueueQuery,
  moderationQueueQuerySchema,
  type SuspendBody,
  suspendBodySchema,
  type AnalyticsQuery,
  analyticsQuerySchema,
  idParamSchema,
} from '@pulse/contracts';

/** The moderation and analytics API behind `Authorization: Bearer $ADMIN_TOKEN` (401/403, 503 when unset). */
@Controller('/api/community/admin')
@UseGuards(AdminGuard)
@StaffRoles(...MODERATION_ROLES)
export class AdminController {
  constructor(private readonly moderation: ModerationService) {}

  @Get('moderation')
  queue(
    @Query(new ZodPipe(moderationQueueQuerySchema)) query: ModerationQueueQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    void reply.header('cache-control', 'private, no-store');
    return this.moderation.queue(query);
  }

  @Post('questions/:id/hide')
  @HttpCode(200)
  @AuditAction('question.hide')
  hideQuestion(@Param('id', new ZodPipe(idParamSchema)) id: string) {
    return this.moderation.setVisibility('question', id, 'hidden');
  }

  @Post('questions/:id/restore')
  @HttpCode(200)
  @AuditAction('question.restore')
  restoreQuestion(@Param('id', new ZodPipe(idParamSchema)) id: string) {
    return this.moderation.setVisibility('question', id, 'visible');
  }

  @Post('answers/:id/hide')
  @HttpCode(200)
  @AuditAction('answer.hide')
  hideAnswer(@Param('id', new ZodPipe(idParamSchema)) id: string) {
    return this.moderation.setVisibility('answer', id, 'hidden');
  }

  @Post('answers/:id/restore')
  @HttpCode(200)
  @AuditAction('answer.restore')
  restoreAnswer(@Param('id', new ZodPipe(idParamSchema)) id: string) {
    return this.moderation.setVisibility('answer', id, 'visible');
  }

  @Post('identities/:id/suspend')
  @HttpCode(200)
  @AuditAction('identity.suspend')
  suspend(
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Body(new ZodPipe(suspendBodySchema)) body: SuspendBody,
  ) {
    return this.moderation.suspend(id, body);
  }

  @Post('identities/:id/reinstate')
  @HttpCode(200)
  @AuditAction('identity.reinstate')
  reinstate(@Param('id', new ZodPipe(idParamSchema)) id: string) {
    return this.moderation.reinstate(id);
  }

  @Post('identities/:id/expert')
  @HttpCode(200)
  grantExpert(@Param('id', new ZodPipe(idParamSchema)) id: string) {
    return this.moderation.grantExpert(id);
  }

  @Get('analytics')
  analytics(
    @Query(new ZodPipe(analyticsQuerySchema)) query: AnalyticsQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    void reply.header('cache-control', 'private, no-store');
    return this.moderation.analytics(query);
  }
}

import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { AdminGuard, AuditAction, MODERATION_ROLES, Staff, StaffRoles, ZodPipe } from '@pulse/platform';
import { InsightAuthoringService } from './insight-authoring.service';
import {
  type AdminListQuery,
  adminListQuerySchema,
  type CreateInsightBody,
  createInsightBodySchema,
  type UpdateInsightBody,
  updateInsightBodySchema,
  idParamSchema,
  type StaffPrincipal,
  type WithdrawBody,
  withdrawBodySchema,
} from '@pulse/contracts';

/** Admin authoring of insights (chosen paths; docs/design.md §10: admins only). */
@Controller('/api/content/admin/insights')
@UseGuards(AdminGuard)
export class InsightAuthoringController {
  constructor(private readonly insights: InsightAuthoringService) {}

  @Get()
  @StaffRoles(...MODERATION_ROLES)
  list(@Query(new ZodPipe(adminListQuerySchema)) query: AdminListQuery) {
    return this.insights.list(query);
  }

  @Get(':id')
  @StaffRoles(...MODERATION_ROLES)
  get(@Param('id', new ZodPipe(idParamSchema)) id: string) {
    return this.insights.get(id);
  }

  @Get(':id/revisions')
  @StaffRoles(...MODERATION_ROLES)
  revisions(@Param('id', new ZodPipe(idParamSchema)) id: string) {
    return this.insights.revisionsOf(id);
  }

  @Post()
  create(
    @Staff() staff: StaffPrincipal,
    @Body(new ZodPipe(createInsightBodySchema)) body: CreateInsightBody,
  ) {
    return this.insights.create(body, staff);
  }

  @Patch(':id')
  update(
    @Staff() staff: StaffPrincipal,
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Body(new ZodPipe(updateInsightBodySchema)) body: UpdateInsightBody,
  ) {
    return this.insights.update(id, body, staff);
  }

  @Post(':id/publish')
  @HttpCode(200)
  @AuditAction('insight.publish')
  publish(@Staff() staff: StaffPrincipal, @Param('id', new ZodPipe(idParamSchema)) id: string) {
    return this.insights.publish(id, staff);
  }

  /** Takes a published insight down with a reason; its address then answers 410. */
  @Post(':id/withdraw')
  @HttpCode(200)
  @AuditAction('insight.withdraw')
  withdraw(
    @Staff() staff: StaffPrincipal,
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Body(new ZodPipe(withdrawBodySchema)) body: WithdrawBody,
  ) {
    return this.insights.withdraw(id, body, staff);
  }
}

import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { AdminGuard, MODERATION_ROLES, StaffRoles, ZodPipe } from '@pulse/platform';
import { InsightAuthoringService } from './insight-authoring.service';
import {
  type AdminListQuery,
  adminListQuerySchema,
  type CreateInsightBody,
  createInsightBodySchema,
  type UpdateInsightBody,
  updateInsightBodySchema,
  idParamSchema,
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

  @Post()
  create(@Body(new ZodPipe(createInsightBodySchema)) body: CreateInsightBody) {
    return this.insights.create(body);
  }

  @Patch(':id')
  update(
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Body(new ZodPipe(updateInsightBodySchema)) body: UpdateInsightBody,
  ) {
    return this.insights.update(id, body);
  }

  @Post(':id/publish')
  @HttpCode(200)
  publish(@Param('id', new ZodPipe(idParamSchema)) id: string) {
    return this.insights.publish(id);
  }
}

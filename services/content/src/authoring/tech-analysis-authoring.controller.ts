import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, UseGuards } from '@nestjs/common';
import { AdminGuard, AuditAction, MODERATION_ROLES, Staff, StaffRoles, ZodPipe } from '@pulse/platform';
import { TechAnalysisAuthoringService } from './tech-analysis-authoring.service';
import {
  type AdminListQuery,
  adminListQuerySchema,
  type CreateTechAnalysisBody,
  createTechAnalysisBodySchema,
  type UpdateTechAnalysisBody,
  updateTechAnalysisBodySchema,
  idParamSchema,
  type StaffPrincipal,
  type WithdrawBody,
  withdrawBodySchema,
} from '@pulse/contracts';

/** Admin authoring of tech analyses (chosen paths; docs/design.md §10: admins only). */
@Controller('/api/content/admin/tech-analyses')
@UseGuards(AdminGuard)
export class TechAnalysisAuthoringController {
  constructor(private readonly analyses: TechAnalysisAuthoringService) {}

  @Get()
  @StaffRoles(...MODERATION_ROLES)
  list(@Query(new ZodPipe(adminListQuerySchema)) query: AdminListQuery) {
    return this.analyses.list(query);
  }

  @Get(':id')
  @StaffRoles(...MODERATION_ROLES)
  get(@Param('id', new ZodPipe(idParamSchema)) id: string) {
    return this.analyses.get(id);
  }

  @Get(':id/revisions')
  @StaffRoles(...MODERATION_ROLES)
  revisions(@Param('id', new ZodPipe(idParamSchema)) id: string) {
    return this.analyses.revisionsOf(id);
  }

  @Post()
  create(
    @Staff() staff: StaffPrincipal,
    @Body(new ZodPipe(createTechAnalysisBodySchema)) body: CreateTechAnalysisBody,
  ) {
    return this.analyses.create(body, staff);
  }

  @Patch(':id')
  update(
    @Staff() staff: StaffPrincipal,
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Body(new ZodPipe(updateTechAnalysisBodySchema)) body: UpdateTechAnalysisBody,
  ) {
    return this.analyses.update(id, body, staff);
  }

  @Post(':id/publish')
  @HttpCode(200)
  @AuditAction('tech-analysis.publish')
  publish(@Staff() staff: StaffPrincipal, @Param('id', new ZodPipe(idParamSchema)) id: string) {
    return this.analyses.publish(id, staff);
  }

  /** Takes a published analysis down with a reason; its address then answers 410. */
  @Post(':id/withdraw')
  @HttpCode(200)
  @AuditAction('tech-analysis.withdraw')
  withdraw(
    @Staff() staff: StaffPrincipal,
    @Param('id', new ZodPipe(idParamSchema)) id: string,
    @Body(new ZodPipe(withdrawBodySchema)) body: WithdrawBody,
  ) {
    return this.analyses.withdraw(id, body, staff);
  }
}

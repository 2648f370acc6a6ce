import { Body, Controller, Get, Post, UseGuards } from '@nestjs/common';
import { AdminGuard, MODERATION_ROLES, Staff, StaffRoles, ZodPipe } from '@pulse/platform';
import { DraftingService } from './drafting.service';
import {
  type DraftInsightBody,
  draftInsightBodySchema,
  type DraftAnalysisBody,
  draftAnalysisBodySchema,
  type StaffPrincipal,
} from '@pulse/contracts';

/**
 * LLM drafts (chosen paths; admins only). Synchronous: the answer is the stored draft. `npm run draft`
 * (draft.main.ts) is a thin client of these two calls.
 */
@Controller('/api/content/admin/drafts')
@UseGuards(AdminGuard)
export class DraftsController {
  constructor(private readonly drafting: DraftingService) {}

  /** Whether an LLM is configured, so a screen offers drafting only where it can work. */
  @Get('capability')
  @StaffRoles(...MODERATION_ROLES)
  capability() {
    return this.drafting.capability();
  }

  @Post('insight')
  insight(@Staff() staff: StaffPrincipal, @Body(new ZodPipe(draftInsightBodySchema)) body: DraftInsightBody) {
    return this.drafting.draftInsight(body, staff);
  }

  @Post('analysis')
  analysis(
    @Staff() staff: StaffPrincipal,
    @Body(new ZodPipe(draftAnalysisBodySchema)) body: DraftAnalysisBody,
  ) {
    return this.drafting.draftAnalysis(body, staff);
  }
}

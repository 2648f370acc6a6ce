import { Body, Controller, Post, UseGuards } from '@nestjs/common';
import { AdminGuard, ZodPipe } from '@pulse/platform';
import { DraftingService } from './drafting.service';
import {
  type DraftInsightBody,
  draftInsightBodySchema,
  type DraftAnalysisBody,
  draftAnalysisBodySchema,
} from '@pulse/contracts';

/**
 * LLM drafts (chosen paths; admins only). Synchronous: the answer is the stored draft. `npm run draft`
 * (draft.main.ts) is a thin client of these two calls.
 */
@Controller('/api/content/admin/drafts')
@UseGuards(AdminGuard)
export class DraftsController {
  constructor(private readonly drafting: DraftingService) {}

  @Post('insight')
  insight(@Body(new ZodPipe(draftInsightBodySchema)) body: DraftInsightBody) {
    return this.drafting.draftInsight(body);
  }

  @Post('analysis')
  analysis(@Body(new ZodPipe(draftAnalysisBodySchema)) body: DraftAnalysisBody) {
    return this.drafting.draftAnalysis(body);
  }
}

import { Body, Controller, Post, UseGuards } from '@nestjs/common';
import { AdminGuard } from '@pulse/platform';
import { DraftingService } from './drafting.service';

/**
 * LLM drafts (chosen paths; admins only). Synchronous: the answer is the stored draft. `npm run draft`
 * (draft.main.ts) is a thin client of these two calls.
 */
@Controller('/api/content/admin/drafts')
@UseGuards(AdminGuard)
export class DraftsController {
  constructor(private readonly drafting: DraftingService) {}

  @Post('insight')
  insight(@Body() body: unknown) {
    return this.drafting.draftInsight(body);
  }

  @Post('analysis')
  analysis(@Body() body: unknown) {
    return this.drafting.draftAnalysis(body);
  }
}

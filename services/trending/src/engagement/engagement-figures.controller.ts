import { Controller, Get, Header, Query, UseGuards } from '@nestjs/common';
import { engagementFiguresQuerySchema } from '@pulse/contracts';
import { AdminGuard, MODERATION_ROLES, StaffRoles, ZodPipe } from '@pulse/platform';
import type { z } from 'zod';
import { EngagementFiguresService } from './engagement-figures.service';

/** Where editors read the rigging filter's effect (docs/abuse/engagement.md): raw beside counted. */
@Controller('/api/trending/admin')
@UseGuards(AdminGuard)
export class EngagementFiguresController {
  constructor(private readonly figures: EngagementFiguresService) {}

  @Get('engagement')
  @StaffRoles(...MODERATION_ROLES)
  @Header('cache-control', 'private, no-store')
  engagement(
    @Query(new ZodPipe(engagementFiguresQuerySchema)) query: z.output<typeof engagementFiguresQuerySchema>,
  ) {
    return this.figures.hottest(query);
  }
}

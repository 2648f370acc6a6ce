import { Controller, Get, Header, Query, UseGuards } from '@nestjs/common';
import { AdminGuard } from '@pulse/platform';
import { EngagementFiguresService } from './engagement-figures.service';

/** Where editors read the rigging filter's effect (docs/abuse/engagement.md): raw beside counted. */
@Controller('/api/trending/admin')
@UseGuards(AdminGuard)
export class EngagementFiguresController {
  constructor(private readonly figures: EngagementFiguresService) {}

  @Get('engagement')
  @Header('cache-control', 'private, no-store')
  engagement(@Query() query: unknown) {
    return this.figures.hottest(query);
  }
}

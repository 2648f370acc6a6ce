import { Controller, Get } from '@nestjs/common';
import { BadgesService } from './badges.service';

/** GET /api/community/badges: the rules, as the README states them. */
@Controller('/api/community/badges')
export class BadgesController {
  constructor(private readonly badges: BadgesService) {}

  @Get()
  catalogue() {
    return this.badges.catalogue();
  }
}

import { Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { AdminGuard, MODERATION_ROLES, StaffRoles } from '@pulse/platform';
import { SearchReindexService } from './search-reindex.service';

/** Rebuilding the article search index on demand (admins only; chosen paths). */
@Controller('/api/content/admin/search/reindex')
@UseGuards(AdminGuard)
export class SearchReindexController {
  constructor(private readonly reindex: SearchReindexService) {}

  @Get()
  @StaffRoles(...MODERATION_ROLES)
  current() {
    return this.reindex.current();
  }

  /** 202: the run goes on after the answer; GET follows it. */
  @Post()
  @HttpCode(202)
  start() {
    return this.reindex.start();
  }
}

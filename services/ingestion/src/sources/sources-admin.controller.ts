import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { AdminGuard, MODERATION_ROLES, StaffRoles } from '@pulse/platform';
import { SourcesService } from './sources.service';

/** The sources as the admin sees them: how each is fetched, and its last run's own error message. */
@Controller('/api/ingestion/admin/sources')
@UseGuards(AdminGuard)
export class SourcesAdminController {
  constructor(private readonly sources: SourcesService) {}

  @Get()
  @StaffRoles(...MODERATION_ROLES)
  @Header('cache-control', 'private, no-store')
  list() {
    return this.sources.listForAdmin();
  }
}

import { Controller, Get, Header, Query, UseGuards } from '@nestjs/common';
import { listRunsQuerySchema, type ListRunsQuery } from '@pulse/contracts';
import { AdminGuard, MODERATION_ROLES, StaffRoles, ZodPipe } from '@pulse/platform';
import { RunsService } from './runs.service';

/**
 * The runs with each failure's own message (resolver and TLS words, addresses, store errors), which the
 * public list shows only as a category. Admin-only, and never kept by a shared cache.
 */
@Controller('/api/ingestion/admin/runs')
@UseGuards(AdminGuard)
export class RunsAdminController {
  constructor(private readonly runs: RunsService) {}

  @Get()
  @StaffRoles(...MODERATION_ROLES)
  @Header('cache-control', 'private, no-store')
  list(@Query(new ZodPipe(listRunsQuerySchema)) query: ListRunsQuery) {
    return this.runs.listForAdmin(query);
  }
}

import { Controller, Get, Header, Query, UseGuards } from '@nestjs/common';
import { STAFF_AUDIT_PATH, staffAuditQuerySchema, type StaffAuditQuery } from '@pulse/contracts';
import { AdminGuard, ZodPipe } from '@pulse/platform';
import { StaffAuditService } from './staff-audit.service';

/**
 * The audit log, for owners and editors (AdminGuard's default roles). Not moderators: the log holds every
 * staff member's addresses and browsers, and it is how the people who appoint moderators check on them
 * (docs/admin.md 'Audit log').
 */
@Controller(STAFF_AUDIT_PATH)
@UseGuards(AdminGuard)
export class StaffAuditController {
  constructor(private readonly audit: StaffAuditService) {}

  @Get()
  @Header('cache-control', 'private, no-store')
  page(@Query(new ZodPipe(staffAuditQuerySchema)) query: StaffAuditQuery) {
    return this.audit.page(query);
  }
}

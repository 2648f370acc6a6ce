import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { SERVICE_CONFIG } from '../nest/tokens';
import type { AdminConfig } from './admin.config';
import { ADMIN_CONFIG, AdminGuard } from './admin.guard';
import { StaffActionRecorder } from './audit/staff-action.recorder';
import { StaffAudit } from './audit/staff-audit';
import { StaffAuditInterceptor } from './audit/staff-audit.interceptor';

/**
 * Import it into a feature module whose controllers use `@UseGuards(AdminGuard)`, and list
 * `admin: adminConfigSchema` in the service definition's `config`, so ADMIN_TOKEN is validated at
 * start (a bad one stops the process with one line naming it) and shown in the README's table.
 * It also records every staff change in the audit log (audit/, docs/admin.md 'Audit log'): the
 * interceptor app-wide, StaffAudit for handlers that add before and after.
 */
@Module({
  providers: [
    {
      provide: ADMIN_CONFIG,
      inject: [SERVICE_CONFIG],
      useFactory: (config: { admin?: AdminConfig }): AdminConfig => {
        if (!config.admin)
          throw new Error(
            "AdminAuthModule needs `admin: adminConfigSchema` in the service definition's config",
          );
        return config.admin;
      },
    },
    AdminGuard,
    StaffActionRecorder,
    StaffAudit,
    { provide: APP_INTERCEPTOR, useClass: StaffAuditInterceptor },
  ],
  exports: [ADMIN_CONFIG, AdminGuard, StaffActionRecorder, StaffAudit],
})
export class AdminAuthModule {}

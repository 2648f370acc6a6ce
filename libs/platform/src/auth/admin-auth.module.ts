import { Module } from '@nestjs/common';
import { SERVICE_CONFIG } from '../nest/tokens';
import type { AdminConfig } from './admin.config';
import { ADMIN_CONFIG, AdminGuard } from './admin.guard';

/**
 * Import it into a feature module whose controllers use `@UseGuards(AdminGuard)`, and list
 * `admin: adminConfigSchema` in the service definition's `config`, so ADMIN_TOKEN is validated at
 * start (a bad one stops the process with one line naming it) and shown in the README's table.
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
  ],
  exports: [ADMIN_CONFIG, AdminGuard],
})
export class AdminAuthModule {}

import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, LOGGER, type Clock } from '@pulse/platform';
import type { Logger } from 'pino';
import { HourlyRetention } from '../retention/hourly-retention';
import { StaffAuditService } from './staff-audit.service';

/** Removes audit entries past AUDIT_RETENTION_DAYS at start and every hour after. */
@Injectable()
export class AuditRetention extends HourlyRetention {
  constructor(
    private readonly audit: StaffAuditService,
    @Inject(CLOCK) clock: Clock,
    @Inject(LOGGER) logger: Logger,
  ) {
    super(clock, logger, 'audit entries');
  }

  protected purgeExpired(): Promise<number> {
    return this.audit.purgeExpired();
  }
}

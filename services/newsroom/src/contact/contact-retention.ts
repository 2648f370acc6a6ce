import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, LOGGER, type Clock } from '@pulse/platform';
import type { Logger } from 'pino';
import { HourlyRetention } from '../retention/hourly-retention';
import { ContactService } from './contact.service';

/** Removes readers' messages past CONTACT_RETENTION_DAYS at start and every hour after. */
@Injectable()
export class ContactRetention extends HourlyRetention {
  constructor(
    private readonly contact: ContactService,
    @Inject(CLOCK) clock: Clock,
    @Inject(LOGGER) logger: Logger,
  ) {
    super(clock, logger, 'contact messages');
  }

  protected purgeExpired(): Promise<number> {
    return this.contact.purgeExpired();
  }
}

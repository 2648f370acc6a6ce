import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { AdminGuard } from '@pulse/platform';
import { SubscriberOverviewService } from './subscriber-overview.service';

/** Subscriber counts for the admin's newsletter screen (Bearer ADMIN_TOKEN); no address leaves here. */
@Controller('/api/newsletter/admin/subscribers')
@UseGuards(AdminGuard)
export class SubscribersAdminController {
  constructor(private readonly overview: SubscriberOverviewService) {}

  @Get()
  @Header('cache-control', 'no-store')
  get() {
    return this.overview.overview();
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { SubscriberOverviewResponse } from '@pulse/contracts';
import { CLOCK, type Clock } from '@pulse/platform';
import { nextDue } from '../editions/edition-calendar';
import { NEWSLETTER_CONFIG, type NewsletterConfig } from '../newsletter.config';
import { SubscribersRepository } from './subscribers.repository';

/** The editor's view of the list: how many are in each state, and when the schedule mails next. */
@Injectable()
export class SubscriberOverviewService {
  constructor(
    private readonly subscribers: SubscribersRepository,
    @Inject(NEWSLETTER_CONFIG) private readonly config: NewsletterConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async overview(): Promise<SubscriberOverviewResponse> {
    const now = this.clock.now();
    return {
      subscribers: await this.subscribers.counts(),
      schedule: {
        on: this.config.NEWSLETTER_SCHEDULE === 'on',
        next: { daily: nextDue('daily', now).dueAt, weekly: nextDue('weekly', now).dueAt },
      },
    };
  }
}

import { Global, Module, type DynamicModule } from '@nestjs/common';
import { TrendingReadClient } from '@pulse/contracts';
import {
  AdminAuthModule,
  CLOCK,
  LEASES,
  networkPrefixesOf,
  provideLeases,
  SERVICE_CONFIG,
  systemClock,
  type Clock,
  type NetworkConfig,
} from '@pulse/platform';
import { EditionBuilder, TRENDING_CLIENT } from './editions/edition-builder';
import { EditionSchedule } from './editions/edition-schedule';
import { EditionsController } from './editions/editions.controller';
import { EditionsRepository } from './editions/editions.repository';
import { EditionsService } from './editions/editions.service';
import { EditionTestSendService } from './editions/edition-test-send.service';
import { LinkTokens } from './links/link-tokens';
import { NewsletterSettingsRepository } from './links/newsletter-settings.repository';
import { NEWSLETTER_CONFIG, NEWSLETTER_NETWORKS, type NewsletterConfig } from './newsletter.config';
import { FormBodyParsers } from './pages/form-body';
import { PagesController } from './pages/pages.controller';
import { PagesService } from './pages/pages.service';
import { DigestMailFactory } from './sending/digest-mail.factory';
import { SenderService } from './sending/sender.service';
import { SendsRepository } from './sending/sends.repository';
import { SubscribeLimits } from './subscribers/subscribe-limits';
import { SubscribersController } from './subscribers/subscribers.controller';
import { SubscriberOverviewService } from './subscribers/subscriber-overview.service';
import { SubscribersAdminController } from './subscribers/subscribers-admin.controller';
import { SubscribersRepository } from './subscribers/subscribers.repository';
import { SubscribersService } from './subscribers/subscribers.service';

/**
 * The newsletter service: double opt-in sign-up, preferences and one-click unsubscribe, editions built
 * from trending's read API, and a sender that mails each subscriber once per edition (ARCHITECTURE.md
 * 'Newsletter').
 */
@Module({})
export class NewsletterModule {
  /** On the system clock (the service definition) or a settable one (tests). */
  static withClock(clock: Clock = systemClock): DynamicModule {
    return {
      module: NewsletterModule,
      imports: [NewsletterCoreModule.with(clock), AdminAuthModule],
      controllers: [SubscribersController, SubscribersAdminController, PagesController, EditionsController],
      providers: [
        FormBodyParsers,
        NewsletterSettingsRepository,
        LinkTokens,
        SubscribersRepository,
        SubscribeLimits,
        SubscribersService,
        SubscriberOverviewService,
        EditionsRepository,
        EditionBuilder,
        EditionsService,
        EditionTestSendService,
        EditionSchedule,
        SendsRepository,
        DigestMailFactory,
        SenderService,
        PagesService,
      ],
    };
  }
}

@Global()
@Module({})
class NewsletterCoreModule {
  static with(clock: Clock): DynamicModule {
    return {
      module: NewsletterCoreModule,
      providers: [
        { provide: CLOCK, useValue: clock },
        // Editions are claimed through leases in the store, so replicas make and queue each once.
        provideLeases(),
        {
          provide: NEWSLETTER_CONFIG,
          inject: [SERVICE_CONFIG],
          useFactory: (config: { newsletter: NewsletterConfig }) => config.newsletter,
        },
        {
          provide: NEWSLETTER_NETWORKS,
          inject: [SERVICE_CONFIG],
          useFactory: (config: { network: NetworkConfig }) => networkPrefixesOf(config.network),
        },
        {
          provide: TRENDING_CLIENT,
          inject: [NEWSLETTER_CONFIG],
          useFactory: (config: NewsletterConfig) => new TrendingReadClient(config.NEWSLETTER_TRENDING_URL),
        },
      ],
      exports: [CLOCK, LEASES, NEWSLETTER_CONFIG, NEWSLETTER_NETWORKS, TRENDING_CLIENT],
    };
  }
}

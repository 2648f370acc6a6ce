import { SERVICE_HTTP_PREFIXES } from '@pulse/contracts';
import {
  adminConfigSchema,
  networkConfigSchema,
  scheduleLeaseConfigSchema,
  type ServiceDefinition,
} from '@pulse/platform';
import { newsletterConfigSchema } from './newsletter.config';
import { NewsletterModule } from './newsletter.module';

export const newsletterService: ServiceDefinition = {
  name: 'newsletter',
  module: NewsletterModule.withClock(),
  uses: ['bus', 'store', 'cache', 'mailer'],
  defaultPort: 3106,
  httpPrefixes: SERVICE_HTTP_PREFIXES.newsletter,
  config: {
    newsletter: newsletterConfigSchema,
    admin: adminConfigSchema,
    network: networkConfigSchema,
    leases: scheduleLeaseConfigSchema,
  },
};

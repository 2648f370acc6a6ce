import { SERVICE_HTTP_PREFIXES } from '@pulse/contracts';
import type { ServiceDefinition } from '@pulse/platform';
import { NewsletterModule } from './newsletter.module';

export const newsletterService: ServiceDefinition = {
  name: 'newsletter',
  module: NewsletterModule,
  uses: ['bus', 'store', 'mailer'],
  defaultPort: 3106,
  httpPrefixes: SERVICE_HTTP_PREFIXES.newsletter,
};

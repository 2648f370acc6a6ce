import { SERVICE_HTTP_PREFIXES } from '@pulse/contracts';
import { adminConfigSchema, type ServiceDefinition } from '@pulse/platform';
import { siteConfigSchema } from './content.config';
import { ContentModule } from './content.module';

export const contentService: ServiceDefinition = {
  name: 'content',
  module: ContentModule.withClock(),
  uses: ['bus', 'store', 'search', 'cache', 'images', 'llm'],
  defaultPort: 3101,
  httpPrefixes: SERVICE_HTTP_PREFIXES.content,
  config: {
    site: siteConfigSchema,
    admin: adminConfigSchema,
  },
};

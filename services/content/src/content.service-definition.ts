import { SERVICE_HTTP_PREFIXES } from '@pulse/contracts';
import type { ServiceDefinition } from '@pulse/platform';
import { ContentModule } from './content.module';

export const contentService: ServiceDefinition = {
  name: 'content',
  module: ContentModule,
  uses: ['bus', 'store', 'search', 'cache', 'images'],
  defaultPort: 3101,
  httpPrefixes: SERVICE_HTTP_PREFIXES.content,
};

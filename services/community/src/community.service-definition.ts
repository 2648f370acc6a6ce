import { SERVICE_HTTP_PREFIXES } from '@pulse/contracts';
import type { ServiceDefinition } from '@pulse/platform';
import { CommunityModule } from './community.module';

export const communityService: ServiceDefinition = {
  name: 'community',
  module: CommunityModule,
  uses: ['bus', 'store', 'search', 'cache', 'llm'],
  defaultPort: 3105,
  httpPrefixes: SERVICE_HTTP_PREFIXES.community,
};

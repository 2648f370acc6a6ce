import { SERVICE_HTTP_PREFIXES } from '@pulse/contracts';
import { adminConfigSchema, networkConfigSchema, type ServiceDefinition } from '@pulse/platform';
import { assistantConfigSchema } from './assistant/assistant.config';
import { communityConfigSchema } from './community.config';
import { CommunityModule } from './community.module';
import { trustConfigSchema } from './trust/trust.config';

export const communityService: ServiceDefinition = {
  name: 'community',
  module: CommunityModule.withClock(),
  uses: ['bus', 'store', 'search', 'cache', 'llm'],
  defaultPort: 3105,
  httpPrefixes: SERVICE_HTTP_PREFIXES.community,
  config: {
    community: communityConfigSchema,
    assistant: assistantConfigSchema,
    admin: adminConfigSchema,
    trust: trustConfigSchema,
    network: networkConfigSchema,
  },
};

import { SERVICE_HTTP_PREFIXES } from '@pulse/contracts';
import { adminConfigSchema, networkConfigSchema, type ServiceDefinition } from '@pulse/platform';
import { newsroomConfigSchema } from './newsroom.config';
import { NewsroomModule } from './newsroom.module';

export const newsroomService: ServiceDefinition = {
  name: 'newsroom',
  module: NewsroomModule.withClock(),
  uses: ['store'],
  defaultPort: 3107,
  httpPrefixes: SERVICE_HTTP_PREFIXES.newsroom,
  // admin: the owner's account routes (AdminGuard), and STAFF_ASSERTION_SECRET for the gateway's lookups.
  config: { newsroom: newsroomConfigSchema, admin: adminConfigSchema, network: networkConfigSchema },
};

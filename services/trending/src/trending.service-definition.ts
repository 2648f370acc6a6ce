import { SERVICE_HTTP_PREFIXES } from '@pulse/contracts';
import { adminConfigSchema, scheduleLeaseConfigSchema, type ServiceDefinition } from '@pulse/platform';
import { trendingConfigSchema } from './trending.config';
import { TrendingModule } from './trending.module';

export const trendingService: ServiceDefinition = {
  name: 'trending',
  module: TrendingModule.withClock(),
  uses: ['bus', 'store', 'cache'],
  defaultPort: 3104,
  httpPrefixes: SERVICE_HTTP_PREFIXES.trending,
  // admin: the raw and counted engagement figures (EngagementFiguresController), and /readyz's details.
  config: { trending: trendingConfigSchema, admin: adminConfigSchema, leases: scheduleLeaseConfigSchema },
};

import { SERVICE_HTTP_PREFIXES } from '@pulse/contracts';
import { adminConfigSchema, networkConfigSchema, type ServiceDefinition } from '@pulse/platform';
import { newsroomConfigSchema } from './newsroom.config';
import { NewsroomModule } from './newsroom.module';

export const newsroomService: ServiceDefinition = {
  name: 'newsroom',
  module: NewsroomModule.withClock(),
  // bus: the staff actions every service records (staff.action.recorded), kept for the audit log.
  uses: ['bus', 'store'],
  defaultPort: 3107,
  httpPrefixes: SERVICE_HTTP_PREFIXES.newsroom,
  // admin: the owner's account routes (AdminGuard), and STAFF_ASSERTION_SECRET for the gateway's lookups.
  config: { newsroom: newsroomConfigSchema, admin: adminConfigSchema, network: networkConfigSchema },
};

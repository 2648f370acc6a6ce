import { SERVICE_HTTP_PREFIXES } from '@pulse/contracts';
import { adminConfigSchema, scheduleLeaseConfigSchema, type ServiceDefinition } from '@pulse/platform';
import { IngestionModule } from './ingestion.module';
import { ingestionConfigSchema } from './schedule/ingestion.config';

export const ingestionService: ServiceDefinition = {
  name: 'ingestion',
  module: IngestionModule,
  uses: ['bus', 'store', 'cache'],
  defaultPort: 3102,
  httpPrefixes: SERVICE_HTTP_PREFIXES.ingestion,
  config: { ingestion: ingestionConfigSchema, admin: adminConfigSchema, leases: scheduleLeaseConfigSchema },
};

import { SERVICE_HTTP_PREFIXES } from '@pulse/contracts';
import type { ServiceDefinition } from '@pulse/platform';
import { IngestionModule } from './ingestion.module';

export const ingestionService: ServiceDefinition = {
  name: 'ingestion',
  module: IngestionModule,
  uses: ['bus', 'store', 'cache'],
  defaultPort: 3102,
  httpPrefixes: SERVICE_HTTP_PREFIXES.ingestion,
};

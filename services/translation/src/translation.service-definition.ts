import { SERVICE_HTTP_PREFIXES } from '@pulse/contracts';
import { adminConfigSchema, type ServiceDefinition } from '@pulse/platform';
import { translationConfigSchema } from './translation.config';
import { TranslationModule } from './translation.module';

export const translationService: ServiceDefinition = {
  name: 'translation',
  module: TranslationModule,
  uses: ['bus', 'store', 'llm'],
  defaultPort: 3103,
  httpPrefixes: SERVICE_HTTP_PREFIXES.translation,
  config: { translation: translationConfigSchema, admin: adminConfigSchema },
};

import { Global, Module, type DynamicModule, type Provider } from '@nestjs/common';
import type { Logger } from 'pino';
import type { AdminConfig } from '../auth/admin.config';
import type { Adapter } from '../lifecycle';
import type { Outbox } from '../outbox/create-outbox';
import { outboxProviders } from '../outbox/nest/outbox.providers';
import { adaptersOf, type PortName, type PortSet } from '../runtime/port-set';
import { HealthController } from './health.controller';
import {
  CACHE_STORE,
  DOCUMENT_STORE,
  EVENT_BUS,
  IMAGE_GENERATOR,
  LANGUAGE_MODEL,
  LOGGER,
  MAILER,
  PORT_SET,
  SEARCH_INDEX,
  SERVICE_NAME,
  EXTRA_CHECKS,
  READINESS_ADMIN_TOKEN,
  SERVICE_CONFIG,
} from './tokens';

export interface PlatformModuleOptions {
  serviceName: string;
  ports: PortSet;
  logger: Logger;
  /** More things /readyz must see answering, e.g. the gateway's upstream services. */
  extraChecks?: Record<string, Adapter>;
  /** The service's own parsed settings (ServiceDefinition.config). */
  serviceConfig?: unknown;
  /** The service's outbox, made injectable as OUTBOX / OUTBOX_RELAY (createServiceApp builds it). */
  outbox?: Outbox;
  /**
   * The credential that may read /readyz's details when the service's own settings have none (the
   * gateway's ADMIN_TOKEN); a service's `admin` settings (adminConfigSchema) are used otherwise.
   */
  readinessAdminToken?: string;
}

const adminTokenOf = (serviceConfig: unknown): string | undefined =>
  (serviceConfig as { admin?: AdminConfig } | undefined)?.admin?.ADMIN_TOKEN;

/**
 * Makes the process's adapters injectable by token and adds /healthz and /readyz. The adapters are
 * built before Nest starts (see createServiceApp), so a bad configuration never gets this far.
 */
const PORT_TOKENS: Record<PortName, symbol> = {
  bus: EVENT_BUS,
  store: DOCUMENT_STORE,
  search: SEARCH_INDEX,
  cache: CACHE_STORE,
  mailer: MAILER,
  llm: LANGUAGE_MODEL,
  images: IMAGE_GENERATOR,
};

@Global()
@Module({})
export class PlatformModule {
  static forService(options: PlatformModuleOptions): DynamicModule {
    const { ports } = options;
    // Only the ports the service declared get a provider: injecting an undeclared one fails at start
    // with Nest's "can't resolve dependencies", instead of handing the service an undefined adapter.
    const portProviders: Provider[] = adaptersOf(ports).map(([name, adapter]) => ({
      provide: PORT_TOKENS[name],
      useValue: adapter,
    }));
    const providers: Provider[] = [
      { provide: SERVICE_NAME, useValue: options.serviceName },
      { provide: LOGGER, useValue: options.logger },
      { provide: PORT_SET, useValue: ports },
      { provide: EXTRA_CHECKS, useValue: options.extraChecks ?? {} },
      { provide: SERVICE_CONFIG, useValue: options.serviceConfig ?? {} },
      {
        provide: READINESS_ADMIN_TOKEN,
        useValue: options.readinessAdminToken ?? adminTokenOf(options.serviceConfig),
      },
      ...portProviders,
      ...outboxProviders(options.outbox),
    ];
    return {
      module: PlatformModule,
      controllers: [HealthController],
      providers,
      exports: providers,
    };
  }
}

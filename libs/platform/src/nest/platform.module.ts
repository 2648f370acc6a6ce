import { Global, Module, type DynamicModule, type Provider } from '@nestjs/common';
import type { Logger } from 'pino';
import type { Adapter } from '../lifecycle';
import type { PortSet } from '../runtime/port-set';
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
} from './tokens';

export interface PlatformModuleOptions {
  serviceName: string;
  ports: PortSet;
  logger: Logger;
  /** More things /readyz must see answering, e.g. the gateway's upstream services. */
  extraChecks?: Record<string, Adapter>;
}

/**
 * Makes the process's adapters injectable by token and adds /healthz and /readyz. The adapters are
 * built before Nest starts (see createServiceApp), so a bad configuration never gets this far.
 */
@Global()
@Module({})
export class PlatformModule {
  static forService(options: PlatformModuleOptions): DynamicModule {
    const { ports } = options;
    const providers: Provider[] = [
      { provide: SERVICE_NAME, useValue: options.serviceName },
      { provide: LOGGER, useValue: options.logger },
      { provide: PORT_SET, useValue: ports },
      { provide: EXTRA_CHECKS, useValue: options.extraChecks ?? {} },
      { provide: EVENT_BUS, useValue: ports.bus },
      { provide: DOCUMENT_STORE, useValue: ports.store },
      { provide: SEARCH_INDEX, useValue: ports.search },
      { provide: CACHE_STORE, useValue: ports.cache },
      { provide: MAILER, useValue: ports.mailer },
      { provide: LANGUAGE_MODEL, useValue: ports.llm },
      { provide: IMAGE_GENERATOR, useValue: ports.images },
    ];
    return {
      module: PlatformModule,
      controllers: [HealthController],
      providers,
      exports: providers,
    };
  }
}

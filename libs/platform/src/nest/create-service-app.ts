import { Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';
import { PulseBusTransport, StoreProcessedIds } from '../bus';
import type { Adapter } from '../lifecycle';
import type { PortSet } from '../runtime/port-set';
import { PinoNestLogger, registerHttpTracing } from '../observability';
import { HttpExceptionFilter } from './http-exception.filter';
import { PlatformModule } from './platform.module';
import type { ServiceDefinition } from './service-definition';

/** Largest request body any service accepts; larger ones get 413 before reaching a controller. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Builds a service's Nest application on fastify, with the platform module, the error filter and, if the
 * service uses the bus, the bus transport that feeds its @EventPattern handlers. Initialised, not listening:
 * `runService` listens on a port, the embedded launcher calls it in-process through the gateway.
 */
export async function createServiceApp(
  definition: ServiceDefinition,
  ports: PortSet,
  logger: Logger,
  extraChecks: Record<string, Adapter> = {},
): Promise<NestFastifyApplication> {
  @Module({
    imports: [
      PlatformModule.forService({ serviceName: definition.name, ports, logger, extraChecks }),
      definition.module,
    ],
  })
  class ServiceRootModule {}

  const adapter = new FastifyAdapter({
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: true,
  });
  const app = await NestFactory.create<NestFastifyApplication>(ServiceRootModule, adapter, {
    logger: new PinoNestLogger(logger),
    bufferLogs: false,
  });
  app.useGlobalFilters(new HttpExceptionFilter(logger));
  registerHttpTracing(app.getHttpAdapter().getInstance());
  // Signals are handled by whoever runs the app (runService, the embedded launcher), which also closes
  // the adapters after the app; Nest's own shutdown hooks would race them.
  await app.init();
  if (ports.bus && definition.uses.includes('bus')) {
    // Handlers subscribe only once every provider is ready, so no event reaches a half-built service.
    // Duplicates are recognised through the service's own store, so every replica sees the same record.
    const processedIds = ports.store ? new StoreProcessedIds(ports.store) : undefined;
    const strategy = new PulseBusTransport(ports.bus, definition.name, { processedIds });
    app.connectMicroservice({ strategy }, { inheritAppConfig: true });
    await app.startAllMicroservices();
  }
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

export type { INestApplication };

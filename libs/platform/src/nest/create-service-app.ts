import fastifyCookie from '@fastify/cookie';
import { Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';
import { PulseBusTransport, StoreProcessedIds } from '../bus';
import type { Adapter } from '../lifecycle';
import { createOutbox } from '../outbox/create-outbox';
import type { PortSet } from '../runtime/port-set';
import { PinoNestLogger, registerHttpTracing } from '../observability';
import { registerOpenApiRoute } from '../openapi/openapi.route';
import { HttpExceptionFilter } from './http-exception.filter';
import { PlatformModule } from './platform.module';
import { loadServiceConfig, type ServiceDefinition } from './service-definition';

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
  /** Who may read /readyz's details when the definition's own settings do not say (the gateway). */
  readiness: { adminToken?: string } = {},
): Promise<NestFastifyApplication> {
  // Before Nest: a ConfigError here reaches the caller as one line, not as a Nest stack trace.
  const serviceConfig = loadServiceConfig(definition);
  // The transactional outbox (outbox/README.md): a service that stores documents and publishes events
  // gets a writer (OUTBOX) and a relay, which /readyz reports as `outbox`.
  const outbox =
    ports.bus && ports.store && definition.uses.includes('bus') && definition.uses.includes('store')
      ? createOutbox({
          serviceName: definition.name,
          store: ports.store,
          bus: ports.bus,
          logger: logger.child({ component: 'outbox' }),
        })
      : undefined;
  const checks = outbox ? { ...extraChecks, outbox: outbox.relay } : extraChecks;

  @Module({
    imports: [
      PlatformModule.forService({
        serviceName: definition.name,
        ports,
        logger,
        extraChecks: checks,
        outbox,
        serviceConfig,
        readinessAdminToken: readiness.adminToken,
      }),
      definition.module,
    ],
  })
  class ServiceRootModule {}

  const adapter = new FastifyAdapter({
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: true,
    // Fastify answers a path parameter over 100 characters with its own 414 in another shape before any
    // handler runs. Node's HTTP parser already caps a request line at 16 KiB, so let every parameter reach
    // the handler's schema, which answers 400 naming it in the common error shape (docs/design.md §7).
    routerOptions: { maxParamLength: 16_384 },
    // While app.close() drains (docs/testing.md 'Graceful shutdown'), a request that arrives on a connection
    // already open is served rather than answered 503: the listener is closed, so no new connection comes.
    return503OnClosing: false,
  });
  const app = await NestFactory.create<NestFastifyApplication>(ServiceRootModule, adapter, {
    logger: new PinoNestLogger(logger),
    bufferLogs: false,
    // Throw start-up errors to the caller (runService prints a ConfigError as one line) instead of exiting here.
    abortOnError: false,
  });
  app.useGlobalFilters(new HttpExceptionFilter(logger));
  // request.cookies and reply.setCookie for the services that keep a cookie (content's reader session,
  // community's credential); unsigned: each signs what it needs with its own secret.
  await app.register(fastifyCookie);
  registerHttpTracing(app.getHttpAdapter().getInstance());
  // Every service with public paths publishes its OpenAPI document; the gateway (no paths of its own) merges them.
  if (definition.httpPrefixes.length > 0)
    registerOpenApiRoute(app.getHttpAdapter().getInstance(), definition.name, definition.httpPrefixes);
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
  // Started last, once every repository has registered its collections in its constructor. app.close()
  // closes it first (outbox/nest/outbox.providers.ts), before the bus and store it uses are closed.
  outbox?.relay.start();
  return app;
}

export type { INestApplication };

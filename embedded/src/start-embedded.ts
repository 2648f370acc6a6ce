import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createGatewayApp, InProcessUpstream, type GatewayConfig } from '@pulse/gateway';
import {
  adaptersOf,
  createPorts,
  createServiceApp,
  type PortSet,
  type ProcessConfig,
  type ServiceDefinition,
} from '@pulse/platform';
import type { Logger } from 'pino';
import { ALL_SERVICES } from './services';

export interface EmbeddedSite {
  gateway: NestFastifyApplication;
  close(): Promise<void>;
}

/**
 * Builds the whole site in this process. One event bus is shared by every service (it is how they talk);
 * every other adapter is per service, each in its own data folder, because services own their data.
 * `services` replaces the list (a bench gives ingestion a compressed clock: bench/freshness.ts).
 */
export async function startEmbedded(
  processConfig: ProcessConfig,
  gatewayConfig: GatewayConfig,
  logger: Logger,
  services: readonly ServiceDefinition[] = ALL_SERVICES,
): Promise<EmbeddedSite> {
  const common = { logger, dataDir: processConfig.PULSE_DATA_DIR };
  const shared = await createPorts(['bus'], { ...common, serviceName: 'embedded' });
  const owned: PortSet[] = [];
  const apps: NestFastifyApplication[] = [];
  const upstreams: InProcessUpstream[] = [];

  for (const definition of services) {
    const ports = await createPorts(definition.uses, {
      ...common,
      serviceName: definition.name,
      provided: { bus: shared.bus },
    });
    owned.push({ ...ports, bus: undefined });
    const app = await createServiceApp(definition, ports, logger.child({ service: definition.name }));
    apps.push(app);
    upstreams.push(
      new InProcessUpstream(definition.name, definition.httpPrefixes, app, gatewayConfig.ADMIN_TOKEN),
    );
    logger.debug({ service: definition.name }, 'service started in-process');
  }

  const gateway = await createGatewayApp({
    config: gatewayConfig,
    upstreams,
    ports: {},
    logger: logger.child({ service: 'gateway' }),
  });

  return {
    gateway,
    async close() {
      await gateway.close();
      for (const app of apps.reverse()) await app.close();
      for (const ports of owned) for (const [, adapter] of adaptersOf(ports)) await adapter.close();
      await shared.bus?.close();
    },
  };
}

import { createPorts, createServiceApp, type PortSet, type ServiceDefinition } from '@pulse/platform';
import type { Logger } from 'pino';
import type { GatewayConfig } from './gateway.config';
import { GatewayModule } from './gateway.module';
import type { Upstream } from './upstreams/upstream';

export const GATEWAY_DEFAULT_PORT = 3000;

/**
 * The gateway as a Nest app; /readyz includes every upstream service's readiness. It uses the cache port
 * (rate-limit buckets, cached document heads): a caller that passes none gets one built from the
 * environment (CACHE_DRIVER, REDIS_URL), which the app closes when it shuts down.
 */
export async function createGatewayApp(options: {
  config: GatewayConfig;
  upstreams: readonly Upstream[];
  ports: PortSet;
  logger: Logger;
}) {
  const owned = options.ports.cache
    ? undefined
    : (await createPorts(['cache'], { serviceName: 'gateway', logger: options.logger, dataDir: '.data' }))
        .cache;
  const definition: ServiceDefinition = {
    name: 'gateway',
    module: GatewayModule.register({
      config: options.config,
      upstreams: options.upstreams,
      ownedCache: owned,
    }),
    uses: ['cache'],
    defaultPort: GATEWAY_DEFAULT_PORT,
    httpPrefixes: [],
  };
  const ports: PortSet = { ...options.ports, cache: options.ports.cache ?? owned };
  const checks = Object.fromEntries(options.upstreams.map((upstream) => [upstream.service, upstream]));
  // Its /readyz details (every upstream's, with their reasons) need the same admin credential as a service's.
  return createServiceApp(definition, ports, options.logger, checks, {
    adminToken: options.config.ADMIN_TOKEN,
  });
}

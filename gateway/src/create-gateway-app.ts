import { createServiceApp, type PortSet, type ServiceDefinition } from '@pulse/platform';
import type { Logger } from 'pino';
import type { GatewayConfig } from './gateway.config';
import { GatewayModule } from './gateway.module';
import type { Upstream } from './upstreams/upstream';

export const GATEWAY_DEFAULT_PORT = 3000;

/** The gateway as a Nest app; /readyz includes every upstream service's readiness. */
export async function createGatewayApp(options: {
  config: GatewayConfig;
  upstreams: readonly Upstream[];
  ports: PortSet;
  logger: Logger;
}) {
  const definition: ServiceDefinition = {
    name: 'gateway',
    module: GatewayModule.register({ config: options.config, upstreams: options.upstreams }),
    uses: [],
    defaultPort: GATEWAY_DEFAULT_PORT,
    httpPrefixes: [],
  };
  const checks = Object.fromEntries(options.upstreams.map((upstream) => [upstream.service, upstream]));
  return createServiceApp(definition, options.ports, options.logger, checks);
}

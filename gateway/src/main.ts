// First: the client libraries' tracing hooks must be in place before any adapter loads them.
import '@pulse/platform/observability/instrument';
import 'reflect-metadata';
import { bootProcess, closeOnSignals } from '@pulse/platform';
import { createGatewayApp, GATEWAY_DEFAULT_PORT } from './create-gateway-app';
import { gatewayConfigSchema } from './gateway.config';
import { SERVICE_ROUTES } from './service-routes';
import { HttpUpstream } from './upstreams/http.upstream';

/** The gateway as its own process, in front of services that run as their own processes. */
async function main() {
  const { processConfig, config, logger } = bootProcess('gateway', { gateway: gatewayConfigSchema });
  const upstreams = SERVICE_ROUTES.map(
    ({ service, prefixes, urlVariable }) =>
      new HttpUpstream(service, prefixes, config.gateway[urlVariable], config.gateway.UPSTREAM_TIMEOUT_MS, {
        adminToken: config.gateway.ADMIN_TOKEN,
      }),
  );
  const app = await createGatewayApp({ config: config.gateway, upstreams, ports: {}, logger });
  const port = processConfig.PORT ?? GATEWAY_DEFAULT_PORT;
  await app.listen(port, processConfig.HOST);
  logger.info({ port, host: processConfig.HOST }, 'gateway listening');
  closeOnSignals(
    logger,
    async () => {
      await app.close();
      await Promise.all(upstreams.map((upstream) => upstream.close()));
    },
    { drainMs: processConfig.SHUTDOWN_DRAIN_MS },
  );
}

void main();

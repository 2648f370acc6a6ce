import 'reflect-metadata';
import {
  createLogger,
  loadConfigOrExit,
  processConfigSchema,
  startTelemetry,
  stopTelemetry,
} from '@pulse/platform';
import { createGatewayApp, GATEWAY_DEFAULT_PORT } from './create-gateway-app';
import { gatewayConfigSchema } from './gateway.config';
import { HttpUpstream } from './upstreams/http.upstream';
import { SERVICE_ROUTES } from './service-routes';

/** The gateway as its own process, in front of services that run as their own processes. */
async function main() {
  const { process: processConfig, gateway: config } = loadConfigOrExit({
    process: processConfigSchema,
    gateway: gatewayConfigSchema,
  });
  startTelemetry({
    serviceName: processConfig.OTEL_SERVICE_NAME ?? 'gateway',
    otlpEndpoint: processConfig.OTEL_EXPORTER_OTLP_ENDPOINT,
  });
  const logger = createLogger({
    service: 'gateway',
    level: processConfig.LOG_LEVEL,
    pretty: processConfig.LOG_PRETTY,
  });
  const upstreams = SERVICE_ROUTES.map(
    ({ service, prefixes, urlVariable }) =>
      new HttpUpstream(service, prefixes, config[urlVariable], config.UPSTREAM_TIMEOUT_MS),
  );
  const app = await createGatewayApp({ config, upstreams, ports: {}, logger });
  const port = processConfig.PORT ?? GATEWAY_DEFAULT_PORT;
  await app.listen(port, processConfig.HOST);
  logger.info({ port }, 'gateway listening');
  const shutdown = async () => {
    await app.close();
    await Promise.all(upstreams.map((upstream) => upstream.close()));
    await stopTelemetry();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
}

void main();

import { ConfigError, loadConfigOrExit, processConfigSchema } from '../config';
import { createLogger, startTelemetry, stopTelemetry } from '../observability';
import { adaptersOf, type PortSet } from '../runtime/port-set';
import { createPorts } from '../runtime/create-ports';
import { createServiceApp } from './create-service-app';
import type { ServiceDefinition } from './service-definition';

/**
 * Entry point of one service as its own process (one container). Validates configuration first: a bad
 * or missing variable prints one line naming it and exits 78, before any connection is attempted.
 */
export async function runService(definition: ServiceDefinition): Promise<void> {
  const processConfig = loadConfigOrExit({ process: processConfigSchema }).process;
  startTelemetry({
    serviceName: processConfig.OTEL_SERVICE_NAME ?? definition.name,
    otlpEndpoint: processConfig.OTEL_EXPORTER_OTLP_ENDPOINT,
  });
  const logger = createLogger({
    service: definition.name,
    level: processConfig.LOG_LEVEL,
    pretty: processConfig.LOG_PRETTY,
  });

  let ports: PortSet;
  try {
    ports = await createPorts(definition.uses, {
      serviceName: definition.name,
      logger,
      dataDir: processConfig.PULSE_DATA_DIR,
    });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }

  const app = await createServiceApp(definition, ports, logger);
  const port = processConfig.PORT ?? definition.defaultPort;
  await app.listen(port, processConfig.HOST);
  logger.info(
    { port, host: processConfig.HOST, ports: adaptersOf(ports).map(([n, a]) => `${n}:${a.adapterName}`) },
    'service listening',
  );

  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    await app.close();
    for (const [, adapter] of adaptersOf(ports)) await adapter.close();
    await stopTelemetry();
    process.exit(0);
  };
  process.once('SIGTERM', (signal) => void shutdown(signal));
  process.once('SIGINT', (signal) => void shutdown(signal));
}

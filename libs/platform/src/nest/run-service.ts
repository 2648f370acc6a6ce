import type { ProcessConfig } from '../config';
import type { Logger } from '../observability';
import { adaptersOf } from '../runtime/port-set';
import { createPorts } from '../runtime/create-ports';
import { bootProcess, closeOnSignals, exitOnStartupFailure, orExitOnConfigError } from './boot-process';
import { createServiceApp } from './create-service-app';
import { loadServiceConfig, type ServiceDefinition } from './service-definition';

/** Entry point of one service as its own process (one container). */
export async function runService(definition: ServiceDefinition): Promise<void> {
  const { processConfig, logger } = bootProcess(definition.name, {});
  await startService(definition, processConfig, logger).catch((error: unknown) =>
    exitOnStartupFailure(logger, error),
  );
}

async function startService(
  definition: ServiceDefinition,
  processConfig: ProcessConfig,
  logger: Logger,
): Promise<void> {
  // The service's own settings are checked before any adapter connects, like the ports' settings.
  await orExitOnConfigError(Promise.resolve().then(() => loadServiceConfig(definition)));
  const ports = await orExitOnConfigError(
    createPorts(definition.uses, {
      serviceName: definition.name,
      logger,
      dataDir: processConfig.PULSE_DATA_DIR,
    }),
  );
  const app = await orExitOnConfigError(createServiceApp(definition, ports, logger));
  const port = processConfig.PORT ?? definition.defaultPort;
  await app.listen(port, processConfig.HOST);
  const adapters = adaptersOf(ports).map(([name, adapter]) => `${name}:${adapter.adapterName}`);
  logger.info({ port, host: processConfig.HOST, adapters }, 'service listening');
  closeOnSignals(
    logger,
    async () => {
      await app.close();
      for (const [, adapter] of adaptersOf(ports)) await adapter.close();
    },
    { drainMs: processConfig.SHUTDOWN_DRAIN_MS },
  );
}

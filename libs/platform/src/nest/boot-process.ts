import type { z } from 'zod';
import {
  ConfigError,
  loadConfigOrExit,
  processConfigSchema,
  type LoadedConfig,
  type ProcessConfig,
} from '../config';
import { createLogger, startTelemetry, stopTelemetry, type Logger } from '../observability';

export interface BootedProcess<S extends Record<string, z.ZodType>> {
  processConfig: ProcessConfig;
  config: LoadedConfig<S>;
  logger: Logger;
}

/**
 * The first steps of every entry point (a service, the gateway, the embedded site): validate the
 * configuration — a bad value prints one line naming it and exits 78 before anything connects — then
 * start tracing and the logger.
 */
export function bootProcess<S extends Record<string, z.ZodType>>(name: string, schemas: S): BootedProcess<S> {
  const { process: processConfig, ...config } = loadConfigOrExit({
    process: processConfigSchema,
    ...schemas,
  });
  startTelemetry({
    serviceName: processConfig.OTEL_SERVICE_NAME ?? name,
    otlpEndpoint: processConfig.OTEL_EXPORTER_OTLP_ENDPOINT,
  });
  const logger = createLogger({
    service: name,
    level: processConfig.LOG_LEVEL,
    pretty: processConfig.LOG_PRETTY,
  });
  return { processConfig, config: config as LoadedConfig<S>, logger };
}

/** Awaits start-up work that validates more configuration (the ports'), exiting 78 on a ConfigError. */
export async function orExitOnConfigError<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
}

/** On SIGTERM or SIGINT: close what the process holds, flush traces, exit 0. */
export function closeOnSignals(logger: Logger, close: () => Promise<void>): void {
  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    await close();
    await stopTelemetry();
    process.exit(0);
  };
  process.once('SIGTERM', (signal) => void shutdown(signal));
  process.once('SIGINT', (signal) => void shutdown(signal));
}

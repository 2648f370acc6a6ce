import type { z } from 'zod';
import {
  ConfigError,
  loadConfigOrExit,
  processConfigSchema,
  type LoadedConfig,
  type ProcessConfig,
} from '../config';
import { createLogger, startTelemetry, stopTelemetry, type Logger } from '../observability';
import { drainState } from './draining';

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

/**
 * Ends a process whose start-up failed for another reason than its settings (a dependency that did not
 * answer, a topic that never appeared): one logged line naming the error, then exit 1 for the supervisor
 * to start it again, rather than an unhandled rejection's stack on stderr.
 */
export async function exitOnStartupFailure(logger: Logger, error: unknown): Promise<never> {
  logger.error({ err: error }, 'start-up failed; exiting');
  await stopTelemetry().catch(() => undefined);
  process.exit(1);
}

/**
 * How long a graceful shutdown may take before the process gives up and exits 1: inside Kubernetes'
 * default 30 s terminationGracePeriodSeconds, so the process, not a SIGKILL, decides.
 */
export const SHUTDOWN_TIMEOUT_MS = 25_000;

/**
 * On SIGTERM or SIGINT, a graceful shutdown (docs/testing.md 'Graceful shutdown'): `close` stops accepting
 * connections, lets in-flight requests finish, finishes or hands back the current event and leaves the
 * consumer groups, flushes the outbox relay and closes the adapters; then traces are flushed and the
 * process exits 0. If that fails or takes longer than `timeoutMs`, it exits 1 (what is unfinished is
 * redelivered or relayed by the next process, as after a crash). A second signal does not restart it.
 * With `drainMs`, /readyz answers 503 for that long first while everything is still served, so traffic
 * stops arriving before the listener closes; it counts toward `timeoutMs`.
 */
export function closeOnSignals(
  logger: Logger,
  close: () => Promise<void>,
  { timeoutMs = SHUTDOWN_TIMEOUT_MS, drainMs = 0 }: { timeoutMs?: number; drainMs?: number } = {},
): void {
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      logger.error({ timeoutMs }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, timeoutMs);
    deadline.unref();
    drainState.draining = true;
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    try {
      await close();
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      await stopTelemetry();
      process.exit(1);
    }
    clearTimeout(deadline);
    await stopTelemetry();
    logger.info({ signal }, 'shut down');
    process.exit(0);
  };
  process.on('SIGTERM', (signal) => void shutdown(signal));
  process.on('SIGINT', (signal) => void shutdown(signal));
}

import 'reflect-metadata';
import { gatewayConfigSchema, GATEWAY_DEFAULT_PORT } from '@pulse/gateway';
import {
  ConfigError,
  createLogger,
  loadConfigOrExit,
  processConfigSchema,
  startTelemetry,
  stopTelemetry,
} from '@pulse/platform';
import { startEmbedded } from './start-embedded';

async function main() {
  const { process: processConfig, gateway: gatewayConfig } = loadConfigOrExit({
    process: processConfigSchema,
    gateway: gatewayConfigSchema,
  });
  startTelemetry({
    serviceName: processConfig.OTEL_SERVICE_NAME ?? 'pulse-embedded',
    otlpEndpoint: processConfig.OTEL_EXPORTER_OTLP_ENDPOINT,
  });
  const logger = createLogger({
    service: 'pulse',
    level: processConfig.LOG_LEVEL,
    pretty: processConfig.LOG_PRETTY,
  });

  const site = await startEmbedded(processConfig, gatewayConfig, logger).catch((error: unknown) => {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78);
    }
    throw error;
  });
  const port = processConfig.PORT ?? GATEWAY_DEFAULT_PORT;
  await site.gateway.listen(port, processConfig.HOST);
  logger.info(`펄스가 http://${processConfig.HOST}:${port} 에서 실행 중입니다 (embedded mode)`);

  const shutdown = async () => {
    await site.close();
    await stopTelemetry();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
}

void main();

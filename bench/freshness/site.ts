import 'reflect-metadata';
import { ALL_SERVICES, startEmbedded, type EmbeddedSite } from '@pulse/embedded';
import { gatewayConfigSchema } from '@pulse/gateway';
import { IngestionModule } from '@pulse/ingestion';
import { bootProcess, CLOCK } from '@pulse/platform';
import type { CompressedClock } from './compressed-clock';

export const BENCH_ADMIN_TOKEN = 'bench-freshness-admin-token-0123456789';

/**
 * The whole site in this process, as `npm start` builds it (startEmbedded: every service, one shared
 * in-process bus, embedded stores, the gateway), listening on `port`, with two differences: ingestion's
 * clock is the compressed one, and the LLM is the fixed-latency stub.
 */
export async function startFreshnessSite(options: {
  clock: CompressedClock;
  llmBaseUrl: string;
  dataDir: string;
  port: number;
}): Promise<EmbeddedSite> {
  Object.assign(process.env, {
    PULSE_DATA_DIR: options.dataDir,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error',
    ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
    LLM_BASE_URL: options.llmBaseUrl,
    LLM_MODEL: 'bench-fixed-latency',
    DEMO_CORPUS: 'false',
    INGESTION_SEED_DEFAULT_SOURCES: 'false',
    // Its feeds are fixture servers on this machine.
    INGESTION_ALLOW_PRIVATE_SOURCES: 'true',
    // The hub calls back through the gateway, as it would reach the public site.
    INGESTION_WEBSUB_CALLBACK_URL: `http://127.0.0.1:${options.port}`,
    // The bench is one client reading every article several times; readers' limits are not under test.
    RATE_LIMIT_READ_PER_MIN: '1000000',
    RATE_LIMIT_WRITE_PER_MIN: '1000000',
  });
  const { processConfig, config, logger } = bootProcess('pulse-bench-freshness', {
    gateway: gatewayConfigSchema,
  });
  const services = ALL_SERVICES.map((definition) =>
    definition.name === 'ingestion'
      ? {
          ...definition,
          module: IngestionModule.withProviders([{ provide: CLOCK, useValue: options.clock }]),
        }
      : definition,
  );
  const site = await startEmbedded(processConfig, config.gateway, logger, services);
  await site.gateway.listen(options.port, '127.0.0.1');
  return site;
}

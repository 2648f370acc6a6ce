/**
 * The site the soak reads from: embedded (one process, `npm start`'s entry point) or the local stack
 * (gateway, content, translation and trending as their own processes on Kafka, the MongoDB-compatible
 * server and Redis from infra/local). Both publish the Korean sample corpus (DEMO_CORPUS) so there is
 * something to read; the reader rate limits are raised, since one load generator on one address would
 * otherwise measure the limiter.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  dropMongoDatabase,
  eventually,
  freePort,
  kafkaTestBrokers,
  mongoTestUrl,
  startTs,
  uniqueMongoDatabaseUrl,
  untilReady,
  type RunningProcess,
} from '@pulse/testing';

export interface SoakSite {
  base: string;
  /** Every process of the site by name, for memory sampling. */
  processes: Record<string, RunningProcess>;
  stop(): Promise<void>;
}

const COMMON = {
  RATE_LIMIT_READ_PER_MIN: '1000000',
  RATE_LIMIT_WRITE_PER_MIN: '1000000',
  LOG_LEVEL: 'warn',
  LOG_PRETTY: 'false',
  DEMO_CORPUS: 'true',
  INGESTION_SEED_DEFAULT_SOURCES: 'false',
};

export async function startSoakSite(mode: 'embedded' | 'local'): Promise<SoakSite> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `pulse-soak-${mode}-`));
  const processes: Record<string, RunningProcess> = {};
  const databases: string[] = [];
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    for (const running of Object.values(processes).reverse()) await running.stop();
    for (const url of databases) await dropMongoDatabase(url).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    if (mode === 'embedded') {
      processes.site = startTs('embedded/src/main.ts', {
        ...COMMON,
        PORT: String(port),
        PULSE_DATA_DIR: dataDir,
      });
      await untilReady(processes.site, base, { timeoutMs: 180_000 });
    } else {
      const run = Date.now().toString(36);
      const shared = {
        ...COMMON,
        PULSE_DATA_DIR: dataDir,
        BUS_DRIVER: 'kafka',
        KAFKA_BROKERS: kafkaTestBrokers().join(','),
        BUS_GROUP_PREFIX: `soak-${run}.`,
        CACHE_DRIVER: 'redis',
        REDIS_URL: process.env.PULSE_TEST_REDIS_URL ?? 'redis://127.0.0.1:16379',
        CACHE_KEY_PREFIX: `pulse-soak-${run}:`,
      };
      const urls: Record<string, string> = {};
      for (const service of ['content', 'trending', 'translation'] as const) {
        const servicePort = await freePort();
        const mongo = uniqueMongoDatabaseUrl(`soak_${service}_${run}`, mongoTestUrl());
        databases.push(mongo);
        processes[service] = startTs(`services/${service}/src/main.ts`, {
          ...shared,
          PORT: String(servicePort),
          STORE_DRIVER: 'mongo',
          MONGO_URL: mongo,
        });
        urls[service] = `http://127.0.0.1:${servicePort}`;
        await untilReady(processes[service], urls[service], { timeoutMs: 180_000 });
      }
      processes.gateway = startTs('gateway/src/main.ts', {
        ...shared,
        PORT: String(port),
        CONTENT_URL: urls.content,
        TRENDING_URL: urls.trending,
        TRANSLATION_URL: urls.translation,
      });
      await eventually(
        async () => {
          const response = await fetch(`${base}/healthz`);
          if (response.status !== 200) throw new Error(`gateway /healthz ${response.status}`);
        },
        { timeoutMs: 120_000, intervalMs: 250 },
      );
    }
    // The sample corpus flows through the bus into content before there is anything to read.
    await eventually(
      async () => {
        const list = (await (await fetch(`${base}/api/content/news?limit=50`)).json()) as {
          articles?: unknown[];
        };
        if ((list.articles?.length ?? 0) < 10)
          throw new Error(`${list.articles?.length ?? 0} articles published`);
      },
      { timeoutMs: 180_000, intervalMs: 500 },
    );
    return { base, processes, stop };
  } catch (error) {
    const outputs = Object.entries(processes)
      .map(([name, running]) => `--- ${name} ---\n${running.output().slice(-3000)}`)
      .join('\n');
    await stop();
    throw new Error(`${(error as Error).message}\n${outputs}`);
  }
}

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually } from '@pulse/testing';
import { freePort, startTs, type RunningProcess } from '../support/processes';
import { required } from '../support/infra-env';
import { exclusive, EXCLUSIVE_WAIT_MS } from '../support/exclusive';

const SERVICES = [
  'content',
  'ingestion',
  'translation',
  'trending',
  'community',
  'newsletter',
  'newsroom',
] as const;
const USES_CACHE: readonly string[] = ['content', 'ingestion', 'trending', 'community', 'newsletter'];
/** /readyz names its checks only to the admin credential (libs/platform health.controller.ts). */
const ADMIN_TOKEN = 'local-stack-admin-token-0123456789';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

/**
 * The local-stack mode (docs/design.md §2): every service its own process over Kafka, the MongoDB-compatible
 * server and Redis, behind the gateway.
 */
describe('local stack: each service its own process over Kafka, MongoDB-compatible server and Redis', () => {
  const processes: RunningProcess[] = [];
  const servicePorts: Record<string, number> = {};
  let gatewayPort: number;
  let dataDir: string;
  let release: (() => void) | undefined;

  beforeAll(async () => {
    // This content process reads article.translated from the shared Kafka (its new group from the
    // topic's start, so every earlier run's translations too) and publishes each as article.published,
    // which trending's local-stack suite would count as its own (support/exclusive.ts).
    release = await exclusive('kafka-article-published');
    const infra = {
      BUS_DRIVER: 'kafka',
      KAFKA_BROKERS: required('PULSE_TEST_KAFKA_BROKERS'),
      STORE_DRIVER: 'mongo',
      MONGO_URL: required('PULSE_TEST_MONGO_URL').replace(/\/[^/]*$/, `/pulse_system_${Date.now()}`),
      CACHE_DRIVER: 'redis',
      REDIS_URL: required('PULSE_TEST_REDIS_URL'),
      CACHE_KEY_PREFIX: `pulse-system-${Date.now()}:`,
      // Own consumer groups, so these processes never take events meant for another test's services.
      BUS_GROUP_PREFIX: `system-${Date.now()}.`,
      ADMIN_TOKEN,
    };
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-stack-'));
    const urls: Record<string, string> = {};
    for (const service of SERVICES) {
      const port = await freePort();
      servicePorts[service] = port;
      urls[`${service.toUpperCase()}_URL`] = `http://127.0.0.1:${port}`;
      processes.push(
        startTs(`services/${service}/src/main.ts`, { ...infra, PORT: String(port), PULSE_DATA_DIR: dataDir }),
      );
    }
    gatewayPort = await freePort();
    processes.push(
      startTs('gateway/src/main.ts', {
        ...urls,
        ADMIN_TOKEN,
        PORT: String(gatewayPort),
        PULSE_DATA_DIR: dataDir,
      }),
    );
  }, EXCLUSIVE_WAIT_MS + 60_000);

  afterAll(async () => {
    await Promise.all(processes.map((running) => running.stop()));
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    release?.();
  });

  it('the gateway reports every service ready, each on its real adapters', async () => {
    const body = await eventually(
      async () => {
        const crashed = processes.find((running) => running.child.exitCode !== null);
        if (crashed) throw new Error(`a process exited early:\n${crashed.output()}`);
        const response = await fetch(`http://127.0.0.1:${gatewayPort}/readyz`, { headers: admin });
        const json = (await response.json()) as { checks: Record<string, { ok: boolean; adapter: string }> };
        if (response.status !== 200)
          throw new Error(`gateway readyz ${response.status}: ${JSON.stringify(json)}`);
        return json;
      },
      { timeoutMs: 120_000, intervalMs: 500 },
    );
    for (const service of SERVICES) expect(body.checks[service]).toMatchObject({ ok: true, adapter: 'http' });
  });

  it.each(SERVICES)('%s answers /readyz over its production adapters', async (service) => {
    // A single ping may miss on a machine busy with the rest of the suite (the service then says
    // 'degraded', by design: libs/platform health.controller.ts), so the checks are read until they pass.
    await eventually(
      async () => {
        const response = await fetch(`http://127.0.0.1:${servicePorts[service]}/readyz`, { headers: admin });
        const body = (await response.json()) as { checks: Record<string, { ok: boolean; adapter: string }> };
        expect(response.status).toBe(200);
        // The default Kafka client (KAFKA_CLIENT), @platformatic/kafka. Every service uses the bus (newsroom
        // for the staff actions the others record).
        expect(body.checks.bus).toMatchObject({ ok: true, adapter: 'kafka-platformatic' });
        expect(body.checks.store).toMatchObject({ ok: true, adapter: 'mongo' });
        if (USES_CACHE.includes(service))
          expect(body.checks.cache).toMatchObject({ ok: true, adapter: 'redis' });
        else expect(body.checks.cache).toBeUndefined();
      },
      { timeoutMs: 30_000, intervalMs: 500 },
    );
  });
});

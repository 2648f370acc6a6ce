import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ALL_SERVICES } from '@pulse/embedded';
import { adaptersOf, createPorts, createServiceApp, OPENAPI_PATH, type PortSet } from '@pulse/platform';
import pino from 'pino';

/**
 * What is served is what is documented, in the direction /api/docs cannot show by itself: every route a
 * service really registers under its public prefixes has a row in the endpoint table (libs/contracts
 * ENDPOINTS), so it is in the merged OpenAPI and the generated fuzzing reaches it. The other direction
 * (no documented operation answers "no such route") is test/system/gateway-seo.spec.ts's. Each real
 * service is built on the embedded adapters, as `npm start` builds it, and asked for the routes its own
 * document names as unlisted (libs/platform openapi.route.ts). Each documented success that answers a body
 * names its schema, so the fuzzing checks every body the services send.
 */
describe('every public route a service registers is documented', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-routes-'));
  const logger = pino({ level: 'silent' });
  const apps: Array<{ name: string; app: NestFastifyApplication; ports: PortSet }> = [];
  const saved = { ...process.env };

  beforeAll(async () => {
    // No source is seeded or fetched while the apps stand: only their routes are of interest.
    Object.assign(process.env, {
      INGESTION_SEED_DEFAULT_SOURCES: 'false',
      INGESTION_FIRST_RUN_DELAY_SECONDS: '86400',
      DEMO_CORPUS: 'false',
    });
    const env = { PULSE_DATA_DIR: dataDir };
    const shared = await createPorts(['bus'], { logger, dataDir, serviceName: 'embedded', env });
    for (const definition of ALL_SERVICES) {
      const ports = await createPorts(definition.uses, {
        logger,
        dataDir,
        serviceName: definition.name,
        env,
        provided: { bus: shared.bus },
      });
      apps.push({ name: definition.name, app: await createServiceApp(definition, ports, logger), ports });
    }
    apps.push({ name: 'bus', app: undefined as never, ports: shared });
  }, 120_000);

  afterAll(async () => {
    for (const { app } of [...apps].reverse()) await app?.close();
    for (const { ports } of [...apps].reverse())
      for (const [, adapter] of adaptersOf(ports)) await adapter.close().catch(() => undefined);
    process.env = saved;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('names no route without an ENDPOINTS row, in any service', async () => {
    const unlisted: Record<string, string[]> = {};
    const documented: Record<string, number> = {};
    // Operations whose success answers a body but names no schema for it (the contracts'
    // ENDPOINT_RESPONSE_SCHEMAS give every endpoint one, so the fuzzing can check each body).
    const withoutSchema: string[] = [];
    for (const { name, app } of apps) {
      if (!app) continue;
      const response = await app.getHttpAdapter().getInstance().inject({ method: 'GET', url: OPENAPI_PATH });
      if (response.statusCode === 404) continue; // a service with no public paths publishes no document
      const document = response.json<{
        paths: Record<string, Record<string, { responses: Record<string, { content?: object }> }>>;
        'x-unlisted-routes': string[];
      }>();
      unlisted[name] = document['x-unlisted-routes'];
      for (const [path, item] of Object.entries(document.paths))
        for (const [method, operation] of Object.entries(item)) {
          const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'));
          if (success?.[0] !== '204' && !success?.[1].content) withoutSchema.push(`${method} ${path}`);
        }
      documented[name] = Object.values(document.paths).reduce(
        (sum, item) => sum + Object.keys(item).length,
        0,
      );
    }
    expect(unlisted).toEqual({
      content: [],
      trending: [],
      newsletter: [],
      community: [],
      translation: [],
      ingestion: [],
      newsroom: [],
    });
    // Every service documents what it serves, ingestion's sources (and their preview), runs (public and
    // admin) and WebSub callback included.
    expect(documented.ingestion).toBe(14);
    expect(withoutSchema).toEqual([]);
    for (const [name, count] of Object.entries(documented))
      expect({ name, count: count > 0 }).toEqual({ name, count: true });
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FactoryProvider } from '@nestjs/common';
import { EmbeddedDocumentStore } from '@pulse/platform';
import { ingestionConfigSchema } from '../schedule/ingestion.config';
import {
  admin,
  sourceBody,
  startIngestionTestApp,
  type IngestionTestApp,
} from '../../testing/pipeline/ingestion-test-app';
import { pipelineStagesProviders } from './pipeline-stages.provider';
import type { PipelineStages } from './stages';

/** A source's allowPrivateNetwork reaches the fetcher only where the operator switched it on. */
describe('private addresses for sources (INGESTION_ALLOW_PRIVATE_SOURCES)', () => {
  let feed: Server;
  let url: string;
  let dataDir: string;
  let store: EmbeddedDocumentStore;

  beforeAll(async () => {
    feed = createServer((_request, response) => response.end('<rss version="2.0"><channel></channel></rss>'));
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/feed.xml`;
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-ingestion-private-'));
    store = await EmbeddedDocumentStore.open({ dataDir });
  });
  afterAll(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
    await new Promise((resolve) => feed.close(resolve));
  });

  const stagesWith = (allowed: 'true' | 'false'): PipelineStages =>
    (pipelineStagesProviders[0] as FactoryProvider<PipelineStages>).useFactory(
      store,
      ingestionConfigSchema.parse({ INGESTION_ALLOW_PRIVATE_SOURCES: allowed }),
    ) as PipelineStages;

  it('blocks a loopback fetch that asks for it unless the setting is on', async () => {
    expect(await stagesWith('false').fetch({ url, allowPrivateNetwork: true })).toMatchObject({
      kind: 'failed',
      reason: 'blocked-address',
    });
    expect(await stagesWith('true').fetch({ url, allowPrivateNetwork: true })).toMatchObject({
      kind: 'fetched',
    });
    expect(await stagesWith('true').fetch({ url, allowPrivateNetwork: false })).toMatchObject({
      kind: 'failed',
      reason: 'blocked-address',
    });
  });

  describe('the admin API with the setting off (the default)', () => {
    let t: IngestionTestApp;

    beforeAll(async () => {
      t = await startIngestionTestApp();
    });
    afterAll(() => t.close());

    const post = (route: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url: route, headers: admin, payload: payload as object });

    it('refuses a source or a preview that asks for private addresses, naming the field', async () => {
      for (const [route, payload] of [
        ['/api/ingestion/sources', sourceBody({ url, allowPrivateNetwork: true })],
        ['/api/ingestion/sources/preview', { url, sourceType: 'rss', allowPrivateNetwork: true }],
      ] as const) {
        const answer = await post(route, payload);
        expect(answer.statusCode).toBe(400);
        expect(answer.json().message).toMatch(/^allowPrivateNetwork: /);
      }
      expect((await post('/api/ingestion/sources', sourceBody({ url }))).statusCode).toBe(201);
    });
  });
});

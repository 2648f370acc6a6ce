import {
  CACHE_TAG_HEADER,
  INGESTION_RUNS_TAG,
  INGESTION_SOURCES_TAG,
  parsePurge,
  PURGE_CHANNEL,
  purgeMessage,
} from '@pulse/contracts';
import { MemoryCacheStore } from '@pulse/platform';
import { eventually } from '@pulse/testing';
import { fetched } from '../../testing/pipeline/fake-stages';
import {
  admin,
  sourceBody,
  startIngestionTestApp,
  type IngestionTestApp,
} from '../../testing/pipeline/ingestion-test-app';
import { RunQueue } from '../schedule/run-queue';
import { SourcesService } from './sources.service';

const FEED = 'https://feeds.example/purge.xml';
const SOURCES_ONLY = [INGESTION_SOURCES_TAG];
const RUN_END = [INGESTION_SOURCES_TAG, INGESTION_RUNS_TAG];

/**
 * Ingestion's public reads name what they show in cache-tag; every source change and the end of every
 * run purge those tags, so the gateway's micro-cache drops them (gateway/src/proxy/micro-cache.ts).
 */
describe('ingestion: cache tags and purges for the gateway', () => {
  let t: IngestionTestApp;
  /** A store of this process: embedded pub/sub reaches every store in it, as Redis reaches every client. */
  const listener = new MemoryCacheStore();
  const purged: string[][] = [];
  let stop: () => Promise<void>;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/ingestion${url}`, payload, headers: method === 'GET' ? {} : admin });
  const idle = () => eventually(() => expect(t.app.get(RunQueue).size).toBe(0));

  beforeAll(async () => {
    // The scheduler stays out of the way: only the runs this spec triggers happen.
    t = await startIngestionTestApp({ config: { INGESTION_FIRST_RUN_DELAY_SECONDS: 86_400 } });
    t.stages.respond(FEED, fetched({ items: [{ title: 'Purged story', link: 'https://news.example/p' }] }));
    stop = await listener.subscribe(PURGE_CHANNEL, (message) => purged.push(parsePurge(message)!.tags));
  });

  afterAll(async () => {
    await stop();
    await listener.close();
    await t.close();
  });

  /**
   * Every purge sent so far, and forgets them: delivery is in order (each on a later turn), so hearing a
   * marker sent now means everything before it arrived.
   */
  let markers = 0;
  const heardSoFar = async (): Promise<string[][]> => {
    const marker = `marker-${(markers += 1)}`;
    await listener.publish(PURGE_CHANNEL, purgeMessage([marker]));
    await eventually(async () => expect(purged.flat()).toContain(marker));
    return purged.splice(0).filter((tags) => !tags.includes(marker));
  };

  beforeEach(heardSoFar);

  it('tags the sources, one source and the runs; a 404 carries no tag', async () => {
    const created = await call('POST', '/sources', sourceBody({ url: 'https://feeds.example/tagged.xml' }));
    const { id } = created.json<{ id: string }>();
    for (const [url, tag] of [
      ['/sources', INGESTION_SOURCES_TAG],
      [`/sources/${id}`, INGESTION_SOURCES_TAG],
      ['/runs', INGESTION_RUNS_TAG],
    ]) {
      const answer = await call('GET', url);
      expect([url, answer.statusCode, answer.headers[CACHE_TAG_HEADER]]).toEqual([url, 200, tag]);
    }
    const missing = await call('GET', '/sources/none-such');
    expect([missing.statusCode, missing.headers[CACHE_TAG_HEADER]]).toEqual([404, undefined]);
  });

  it('purges the sources on every change an admin makes, and nothing for a refused one', async () => {
    expect((await call('POST', '/sources', sourceBody({ url: 'ftp://nope' }))).statusCode).toBe(400);
    const created = await call('POST', '/sources', sourceBody({ url: 'https://feeds.example/crud.xml' }));
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: string }>();
    expect((await call('PATCH', `/sources/${id}`, { description: 'Edited' })).statusCode).toBe(200);
    expect((await call('POST', `/sources/${id}/pause`)).statusCode).toBe(200);
    expect((await call('POST', `/sources/${id}/resume`)).statusCode).toBe(200);
    expect((await call('DELETE', `/sources/${id}`)).statusCode).toBe(204);
    // One per accepted change: the refused create sent none.
    expect(await heardSoFar()).toEqual(Array(5).fill(SOURCES_ONLY));
  });

  it('purges the sources and the runs at the end of a run; queueing it purges nothing', async () => {
    const created = await call('POST', '/sources', sourceBody({ url: FEED }));
    const { id } = created.json<{ id: string }>();
    expect(await heardSoFar()).toEqual([SOURCES_ONLY]);
    expect((await call('POST', '/runs', { sourceId: id })).statusCode).toBe(202);
    await idle();
    expect(await heardSoFar()).toEqual([RUN_END]);
    // What a gateway refetching on that purge reads: the run and the source's new state.
    expect((await call('GET', `/sources/${id}`)).json()).toMatchObject({ count: 1, status: 'active' });
    expect((await call('GET', `/runs?sourceId=${id}`)).json()).toEqual([
      expect.objectContaining({ outcome: 'ok', itemsNew: 1 }),
    ]);
  });

  it('purges the sources once when the default list is seeded, not when it was seeded already', async () => {
    await t.app.get(SourcesService).seedDefaults();
    await t.app.get(SourcesService).seedDefaults();
    expect(await heardSoFar()).toEqual([SOURCES_ONLY]);
  });
});

import type { ArticleCollectedPayload, EventEnvelope } from '@pulse/contracts';
import { eventually } from '@pulse/testing';
import { COLLECTED_STORIES, type CollectedStory } from '../pipeline/collected-story.repository';
import { fetched } from '../../testing/pipeline/fake-stages';
import {
  admin,
  sourceBody,
  collectArticleEvents,
  startIngestionTestApp,
  type IngestionTestApp,
} from '../../testing/pipeline/ingestion-test-app';
import { RunQueue } from '../schedule/run-queue';
import type { RunAdminView, RunView } from './run.record';

describe('source runs', () => {
  let t: IngestionTestApp;
  let collected: Array<EventEnvelope<ArticleCollectedPayload>> = [];
  const ids: Record<string, string> = {};

  const createSource = async (key: string, url: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ingestion/sources',
      headers: admin,
      payload: sourceBody({ name: key, url }),
    });
    ids[key] = response.json<{ id: string }>().id;
  };
  /** Runs record themselves before the queue lets go of the source; wait for both. */
  const idle = () => eventually(() => expect(t.app.get(RunQueue).size).toBe(0));
  const trigger = async (payload: object = {}) => {
    await idle();
    t.clock.advance(1000); // distinct start times, so "latest run" is well defined
    return t.app.inject({ method: 'POST', url: '/api/ingestion/runs', headers: admin, payload });
  };
  const runsOf = async (key: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/ingestion/runs?sourceId=${ids[key]}` })).json<
      RunView[]
    >();
  const adminRunsOf = async (key: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/ingestion/admin/runs?sourceId=${ids[key]}`,
        headers: admin,
      })
    ).json<RunAdminView[]>();
  const sourceView = async (key: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/ingestion/sources/${ids[key]}` })).json<
      Record<string, unknown>
    >();

  beforeAll(async () => {
    // The scheduler stays out of the way: only manual triggers run sources here.
    t = await startIngestionTestApp({ config: { INGESTION_FIRST_RUN_DELAY_SECONDS: 86_400 } });
    collected = await collectArticleEvents(t);
    t.stages
      .respond(
        'https://feeds.example/good.xml',
        fetched(
          {
            items: [
              { title: 'Model A released', link: 'https://news.example/a?utm_source=rss', summary: 'Lead A' },
              { title: 'Chip B announced', link: 'https://news.example/b' },
              { title: 'Model A released (again in the same feed)', link: 'https://news.example/a#top' },
              { title: 'Broken link', link: 'not a url' },
              { title: 'x'.repeat(1001), link: 'https://news.example/long' },
            ],
            rejected: [{ reason: 'no link', title: 'Untitled' }],
          },
          { etag: '"v1"' },
        ),
      )
      .respond(
        'https://feeds.example/other.xml',
        fetched({ items: [{ title: 'MODEL A RELEASED', link: 'https://other.example/a' }] }),
      )
      .respond('https://feeds.example/throws.xml', () => {
        throw new Error('parser exploded');
      });
    await createSource('good', 'https://feeds.example/good.xml');
    await createSource('other', 'https://feeds.example/other.xml');
    await createSource('offline', 'https://feeds.example/offline.xml');
    await createSource('throws', 'https://feeds.example/throws.xml');
  });
  afterAll(() => t.close());

  it('requires the admin credential to trigger runs; reading them is public', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/ingestion/runs', payload: {} })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/ingestion/runs' })).statusCode).toBe(200);
    // The lists with each failure's own message are the admin's.
    for (const url of ['/api/ingestion/admin/runs', '/api/ingestion/admin/sources']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const answered = await t.app.inject({ method: 'GET', url, headers: admin });
      expect(answered.statusCode).toBe(200);
      expect(answered.headers['cache-control']).toBe('private, no-store');
    }
    const badLimit = await t.app.inject({ method: 'GET', url: '/api/ingestion/runs?limit=0' });
    expect(badLimit.json()).toMatchObject({ statusCode: 400, message: expect.stringMatching(/^limit: /) });
    const unknown = await trigger({ sourceId: 'nope' });
    expect(unknown.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Source not found' });
  });

  it('records every run, failures with their reason, without one source blocking the others', async () => {
    const response = await trigger({ sourceId: ids.good });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ queued: [ids.good], alreadyRunning: [] });
    const [good] = await eventually(async () => {
      const runs = await runsOf('good');
      expect(runs).toHaveLength(1);
      return runs;
    });
    expect(good).toMatchObject({
      sourceName: 'good',
      trigger: 'manual',
      outcome: 'ok',
      httpStatus: 200,
      itemsNew: 2,
      itemsDuplicate: 1,
      itemsJoined: 0,
      itemsRejected: 3, // the parser's, the bad link, the title the contract refuses
      errorCategory: null,
    });
    expect(good.rejections.map((r) => r.reason)).toEqual([
      'parse: no link',
      expect.stringMatching(/^bad link: /),
      expect.stringMatching(/^contract: (sources\.0\.)?title: /),
    ]);

    await trigger(); // every unpaused source, 'good' again among them
    await eventually(async () => expect(await runsOf('good')).toHaveLength(2));
    const [offline] = await eventually(async () => {
      const runs = await runsOf('offline');
      expect(runs).toHaveLength(1);
      return runs;
    });
    // The public list says what kind of failure it was; the resolver's own words are the admin's.
    expect(offline).toMatchObject({ outcome: 'failed', httpStatus: null, errorCategory: 'dns' });
    expect(offline).not.toHaveProperty('error');
    expect((await adminRunsOf('offline'))[0]).toMatchObject({
      errorCategory: 'dns',
      error: 'fetch network: ENOTFOUND: getaddrinfo ENOTFOUND',
    });
    const [thrown] = await eventually(async () => {
      const runs = await runsOf('throws');
      expect(runs).toHaveLength(1);
      return runs;
    });
    expect(thrown).toMatchObject({ outcome: 'failed', errorCategory: 'internal' });
    expect(JSON.stringify(thrown)).not.toContain('parser exploded');
    expect((await adminRunsOf('throws'))[0]).toMatchObject({ error: 'Error: parser exploded' });
    await eventually(async () => expect(await runsOf('other')).toHaveLength(1));
    // The run is recorded before the source's state is written: wait for the state too.
    const offlineSource = await eventually(async () => {
      const view = await sourceView('offline');
      expect(view).toMatchObject({ status: 'failing', lastErrorCategory: 'dns' });
      return view;
    });
    expect(offlineSource).not.toHaveProperty('lastError');
    const adminSources = (
      await t.app.inject({ method: 'GET', url: '/api/ingestion/admin/sources', headers: admin })
    ).json<Array<Record<string, unknown>>>();
    expect(adminSources.find((source) => source.id === ids.offline)).toMatchObject({
      lastErrorCategory: 'dns',
      lastError: 'fetch network: ENOTFOUND: getaddrinfo ENOTFOUND',
    });
  });

  it('emits article.collected per new story and per joined source, through the outbox', async () => {
    await eventually(() => expect(collected).toHaveLength(3));
    // The join repeats the story's first text with both sources, under the same cluster (partition key).
    expect(collected.map((e) => e.payload.title).sort()).toEqual([
      'Chip B announced',
      'Model A released',
      'Model A released',
    ]);
    const [modelA, joined] = collected.filter((e) => e.payload.title === 'Model A released');
    expect(modelA.key).toBe(modelA.payload.clusterId);
    expect(modelA.payload.sources).toEqual([
      expect.objectContaining({
        sourceId: ids.good,
        url: 'https://news.example/a?utm_source=rss',
        canonicalUrl: 'https://news.example/a',
      }),
    ]);
    expect(joined.key).toBe(modelA.payload.clusterId);
    expect(joined.payload).toMatchObject({ clusterId: modelA.payload.clusterId, summary: 'Lead A' });
    expect(joined.payload.sources.map((s) => [s.sourceId, s.canonicalUrl])).toEqual([
      [ids.good, 'https://news.example/a'],
      [ids.other, 'https://other.example/a'],
    ]);
    const [other] = await runsOf('other');
    expect(other).toMatchObject({ itemsNew: 0, itemsJoined: 1 });
    const story = await t.store
      .collection<CollectedStory>(COLLECTED_STORIES)
      .findOne({ _id: modelA.payload.clusterId }, { projection: { _outbox: 0 } });
    expect(story?.sources.map((s) => s.sourceId)).toEqual([ids.good, ids.other]);
    // Delivered, so nothing is left pending in the story documents.
    await eventually(async () =>
      expect(
        await t.store.collection(COLLECTED_STORIES).countDocuments({ '_outbox.0': { $exists: true } }),
      ).toBe(0),
    );
  });

  it('counts real collected stories per source and sends the stored validators on the next fetch', async () => {
    // Counts are recounted after each run finishes, which can be after the run's record appears.
    await eventually(async () => {
      expect(await sourceView('good')).toMatchObject({ count: 2, status: 'active', lastErrorCategory: null });
      expect(await sourceView('other')).toMatchObject({ count: 1 });
    });
    expect(await sourceView('offline')).toMatchObject({ count: 0 });

    t.stages.fetches.length = 0;
    await trigger({ sourceId: ids.good });
    await eventually(async () => expect(await runsOf('good')).toHaveLength(3));
    expect(t.stages.fetches[0]).toMatchObject({ url: 'https://feeds.example/good.xml', etag: '"v1"' });
    const [second] = await runsOf('good');
    expect(second).toMatchObject({ itemsNew: 0, itemsDuplicate: 3 });
    expect(collected).toHaveLength(3);
    expect(await sourceView('good')).toMatchObject({ count: 2 });
  });

  it('records a 304 as a run with nothing new', async () => {
    t.stages.respond('https://feeds.example/good.xml', {
      kind: 'not-modified',
      status: 304,
      finalUrl: 'https://feeds.example/good.xml',
      durationMs: 1,
    });
    await trigger({ sourceId: ids.good });
    const [latest] = await eventually(async () => {
      const runs = await runsOf('good');
      expect(runs).toHaveLength(4);
      return runs;
    });
    expect(latest).toMatchObject({
      outcome: 'not-modified',
      httpStatus: 304,
      itemsNew: 0,
      errorCategory: null,
    });
  });
});

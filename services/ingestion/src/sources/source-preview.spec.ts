import { startFixtureServer, type FixtureServer } from '@pulse/testing';
import {
  admin,
  startIngestionTestApp,
  type IngestionTestApp,
} from '../../testing/pipeline/ingestion-test-app';
import { realPipelineStages } from '../pipeline/pipeline-stages.provider';

describe('POST /api/ingestion/sources/preview', () => {
  let t: IngestionTestApp;
  let feeds: FixtureServer;
  beforeAll(async () => {
    feeds = await startFixtureServer();
    // Its feeds are fixture servers on this machine.
    t = await startIngestionTestApp({
      pipeline: (store) => realPipelineStages(store),
      config: { INGESTION_ALLOW_PRIVATE_SOURCES: true },
    });
  });
  afterAll(async () => {
    await t.close();
    await feeds.close();
  });

  const preview = (payload: object, headers: Record<string, string> = admin) =>
    t.app.inject({ method: 'POST', url: '/api/ingestion/sources/preview', payload, headers });
  const storedCounts = async () => ({
    sources: (await t.app.inject({ method: 'GET', url: '/api/ingestion/sources' })).json<unknown[]>().length,
    runs: (await t.app.inject({ method: 'GET', url: '/api/ingestion/runs' })).json<unknown[]>().length,
  });

  it("reads the feed's first items through the real fetcher and parser, and saves nothing", async () => {
    const before = await storedCounts();
    const response = await preview({
      sourceType: 'rss',
      url: `${feeds.url}/feeds/rss2.xml`,
      allowPrivateNetwork: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const body = response.json();
    expect(body).toMatchObject({ outcome: 'ok', finalUrl: `${feeds.url}/feeds/rss2.xml`, itemsFound: 3 });
    expect(body.items.map((item: { title: string }) => item.title)).toEqual([
      'Open-weight model tops coding benchmark at a fraction of the compute',
      'Stablecoin bill clears committee after late amendment on reserves',
      'Cloud giant signs 20-year nuclear power deal for data centres',
    ]);
    expect(body.items[0]).toEqual({
      title: expect.any(String),
      link: expect.stringMatching(/^https?:\/\//),
      publishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      summary: expect.any(String),
    });
    expect(await storedCounts()).toEqual(before);
  });

  it('keeps the address guard: a private address is refused unless the source is allowed one', async () => {
    const response = await preview({ sourceType: 'rss', url: `${feeds.url}/feeds/rss2.xml` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      outcome: 'failed',
      errorCategory: 'blocked-address',
      error: expect.stringMatching(/^fetch blocked-address: /),
    });
  });

  it('says what a run would say of a feed that is not there', async () => {
    const response = await preview({
      sourceType: 'rss',
      url: `${feeds.url}/feeds/no-such-feed.xml`,
      allowPrivateNetwork: true,
    });
    expect(response.json()).toMatchObject({ outcome: 'failed', errorCategory: 'http-4xx' });
  });

  it.each([
    [{ url: 'https://feeds.example/x.xml' }, /^sourceType: /],
    [{ sourceType: 'rss' }, /^url: /],
    [{ sourceType: 'rss', url: 'ftp://feeds.example/x' }, /^url: /],
    [{ sourceType: 'scrape', url: 'https://feeds.example/' }, /^scrape: required when sourceType is scrape/],
    [{ sourceType: 'rss', url: 'https://feeds.example/x.xml', name: 'extra' }, /name/],
  ])('answers 400 naming the field for %j', async (payload, message) => {
    const response = await preview(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(message);
  });

  it('is for the admin only', async () => {
    const payload = { sourceType: 'rss', url: `${feeds.url}/feeds/rss2.xml`, allowPrivateNetwork: true };
    expect((await preview(payload, {})).statusCode).toBe(401);
    expect((await preview(payload, { authorization: 'Bearer not-the-admin-token' })).statusCode).toBe(403);
    expect(feeds.requests.filter((r) => r.path === '/feeds/rss2.xml')).toHaveLength(1);
  });
});

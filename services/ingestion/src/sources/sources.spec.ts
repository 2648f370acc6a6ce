import {
  admin,
  sourceBody,
  startIngestionTestApp,
  type IngestionTestApp,
} from '../../testing/pipeline/ingestion-test-app';
import { DEFAULT_SOURCES } from './default-sources';
import { SourcesService } from './sources.service';

describe('sources API', () => {
  let t: IngestionTestApp;
  beforeAll(async () => {
    t = await startIngestionTestApp();
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, auth = true) =>
    t.app.inject({ method, url: `/api/ingestion/sources${url}`, payload, headers: auth ? admin : {} });

  it('guards every change with the admin credential; reading is public', async () => {
    expect((await call('POST', '', sourceBody(), false)).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/ingestion/sources',
      payload: sourceBody(),
      headers: { authorization: 'Bearer not-the-admin-token' },
    });
    expect(wrong.statusCode).toBe(403);
    expect((await call('GET', '', undefined, false)).statusCode).toBe(200);
  });

  it.each([
    [{ name: '' }, /^name: /],
    [{ name: 'x'.repeat(101) }, /^name: /],
    [{ description: 'x'.repeat(501) }, /^description: /],
    [{ sourceType: 'ftp' }, /^sourceType: /],
    [{ url: 'ftp://feeds.example/x' }, /^url: /],
    [{ url: 'javascript:alert(1)' }, /^url: /],
    [{ category: 'cooking' }, /^category: /],
    [{ imageUrl: 'not a url' }, /^imageUrl: /],
    [{ sourceType: 'scrape' }, /^scrape: required when sourceType is scrape/],
    [{ scrape: { item: '', link: 'a' }, sourceType: 'scrape' }, /^scrape\.item: /],
    [{ intervalMinutes: 0 }, /^intervalMinutes: /],
    [{ allowPrivateNetwork: 'yes' }, /^allowPrivateNetwork: /],
    [{ owner: 'me' }, /owner/],
  ])('answers 400 naming the field for %j', async (override, message) => {
    const response = await call('POST', '', sourceBody(override));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.stringMatching(message),
    });
  });

  it('creates, lists, edits, pauses, resumes and deletes a source', async () => {
    const created = await call('POST', '', sourceBody({ url: 'https://feeds.example/crud.xml' }));
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: string }>();
    expect(created.json()).toMatchObject({ name: 'Example AI', allowPrivateNetwork: false, origin: 'admin' });

    const listed = (await call('GET', '', undefined, false)).json<Array<Record<string, unknown>>>();
    expect(listed.find((s) => s.id === id)).toEqual(
      expect.objectContaining({
        count: 0,
        status: 'active',
        lastRunAt: null,
        sourceType: 'rss',
        imageUrl: null,
      }),
    );
    // Fetch options are for admins only.
    expect(listed.find((s) => s.id === id)).not.toHaveProperty('allowPrivateNetwork');

    const edited = await call('PATCH', `/${id}`, { description: 'Edited' });
    expect(edited.json()).toMatchObject({ description: 'Edited', name: 'Example AI' });
    const toScrape = await call('PATCH', `/${id}`, { sourceType: 'scrape' });
    expect(toScrape.statusCode).toBe(400);
    expect(toScrape.json().message).toMatch(/^scrape: /);

    expect((await call('POST', `/${id}/pause`)).json()).toMatchObject({ status: 'paused' });
    expect((await call('GET', `/${id}`, undefined, false)).json()).toMatchObject({ status: 'paused' });
    expect((await call('POST', `/${id}/resume`)).json()).toMatchObject({ status: 'active' });

    expect((await call('DELETE', `/${id}`)).statusCode).toBe(204);
    const gone = await call('GET', `/${id}`, undefined, false);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Source not found' });
  });

  it('answers 404 for unknown sources and 409 for a second source with the same URL', async () => {
    for (const [method, url] of [
      ['PATCH', '/nope'],
      ['DELETE', '/nope'],
      ['POST', '/nope/pause'],
      ['POST', '/nope/resume'],
    ] as const) {
      const response = await call(method, url, method === 'PATCH' ? { name: 'x' } : undefined);
      expect(response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'Source not found' });
    }
    expect((await call('POST', '', sourceBody({ url: 'https://feeds.example/same.xml' }))).statusCode).toBe(
      201,
    );
    const again = await call('POST', '', sourceBody({ url: 'https://feeds.example/same.xml' }));
    expect(again.statusCode).toBe(409);
  });
});

describe('default sources', () => {
  let t: IngestionTestApp;
  beforeAll(async () => {
    t = await startIngestionTestApp({ config: { INGESTION_SEED_DEFAULT_SOURCES: true } });
  });
  afterAll(() => t.close());

  it('cover every category with RSS/Atom feeds, the Hacker News API and a scraped site', () => {
    for (const category of ['gen-ai', 'blockchain', 'big-tech'])
      expect(DEFAULT_SOURCES.filter((s) => s.category === category).length).toBeGreaterThanOrEqual(3);
    expect(DEFAULT_SOURCES.find((s) => s.sourceType === 'api')?.url).toBe(
      'https://hacker-news.firebaseio.com/v0/topstories.json',
    );
    expect(DEFAULT_SOURCES.find((s) => s.sourceType === 'scrape')?.scrape).toMatchObject({
      item: expect.any(String),
    });
    expect(new Set(DEFAULT_SOURCES.map((s) => s.id)).size).toBe(DEFAULT_SOURCES.length);
  });

  it('are seeded into an empty store once; a deleted default stays deleted', async () => {
    const list = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/ingestion/sources' })).json<
        Array<{ id: string; origin: string }>
      >();
    const seeded = await list();
    expect(seeded.map((s) => s.id).sort()).toEqual(DEFAULT_SOURCES.map((s) => s.id).sort());
    expect(seeded.every((s) => s.origin === 'default-list')).toBe(true);
    await t.app.inject({ method: 'DELETE', url: '/api/ingestion/sources/techcrunch', headers: admin });
    await t.app.get(SourcesService).seedDefaults();
    expect((await list()).map((s) => s.id)).not.toContain('techcrunch');
  });
});

import { startContentTestApp, type ContentTestApp } from '../../testing/content-test-app';

describe('sources and sidebar: bad input', () => {
  let t: ContentTestApp;
  beforeAll(async () => {
    t = await startContentTestApp();
  });
  afterAll(() => t.close());

  it.each(['/api/sources', '/api/sidebar-data', '/api/sidebar-data/full'])(
    '%s takes no parameters: unknown, injected, repeated or huge ones are a 400 naming them',
    async (path) => {
      for (const [query, name] of [
        ['limit=10', 'limit'],
        ['%24ne=null', '$ne'],
        ['tag[$ne]=null', 'tag[$ne]'],
        ['q=a&q=b', 'q'],
        [`x=${'가'.repeat(5000)}`, 'x'],
      ]) {
        const response = await t.get(`${path}?${query}`);
        expect({ query, status: response.status }).toEqual({ query, status: 400 });
        expect(response.body).toEqual({
          statusCode: 400,
          error: 'Bad Request',
          // The platform's filter prefixes the path of the issue ('body' for the whole query object).
          message: expect.stringContaining(`unknown parameter(s): ${name}`),
        });
      }
    },
  );

  it('answers an empty catalogue with empty lists and zero counts, never an error', async () => {
    expect((await t.get('/api/sources')).body).toEqual({ sources: [] });
    expect((await t.get('/api/sidebar-data')).body).toEqual({
      popularTags: [],
      rssSources: [],
      articleCounts: { total: 0, today: 0 },
    });
  });
});

import { startContentTestApp, translatedArticle, type ContentTestApp } from '../../testing/content-test-app';

const FEEDS = ['/rss.xml', '/atom.xml', '/feed.json', '/news-sitemap.xml', '/category/gen-ai/rss.xml'];

describe('feeds: bad input', () => {
  let t: ContentTestApp;
  beforeAll(async () => {
    t = await startContentTestApp();
    await t.translated(translatedArticle());
  });
  afterAll(() => t.close());

  const expect400 = async (url: string, message: RegExp) => {
    const response = await t.get<{ message: string }>(url);
    expect({ url, status: response.status }).toEqual({ url, status: 400 });
    expect(response.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.stringMatching(message),
    });
  };

  it.each(FEEDS)(
    '%s takes no parameters: unknown, injected or repeated ones are a 400 naming them',
    async (path) => {
      await expect400(`${path}?format=xml`, /unknown parameter\(s\): format/);
      await expect400(`${path}?%24ne=null`, /unknown parameter\(s\): \$ne/);
      await expect400(`${path}?page[$ne]=1`, /unknown parameter\(s\): page\[\$ne\]/);
    },
  );

  it.each([
    ['page=0', /page must be an integer from 1 to 100000/],
    ['page=-1', /page must be an integer from 1 to 100000/],
    ['page=abc', /page must be an integer/],
    ['page=1.5', /page must be an integer/],
    ['page=', /page must be an integer/],
    [`page=${'9'.repeat(30)}`, /page must be an integer/],
    ['page=1&page=2', /page must be an integer/],
    ['page[$gt]=1', /unknown parameter\(s\): page\[\$gt\]/],
    ['page=1&sort=asc', /unknown parameter\(s\): sort/],
  ])('/sitemap.xml?%s is a 400 naming the parameter', async (query, message) => {
    await expect400(`/sitemap.xml?${query}`, message);
  });

  it('answers an over-long category name with 400, and a malformed escape or an operator never with a 500', async () => {
    const long = await t.get(`/category/${'a'.repeat(101)}/rss.xml`);
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ statusCode: 400, message: expect.any(String) });
    expect((await t.get(`/category/${'a'.repeat(100)}/rss.xml`)).status).toBe(404);
    // The name is read before the query: a bad name with a stray parameter is answered for the name.
    await expect400(`/category/${'a'.repeat(101)}/rss.xml?format=xml`, /slug must be 1 to 100 characters/);
    // fastify's router refuses a malformed %-escape before routing.
    expect((await t.get('/category/%E0%A4%A/rss.xml')).status).toBe(400);
    const injected = await t.get(`/category/${encodeURIComponent('{"$ne":null}')}/rss.xml`);
    expect(injected.status).toBe(404);
  });

  it('serves page 1 of an unsplit sitemap and 404 for any further page', async () => {
    expect((await t.get('/sitemap.xml?page=1')).status).toBe(200);
    expect((await t.get('/sitemap.xml?page=2')).status).toBe(404);
  });
});

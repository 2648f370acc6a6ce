import type { GenerateImageResponse } from '@pulse/contracts';
import { startContentTestApp, translatedArticle, type ContentTestApp } from '../../testing/content-test-app';
import { atWidth, generate } from '../../testing/images/image-fixtures';

const ID_RULE = 'id: id must be 1 to 100 characters of letters, digits, _ or -';
const W_RULE = 'w: w must be one of: 320, 640, 960, 1280, 1920';

describe('article images: bad input is a 400 naming the field, never a 500', () => {
  let content: ContentTestApp;
  let imageUrl: string;

  beforeAll(async () => {
    content = await startContentTestApp({ env: { PUBLIC_SITE_URL: 'https://pulse.example.kr' } });
    await content.translated(translatedArticle({ articleId: 'bad-1' }));
    imageUrl = (await generate(content, 'bad-1')).json<GenerateImageResponse>().imageUrl;
  }, 30_000);
  afterAll(() => content.close());

  const expect400 = (response: { statusCode: number; json(): unknown }, message: string | RegExp) => {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: typeof message === 'string' ? message : expect.stringMatching(message),
    });
  };

  it.each([
    ['an over-long id', 'a'.repeat(101)],
    ['an operator object', encodeURIComponent('{"$ne":null}')],
    ['dots and slashes', encodeURIComponent('../articles')],
    ['Korean text', encodeURIComponent('기사')],
  ])('POST generate-image with %s → 400', async (_, id) => {
    expect400(await generate(content, id), ID_RULE);
  });

  it.each([
    ['another width', '?w=500'],
    ['no number', '?w=abc'],
    ['an empty width', '?w='],
    ['two widths', '?w=320&w=640'],
  ])('GET an image with %s → 400 naming w and the allowed values', async (_, query) => {
    const path = atWidth(imageUrl, 320).replace(/\?w=\d+$/, query);
    expect400(await content.inject({ method: 'GET', url: path }), W_RULE);
  });

  it('rejects unknown query parameters and operator syntax in them', async () => {
    const base = atWidth(imageUrl, 320).replace(/\?w=\d+$/, '');
    expect400(
      await content.inject({ method: 'GET', url: `${base}?width=320` }),
      /unknown parameter\(s\): width$/,
    );
    expect400(
      await content.inject({ method: 'GET', url: `${base}?w[$ne]=1` }),
      /unknown parameter\(s\): w\[\$ne\]$/,
    );
  });

  it('rejects a malformed id or hash in the image path', async () => {
    expect400(
      await content.inject({ method: 'GET', url: `/api/content/images/${'x'.repeat(101)}?w=320` }),
      ID_RULE,
    );
    expect400(
      await content.inject({ method: 'GET', url: '/api/content/images/bad-1/NOT-A-HASH?w=320' }),
      'hash: hash must be 16 lowercase hexadecimal characters',
    );
  });
});

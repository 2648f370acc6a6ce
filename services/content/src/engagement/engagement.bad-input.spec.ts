import { TOPICS, type EventEnvelope } from '@pulse/contracts';
import { startContentTestApp, translatedArticle, type ContentTestApp } from '../../testing/content-test-app';

interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
}

type Method = 'GET' | 'POST' | 'DELETE';

/** docs/design.md §7 for the engagement endpoints: bad input is a 400 naming the field, never a 500. */
describe('content service: engagement endpoints reject bad input', () => {
  let content: ContentTestApp;
  let engaged: EventEnvelope[];

  const send = async (method: Method, url: string, payload?: unknown, contentType = 'application/json') => {
    const response = await content.inject({
      method,
      url,
      ...(payload === undefined
        ? {}
        : {
            payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
            headers: { 'content-type': contentType },
          }),
    });
    return { status: response.statusCode, body: response.json() as ErrorBody };
  };
  const expectError = async (
    call: Promise<{ status: number; body: ErrorBody }>,
    status: number,
    message: RegExp | string,
  ) => {
    const { status: actual, body } = await call;
    expect({ status: actual, body }).toEqual({
      status,
      body: { statusCode: status, error: expect.any(String), message: expect.stringMatching(message) },
    });
  };

  beforeAll(async () => {
    content = await startContentTestApp();
    engaged = await content.collect(TOPICS.articleEngaged);
    await content.translated(translatedArticle({ articleId: 'ok1' }));
    // Held for review: exists in the store but not for readers.
    await content.translated(translatedArticle({ articleId: 'held1', translationStatus: 'held' }));
  }, 60_000);

  afterAll(() => content.close());

  const longId = 'a'.repeat(101);

  it.each<[Method, string]>([
    ['POST', '/api/articles/%24ne/view'],
    ['POST', `/api/articles/${'a'.repeat(60)}.x/view`],
    ['POST', '/api/articles/a.b/view'],
    ['GET', '/api/interactions/status/%7B%22%24ne%22%3Anull%7D'],
    ['GET', `/api/interactions/status/${'a'.repeat(60)}!`],
  ])('%s %s: a malformed id is a 400 naming id', async (method, url) => {
    await expectError(send(method, url), 400, /^id: /);
  });

  it.each<[Method, string]>([
    ['POST', `/api/articles/${longId}/view`],
    ['GET', `/api/interactions/status/${longId}`],
    ['POST', `/api/articles/${longId}/share`],
  ])('%s %s: a path parameter over 100 characters is a 400 naming it', async (method, url) => {
    await expectError(send(method, url), 400, /^id: /);
  });

  it.each<[Method, string]>([
    ['POST', '/api/articles/no-such-article/view'],
    ['GET', '/api/interactions/status/no-such-article'],
    ['POST', '/api/articles/held1/view'],
  ])('%s %s: an unknown or unpublished article is the detail page 404', async (method, url) => {
    await expectError(send(method, url), 404, /^Article not found$/);
  });

  describe.each<[Method, string]>([
    ['POST', '/api/interactions/like'],
    ['DELETE', '/api/interactions/unlike'],
  ])('%s %s', (method, url) => {
    it.each<[string, unknown, RegExp]>([
      ['no body', undefined, /^body: /],
      ['an empty object', {}, /^contentId: id is required/],
      ['an operator for contentId', { contentId: { $ne: null }, contentType: 'article' }, /^contentId: /],
      ['an array for contentId', { contentId: ['ok1'], contentType: 'article' }, /^contentId: /],
      ['an over-long contentId', { contentId: longId, contentType: 'article' }, /^contentId: /],
      [
        'another content type',
        { contentId: 'ok1', contentType: 'video' },
        /^contentType: contentType must be one of: article$/,
      ],
      ['a missing content type', { contentId: 'ok1' }, /^contentType: /],
      [
        'an unknown key',
        { contentId: 'ok1', contentType: 'article', userId: 'x' },
        /unknown parameter\(s\): userId/,
      ],
      ['an array body', [{ contentId: 'ok1', contentType: 'article' }], /^body: /],
    ])('%s → 400', async (_name, payload, message) => {
      await expectError(send(method, url, payload), 400, message);
    });

    it('bad JSON → 400', async () => {
      await expectError(send(method, url, '{"contentId":'), 400, /JSON/i);
    });

    it('an unknown article → 404', async () => {
      await expectError(
        send(method, url, { contentId: 'no-such-article', contentType: 'article' }),
        404,
        /^Article not found$/,
      );
    });
  });

  it.each<[string, unknown, RegExp]>([
    ['no body', undefined, /^body: /],
    [
      'no platform',
      {},
      /^platform: platform must be one of: facebook, twitter, telegram, linkedin, copy-link, native$/,
    ],
    ['an unknown platform', { platform: 'myspace' }, /^platform: platform must be one of: /],
    ['an operator for platform', { platform: { $ne: null } }, /^platform: /],
    ['an array for platform', { platform: ['facebook'] }, /^platform: /],
    ['an over-long platform', { platform: 'x'.repeat(10_000) }, /^platform: /],
    ['an unknown key', { platform: 'facebook', count: 100 }, /unknown parameter\(s\): count/],
  ])('POST /api/articles/:id/share with %s → 400', async (_name, payload, message) => {
    await expectError(send('POST', '/api/articles/ok1/share', payload), 400, message);
  });

  it('share: a malformed id is 400 and an unknown article 404, before any rate limit', async () => {
    await expectError(send('POST', '/api/articles/%24where/share', { platform: 'facebook' }), 400, /^id: /);
    await expectError(
      send('POST', '/api/articles/no-such-article/share', { platform: 'facebook' }),
      404,
      /^Article not found$/,
    );
  });

  it('a body over the 1 MiB limit is a 413', async () => {
    const huge = { platform: 'facebook', padding: 'x'.repeat(1024 * 1024 + 1) };
    await expectError(send('POST', '/api/articles/ok1/share', huge), 413, /too large/i);
  });

  it('none of it changed a counter or emitted an event', async () => {
    const article = await content.store
      .collection('articles')
      .findOne<Record<string, unknown>>({ _id: 'ok1' });
    expect(article).toMatchObject({ views: 0, likesCount: 0, sharesCount: 0 });
    expect(engaged).toHaveLength(0);
  });
});

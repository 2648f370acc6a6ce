import { request } from 'undici';
import { HOSTILE_ROUTES } from './hostile-routes';
import { startFixtureServer, type FixtureServer } from './fixture-server';

describe('fixture server', () => {
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startFixtureServer();
  });
  afterAll(() => server.close());

  it('serves fixture files with a content type by extension and validators, and answers 304', async () => {
    const first = await request(`${server.url}/hostile/xxe.xml`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/xml');
    expect(await first.body.text()).toContain('<!ENTITY xxe SYSTEM');
    const etag = first.headers['etag'] as string;

    const again = await request(`${server.url}/hostile/xxe.xml`, { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    await again.body.dump();
    const since = await request(`${server.url}/hostile/xxe.xml`, {
      headers: { 'if-modified-since': first.headers['last-modified'] as string },
    });
    expect(since.statusCode).toBe(304);
    await since.body.dump();
  });

  it.each([
    '/%2e%2e/package.json',
    '/..%2fpackage.json',
    '/hostile/%2e%2e/%2e%2e/package.json',
    '/no-such-file.xml',
  ])('does not serve %s', async (path) => {
    const response = await request(`${server.url}${path}`);
    expect(response.statusCode).toBe(404);
    await response.body.dump();
  });

  it('plays the scripted routes', async () => {
    const redirect = await request(`${server.url}${HOSTILE_ROUTES.redirectTo127_1}`);
    expect([redirect.statusCode, redirect.headers['location']]).toEqual([302, 'http://127.1/']);
    await redirect.body.dump();
    const mapped = await request(`${server.url}${HOSTILE_ROUTES.redirectToMappedMetadata}`);
    expect(mapped.headers['location']).toContain('[::ffff:a9fe:a9fe]');
    await mapped.body.dump();
    const status = await request(`${server.url}${HOSTILE_ROUTES.status(500)}`);
    expect(status.statusCode).toBe(500);
    await status.body.dump();
  });
});

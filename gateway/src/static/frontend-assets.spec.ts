import pino from 'pino';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { gatewayConfigSchema } from '../gateway.config';
import { RemoteLocations, remoteUrlsOf } from '../remotes/remote-locations';
import { registerFrontendAssets } from './frontend-assets.plugin';

describe('front-end assets: precompressed copies', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'pulse-assets-'));
  const source = Buffer.from('console.log("펄스");'.repeat(200));
  let app: FastifyInstance;

  beforeAll(async () => {
    const dist = path.join(root, 'shell', 'dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(path.join(dist, 'main.1234abcd.js'), source);
    writeFileSync(path.join(dist, 'main.1234abcd.js.br'), brotliCompressSync(source));
    writeFileSync(path.join(dist, 'main.1234abcd.js.gz'), gzipSync(source));
    writeFileSync(path.join(dist, 'plain.1234abcd.css'), 'body{}');
    mkdirSync(path.join(dist, 'server'));
    writeFileSync(path.join(dist, 'server', 'render.js'), 'module.exports = {};');
    const news = path.join(root, 'news', 'dist');
    mkdirSync(news, { recursive: true });
    writeFileSync(path.join(news, 'mf-manifest.json'), '{"name":"news"}');
    writeFileSync(path.join(root, 'secret.txt'), 'outside every dist');
    app = Fastify();
    const config = gatewayConfigSchema.parse({ FRONTENDS_DIR: root });
    await registerFrontendAssets(
      app,
      config,
      new RemoteLocations(remoteUrlsOf(config), undefined, pino({ level: 'silent' })),
      async (_request, reply) => reply.send('document'),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (acceptEncoding?: string, file = 'main.1234abcd.js') =>
    app.inject({
      method: 'GET',
      url: `/${file}`,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends brotli when accepted, else gzip, else the original, always varying on Accept-Encoding', async () => {
    const br = await get('gzip, deflate, br');
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', vary: 'accept-encoding' });
    expect(br.headers['content-type']).toContain('text/javascript');
    expect(br.rawPayload.length).toBeLessThan(source.length);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(source)).toBe(true);
  });

  it('honours q=0 and falls back to the original when no copy exists', async () => {
    expect((await get('br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get('br', 'plain.1234abcd.css')).headers['content-encoding']).toBeUndefined();
  });

  it('keeps hashed bundles a year (immutable) and makes manifests revalidate, with validators for a 304', async () => {
    const hashed = await get('br');
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await app.inject({ method: 'GET', url: '/remotes/news/mf-manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.json()).toEqual({ name: 'news' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const again = await app.inject({
      method: 'GET',
      url: '/remotes/news/mf-manifest.json',
      headers: { 'if-none-match': String(manifest.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it.each([
    ['the server render', '/server/render.js'],
    ['the server render, percent-encoded', '/%73erver/render.js'],
    ['the server render, through a dot segment', '/assets/..%2Fserver/render.js'],
    ['a file beside the dists', '/..%2F..%2Fsecret.txt'],
    ["a remote's missing file", '/remotes/news/missing.js'],
    ["a file outside a remote's dist", '/remotes/news/..%2F..%2Fsecret.txt'],
    ['a missing bundle', '/main.00000000.js'],
  ])('answers %s with a JSON 404', async (_what, url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, message: '파일을 찾을 수 없습니다.' });
  });

  it('gives a path without a file extension to the document renderer', async () => {
    const response = await app.inject({ method: 'GET', url: '/news/some-article' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('document');
  });
});

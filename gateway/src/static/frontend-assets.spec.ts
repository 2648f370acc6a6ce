import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { gatewayConfigSchema } from '../gateway.config';
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
    app = Fastify();
    registerFrontendAssets(app, gatewayConfigSchema.parse({ FRONTENDS_DIR: root }), async (_request, reply) =>
      reply.send('document'),
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
});

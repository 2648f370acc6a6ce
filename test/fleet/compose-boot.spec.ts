import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '../support/processes';
import { siteCall } from '../support/site-call';
import { loadCompose, parseDotEnv } from './compose-file';
import { ComposeStack } from './compose';

/**
 * A port nobody uses now, below the ephemeral range (32768–60999 on Linux): a port from that range can be
 * taken by any outgoing connection on the host by the time the proxy binds it, as the host's 3000 may
 * belong to a developer's `npm start`.
 */
async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

const secret = () => randomBytes(24).toString('hex');

/**
 * docker-compose.yml booted as `docker compose up --wait` would, without a container engine (test/fleet,
 * docs/fleet.md 'docker-compose.yml'): each service in a namespace of its own, reachable by its service
 * name; the Pulse images as processes with the file's environment over the Dockerfile's; the
 * infrastructure images as stand-ins. The `.env` is what .env.example asks an operator to fill in, secrets
 * random. Needs root, iproute2 and nftables: without them it fails, saying which.
 */
describe('docker-compose.yml boots', () => {
  let stack: ComposeStack;
  let site: string;
  const adminToken = secret();

  beforeAll(async () => {
    const port = await freePort();
    site = `http://127.0.0.1:${port}`;
    stack = await ComposeStack.boot({
      // As `docker compose` reads it: another file (a broken copy, to see this test fail) through COMPOSE_FILE.
      file: process.env.COMPOSE_FILE ?? 'docker-compose.yml',
      // Inside the hook's time, so that a boot that never turns healthy cleans up after itself.
      timeoutMs: 240_000,
      dotEnv: [
        '# Written as an operator fills in .env.example.',
        `MEILI_MASTER_KEY=${secret()}`,
        `REDIS_PASSWORD=${secret()}`,
        `PULSE_PORT=${port}`,
        `PUBLIC_SITE_URL=http://localhost:${port}`,
        `ADMIN_TOKEN=${adminToken}`,
        `STAFF_ASSERTION_SECRET=${secret()}`,
        `COMMUNITY_TOKEN_SECRET=${secret()}`,
        '',
      ].join('\n'),
    });
  }, 300_000);

  afterAll(async () => {
    await stack?.close();
  });

  const call = (method: string, url: string, init?: Parameters<typeof siteCall>[3]) =>
    siteCall(site, method, url, init);

  it('starts every service, each healthy by its own healthcheck (the stand-ins by their probes)', () => {
    const states = Object.fromEntries(stack.project.services.map((s) => [s.name, stack.health(s.name)]));
    const expected = Object.fromEntries(
      stack.project.services.map((s) => [s.name, s.build ? 'healthy' : 'stand-in']),
    );
    expect(states).toEqual(expected);
    expect(stack.project.services.filter((s) => s.build)).toHaveLength(8);
    expect(stack.project.unsetReferences).toEqual([]);
    expect(stack.figures.healthchecksPassed).toBeGreaterThanOrEqual(8);
  });

  it("serves a page and an API answer on the gateway's published port", async () => {
    const page = await call('GET', '/');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<html/i);
    const news = await call('GET', '/api/content/news');
    expect(news.status).toBe(200);
    expect(JSON.parse(news.text)).toMatchObject({ articles: expect.any(Array) });
  });

  it('signs a nickname up and asks a question with its cookie and CSRF token, then reads both back', async () => {
    const username = `컴포즈${randomBytes(3).toString('hex')}`;
    const signUp = await call('POST', '/api/community/auth/anonymous', { body: { username } });
    expect(signUp.status).toBe(201);
    const cookies = signUp.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
    const csrf = cookies.find((c) => c.startsWith('pulse_csrf='))!.split('=')[1];
    const me = await call('GET', '/api/community/auth/me', { headers: { cookie: cookies.join('; ') } });
    expect(me.status).toBe(200);
    expect(me.text).toContain(username);

    const title = `컴포즈 부팅 확인 ${randomBytes(4).toString('hex')}`;
    const body = {
      title,
      content: '도커 컴포즈 파일을 그대로 띄웠을 때 글쓰기가 저장되는지 확인합니다.',
      category: 'blockchain',
      tagIds: [],
      tags: ['컴포즈'],
    };
    const withoutCsrf = await call('POST', '/api/community/questions', {
      body,
      headers: { cookie: cookies.join('; ') },
    });
    expect(withoutCsrf.status).toBe(403);
    const ask = await call('POST', '/api/community/questions', {
      body,
      headers: { cookie: cookies.join('; '), 'x-csrf-token': csrf },
    });
    expect(ask.status).toBe(201);
    const id = (JSON.parse(ask.text) as { data: { id: string } }).data.id;
    const read = await call('GET', `/api/community/questions/${id}`);
    expect(read.status).toBe(200);
    expect(read.text).toContain(title);
  });
});

describe('docker-compose.yml with a variable missing from .env', () => {
  it('refuses to load, naming each `:?` variable left unset', () => {
    const file = path.join(REPO_ROOT, 'docker-compose.yml');
    const env = parseDotEnv(`MEILI_MASTER_KEY=${secret()}\n`);
    expect(() => loadCompose(file, env)).toThrow(/REDIS_PASSWORD: set REDIS_PASSWORD in \.env/);
    expect(readFileSync(file, 'utf8')).toContain('${REDIS_PASSWORD:?');
  });
});

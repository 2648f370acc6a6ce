import type { Readable } from 'node:stream';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestGateway } from '../../testing/test-gateway';
import { HttpUpstream } from './http.upstream';
import { readinessFrom } from './upstream';

interface Replica {
  url: string;
  hits: () => number;
  /** Answer every request with this status from now on (a replica that is starting or stopping). */
  answerWith: (status: number) => void;
  stop: () => Promise<void>;
}

async function startReplica(name: string, port = 0): Promise<Replica> {
  let hits = 0;
  let status = 200;
  const server = http.createServer((request, response) => {
    hits += 1;
    request.resume();
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ name }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    hits: () => hits,
    answerWith: (next) => (status = next),
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A replica that takes each request and never answers it (a process stuck on a slow query). */
async function startSilentReplica(): Promise<Omit<Replica, 'answerWith'>> {
  let hits = 0;
  const server = http.createServer((request) => {
    hits += 1;
    request.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits: () => hits,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The address of a port nothing listens on (just bound, then let go): connecting to it is refused. */
async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

const get = (upstream: HttpUpstream) => upstream.forward({ method: 'GET', url: '/api/x', headers: {} });
const post = (upstream: HttpUpstream) =>
  upstream.forward({ method: 'POST', url: '/api/x', headers: {}, body: Buffer.from('{}') });
const nameOf = (response: { body: Buffer | Readable }) =>
  (JSON.parse((response.body as Buffer).toString()) as { name: string }).name;

describe('HttpUpstream over several replicas', () => {
  let a: Replica;
  let b: Replica;
  let upstream: HttpUpstream;
  let clock = 1_000_000;

  beforeEach(async () => {
    a = await startReplica('a');
    b = await startReplica('b');
    clock = 1_000_000;
    upstream = new HttpUpstream('content', ['/api/x'], [a.url, b.url], 2_000, { now: () => clock });
  });

  afterEach(async () => {
    await upstream.close();
    await a.stop().catch(() => undefined);
    await b.stop().catch(() => undefined);
  });

  it('balances requests over the replicas in turn', async () => {
    const names = [];
    for (let i = 0; i < 6; i += 1) names.push(nameOf(await get(upstream)));
    expect(names.sort()).toEqual(['a', 'a', 'a', 'b', 'b', 'b']);
  });

  it('retries a read once on the other replica when one is gone, then leaves that one out for a while', async () => {
    await a.stop();
    for (let i = 0; i < 6; i += 1) {
      const response = await get(upstream);
      expect([response.statusCode, nameOf(response)]).toEqual([200, 'b']);
    }
    // The gone replica was asked once, then left out: every other request went straight to b.
    expect(b.hits()).toBe(6);
  });

  it('retries a read answered 503 by a replica that is stopping', async () => {
    a.answerWith(503);
    for (let i = 0; i < 4; i += 1) expect(nameOf(await get(upstream))).toBe('b');
  });

  it('never retries a write that reached a replica: it may have been applied', async () => {
    a.answerWith(503);
    const statuses = [];
    for (let i = 0; i < 2; i += 1) statuses.push((await post(upstream)).statusCode);
    expect(statuses.sort()).toEqual([200, 503]);
    // Dropped after it was sent: the write fails here (the proxy answers 502).
    const dropping = http.createServer((request) => request.socket.destroy());
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve));
    const dropped = new HttpUpstream(
      'content',
      ['/api/x'],
      [`http://127.0.0.1:${(dropping.address() as AddressInfo).port}`, b.url],
      2_000,
    );
    const hitsBefore = b.hits();
    await expect(post(dropped)).rejects.toThrow();
    expect(b.hits()).toBe(hitsBefore);
    await dropped.close();
    await new Promise((resolve) => dropping.close(resolve));
  });

  it('retries a write on another replica when its connection was refused: nothing was sent', async () => {
    await upstream.close();
    upstream = new HttpUpstream('content', ['/api/x'], [await closedPortUrl(), b.url], 2_000, {
      now: () => clock,
    });
    const response = await post(upstream);
    expect([response.statusCode, nameOf(response)]).toEqual([200, 'b']);
    expect(b.hits()).toBe(1);
  });

  it('neither retries a read that timed out nor leaves the slow replica out', async () => {
    const silent = await startSilentReplica();
    await upstream.close();
    upstream = new HttpUpstream('content', ['/api/x'], [silent.url, b.url], 200, { now: () => clock });
    await expect(get(upstream)).rejects.toMatchObject({ code: 'UND_ERR_HEADERS_TIMEOUT' });
    expect([silent.hits(), b.hits()]).toEqual([1, 0]);
    // Still in turn: the next read goes to b, the one after it to the slow replica again.
    expect(nameOf(await get(upstream))).toBe('b');
    await expect(get(upstream)).rejects.toMatchObject({ code: 'UND_ERR_HEADERS_TIMEOUT' });
    expect(silent.hits()).toBe(2);
    await silent.stop();
  });

  it('uses a replica again after its cool-down, and reports ready while any replica is', async () => {
    const port = Number(new URL(a.url).port);
    await a.stop();
    await get(upstream);
    await get(upstream);
    expect(await upstream.check()).toEqual({ ok: true });
    await b.stop();
    const down = await upstream.check();
    expect(down).toEqual({ ok: false, reason: expect.stringContaining('content (http://127.0.0.1:') });
    a = await startReplica('a2', port);
    clock += 6_000;
    expect(nameOf(await get(upstream))).toBe('a2');
  });
});

describe('the gateway over a service that takes a request and does not answer in time', () => {
  it('answers 504 after one timeout, without asking another replica', async () => {
    const silent = await startSilentReplica();
    const answering = await startReplica('answering');
    const gateway = await startTestGateway({
      upstreams: [new HttpUpstream('content', ['/api/content'], [silent.url, answering.url], 300)],
    });
    try {
      const response = await fetch(`${gateway.base}/api/content/news`);
      expect(response.status).toBe(504);
      expect(await response.json()).toEqual({
        statusCode: 504,
        error: 'Gateway Timeout',
        message: 'content 서비스가 응답하지 않습니다. 잠시 후 다시 시도해 주세요.',
      });
      expect([silent.hits(), answering.hits()]).toEqual([1, 0]);
    } finally {
      await gateway.close();
      await silent.stop();
      await answering.stop();
    }
  });
});

describe('readinessFrom: what an upstream /readyz answer means to the gateway', () => {
  it('is ready on 200 ready, degraded (still serving, named) on 200 degraded, failing on 503', () => {
    expect(readinessFrom('content', 200, JSON.stringify({ status: 'ready', checks: {} }))).toEqual({
      ok: true,
    });
    const body = JSON.stringify({ status: 'degraded', checks: { bus: { ok: false, reason: 'no broker' } } });
    expect(readinessFrom('content', 200, body)).toEqual({
      ok: false,
      degraded: true,
      reason: expect.stringContaining('no broker'),
    });
    expect(readinessFrom('content', 503, '{"status":"not ready"}')).toEqual({
      ok: false,
      reason: 'content /readyz answered 503: {"status":"not ready"}',
    });
    // An answer that is not the platform's JSON (an older build): its 200 still means ready.
    expect(readinessFrom('content', 200, 'OK')).toEqual({ ok: true });
  });
});

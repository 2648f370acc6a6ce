import type { FastifyReply } from 'fastify';
import type { Adapter, HealthResult } from '../lifecycle';
import type { PortSet } from '../runtime/port-set';
import { HealthController, readinessHttpStatus } from './health.controller';

/** An adapter whose health the test sets. */
const probe = (name: string): Adapter & { health: HealthResult } => ({
  adapterName: name,
  health: { ok: true },
  async check() {
    return this.health;
  },
  async close() {},
});

async function readiness(controller: HealthController) {
  const body = await controller.assess();
  return {
    code: readinessHttpStatus(body.status),
    status: body.status,
    failing: Object.keys(body.checks).filter((k) => !body.checks[k].ok),
  };
}

/** What GET /readyz answers, with the given Authorization header. */
async function answer(controller: HealthController, authorization?: string) {
  let code = 200;
  const reply = { status: (status: number) => (code = status) } as unknown as FastifyReply;
  const body = await controller.ready({ headers: authorization ? { authorization } : {} }, reply);
  return { code, body };
}

const ADMIN_TOKEN = 'readiness-admin-token-0123456789';

describe('/readyz: ready, degraded, not ready', () => {
  const store = probe('mongo');
  const bus = probe('kafka');
  const cache = probe('redis');
  const outbox = probe('outbox');
  const controller = () =>
    new HealthController('content', { store, bus, cache } as unknown as PortSet, { outbox }, ADMIN_TOKEN);
  afterEach(() => [store, bus, cache, outbox].forEach((adapter) => (adapter.health = { ok: true })));

  it('is not ready while starting, even when only the bus is missing: traffic comes once all is there', async () => {
    const health = controller();
    bus.health = { ok: false, reason: 'no broker' };
    expect(await readiness(health)).toEqual({ code: 503, status: 'not ready', failing: ['bus'] });
    bus.health = { ok: true };
    expect(await readiness(health)).toEqual({ code: 200, status: 'ready', failing: [] });
  });

  it('once ready, a bus, cache or outbox outage is degraded (200, named); a store outage is not ready from its second miss', async () => {
    const health = controller();
    expect((await readiness(health)).status).toBe('ready');
    bus.health = { ok: false, reason: 'no broker' };
    outbox.health = { ok: false, reason: '3 events pending' };
    cache.health = { ok: false, reason: 'connection refused' };
    expect(await readiness(health)).toEqual({
      code: 200,
      status: 'degraded',
      failing: ['bus', 'cache', 'outbox'],
    });
    // One missed store ping (a busy machine) is degraded; the second in a row is not ready.
    store.health = { ok: false, reason: 'server selection timed out' };
    expect(await readiness(health)).toMatchObject({ code: 200, status: 'degraded' });
    expect(await readiness(health)).toEqual({
      code: 503,
      status: 'not ready',
      failing: ['bus', 'store', 'cache', 'outbox'],
    });
    [store, bus, cache, outbox].forEach((adapter) => (adapter.health = { ok: true }));
    expect(await readiness(health)).toEqual({ code: 200, status: 'ready', failing: [] });
    // A pass resets the count: a later single miss is degraded again.
    store.health = { ok: false, reason: 'no answer to ping within 1000 ms' };
    expect(await readiness(health)).toMatchObject({ code: 200, status: 'degraded', failing: ['store'] });
  });

  it('tells anyone else only ready or not ready, with the same status code; the details need the admin credential', async () => {
    const health = controller();
    expect(await answer(health)).toEqual({ code: 200, body: { status: 'ready' } });
    cache.health = { ok: false, reason: 'connect ECONNREFUSED 10.0.4.2:6379' };
    // Degraded still serves: 200 and 'ready' to the public, the reason to the admin only.
    expect(await answer(health)).toEqual({ code: 200, body: { status: 'ready' } });
    expect(await answer(health, `Bearer ${ADMIN_TOKEN}x`)).toEqual({ code: 200, body: { status: 'ready' } });
    expect(await answer(health, `Bearer ${ADMIN_TOKEN}`)).toMatchObject({
      code: 200,
      body: {
        status: 'degraded',
        service: 'content',
        checks: { cache: { ok: false, reason: expect.stringContaining('ECONNREFUSED') } },
      },
    });
    store.health = { ok: false, reason: 'MongoServerSelectionError: connect ECONNREFUSED 10.0.4.3:27017' };
    await answer(health);
    const down = await answer(health);
    expect(down).toEqual({ code: 503, body: { status: 'not ready' } });
    expect(JSON.stringify(down.body)).not.toMatch(/ECONNREFUSED|store|cache/);
  });

  it('runs one set of checks for a flood of probes arriving together, and fresh checks after it', async () => {
    const health = controller();
    let checks = 0;
    let answerStore: (result: HealthResult) => void = () => undefined;
    const slowStore: Adapter = {
      adapterName: 'mongo',
      check: () => {
        checks += 1;
        return new Promise<HealthResult>((resolve) => (answerStore = resolve));
      },
      close: async () => undefined,
    };
    const flooded = new HealthController(
      'content',
      { store: slowStore, bus, cache } as unknown as PortSet,
      { outbox },
      ADMIN_TOKEN,
    );
    const flood = Array.from({ length: 50 }, (_, n) =>
      answer(flooded, n % 2 ? `Bearer ${ADMIN_TOKEN}` : undefined),
    );
    answerStore({ ok: true });
    const answers = await Promise.all(flood);
    expect(checks).toBe(1);
    expect(answers.every(({ code }) => code === 200)).toBe(true);
    // A probe after the flood gets a check of its own: nothing is replayed once answered.
    const later = answer(flooded, `Bearer ${ADMIN_TOKEN}`);
    answerStore({ ok: false, reason: 'connection refused' });
    expect((await later).body).toMatchObject({
      status: 'degraded',
      checks: { store: { ok: false, reason: 'connection refused' } },
    });
    expect(checks).toBe(2);
    expect((await readiness(health)).status).toBe('ready');
  });

  it('shows no details to anyone when the service has no admin credential', async () => {
    const health = new HealthController(
      'content',
      { store, bus, cache } as unknown as PortSet,
      { outbox },
      undefined,
    );
    expect(await answer(health, 'Bearer undefined')).toEqual({ code: 200, body: { status: 'ready' } });
  });
});

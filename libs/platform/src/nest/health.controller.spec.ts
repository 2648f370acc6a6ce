import type { FastifyReply } from 'fastify';
import type { Adapter, HealthResult } from '../lifecycle';
import type { PortSet } from '../runtime/port-set';
import { HealthController } from './health.controller';

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
  let code = 200;
  const reply = { status: (status: number) => (code = status) } as unknown as FastifyReply;
  const body = await controller.ready(reply);
  return { code, status: body.status, failing: Object.keys(body.checks).filter((k) => !body.checks[k].ok) };
}

describe('/readyz: ready, degraded, not ready', () => {
  const store = probe('mongo');
  const bus = probe('kafka');
  const cache = probe('redis');
  const outbox = probe('outbox');
  const controller = () =>
    new HealthController('content', { store, bus, cache } as unknown as PortSet, { outbox });
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
});

import { Controller, Get, HttpCode, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { adaptersOf, type PortSet } from '../runtime/port-set';
import type { Adapter, HealthResult } from '../lifecycle';
import { drainState } from './draining';
import { EXTRA_CHECKS, PORT_SET, SERVICE_NAME } from './tokens';

const CHECK_TIMEOUT_MS = 2000;

/**
 * Dependencies whose outage the process survives while still answering its HTTP routes: the bus (the
 * outbox keeps events until it is back; consumers resume from their offsets), the cache (read-through
 * treats it as a miss, limits let requests through) and the outbox relay that waits for the bus. Losing
 * one of them after the process was once ready is 'degraded', answered 200, so Kubernetes keeps the pod
 * in its Service: a Kafka outage must not take every content pod out and leave readers with nothing.
 */
const DEGRADABLE = new Set(['bus', 'cache', 'outbox']);

/**
 * Misses in a row before a dependency the process cannot serve without (the store) makes it 'not ready'.
 * One missed ping on a busy machine (a garbage collection, a saturated core) is 'degraded', named, as
 * Kubernetes' own failureThreshold would ignore it; a store that is really gone misses the next check too.
 */
const MISSES_BEFORE_NOT_READY = 2;

async function checkWithTimeout(check: () => Promise<HealthResult>): Promise<HealthResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<HealthResult>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, reason: `no answer within ${CHECK_TIMEOUT_MS} ms` }),
      CHECK_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([
      check().catch((error: Error) => ({ ok: false as const, reason: error.message })),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * /healthz says the process is alive (Kubernetes restarts it otherwise); /readyz says whether it can serve
 * (Kubernetes sends traffic only then), naming every dependency that does not answer:
 * - 'ready' (200): every check passes;
 * - 'degraded' (200): only DEGRADABLE dependencies fail, or another one has missed a single check, and
 *   the process has been ready before: it serves what it can and says what is missing;
 * - 'not ready' (503): anything else, or anything at all before the first time it was ready, so a process
 *   that starts takes traffic only once its consumers and stores are all there;
 * - 'shutting down' (503): draining after SIGTERM.
 * A failing check never makes /healthz fail: an outage takes a pod out of rotation at most, never
 * restarts it in a loop (ARCHITECTURE.md, 'Health').
 */
@Controller()
export class HealthController {
  constructor(
    @Inject(SERVICE_NAME) private readonly service: string,
    @Inject(PORT_SET) private readonly ports: PortSet,
    @Inject(EXTRA_CHECKS) private readonly extraChecks: Record<string, Adapter>,
  ) {}

  /** Set the first time every check passed; until then any failure is 'not ready'. */
  private beenReady = false;
  /** Checks failed in a row, by name; reset by a pass. */
  private readonly misses = new Map<string, number>();

  @Get('healthz')
  @HttpCode(200)
  live() {
    return { status: 'ok', service: this.service };
  }

  @Get('readyz')
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    if (drainState.draining) {
      reply.status(503);
      return { status: 'shutting down', service: this.service, checks: {} };
    }
    const entries = await Promise.all(
      [...adaptersOf(this.ports), ...Object.entries(this.extraChecks)].map(async ([port, adapter]) => {
        const result = await checkWithTimeout(() => adapter.check());
        return [port, { adapter: adapter.adapterName, ...result }] as const;
      }),
    );
    for (const [port, result] of entries)
      this.misses.set(port, result.ok ? 0 : (this.misses.get(port) ?? 0) + 1);
    const failing = entries.filter(([, result]) => !result.ok);
    if (failing.length === 0) this.beenReady = true;
    const survivable = ([port, result]: (typeof entries)[number]) =>
      DEGRADABLE.has(port) ||
      (!result.ok && result.degraded === true) ||
      (this.misses.get(port) ?? 0) < MISSES_BEFORE_NOT_READY;
    const status =
      failing.length === 0 ? 'ready' : this.beenReady && failing.every(survivable) ? 'degraded' : 'not ready';
    reply.status(status === 'not ready' ? 503 : 200);
    return {
      status,
      service: this.service,
      checks: Object.fromEntries(entries),
    };
  }
}

import { Controller, Get, HttpCode, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { tokenMatches } from '../auth/admin.guard';
import { adaptersOf, type PortSet } from '../runtime/port-set';
import type { Adapter, HealthResult } from '../lifecycle';
import { drainState } from './draining';
import { EXTRA_CHECKS, PORT_SET, READINESS_ADMIN_TOKEN, SERVICE_NAME } from './tokens';

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

export type ReadinessStatus = 'ready' | 'degraded' | 'not ready' | 'shutting down';

/** The whole answer, for the admin credential: which dependency fails, and the driver's own words. */
export interface ReadinessDetails {
  status: ReadinessStatus;
  service: string;
  checks: Record<string, { adapter: string } & HealthResult>;
}

/**
 * What anyone else is told: whether to send traffic, nothing more. Driver errors name hosts, versions and
 * topologies, and which store is down tells an attacker which outage to press on.
 */
export interface PublicReadiness {
  status: 'ready' | 'not ready';
}

/** 200 while the process serves (ready or degraded), 503 otherwise: what Kubernetes and load balancers read. */
export const readinessHttpStatus = (status: ReadinessStatus): 200 | 503 =>
  status === 'ready' || status === 'degraded' ? 200 : 503;

export const publicReadiness = (status: ReadinessStatus): PublicReadiness => ({
  status: readinessHttpStatus(status) === 200 ? 'ready' : 'not ready',
});

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
 * The status code is the same for everyone; the body names the status and the checks only for
 * `Authorization: Bearer <ADMIN_TOKEN>` (the service's own). Anyone else reads 'ready' (200) or
 * 'not ready' (503); a wrong credential is not refused, so a probe with a stale token still works.
 */
@Controller()
export class HealthController {
  constructor(
    @Inject(SERVICE_NAME) private readonly service: string,
    @Inject(PORT_SET) private readonly ports: PortSet,
    @Inject(EXTRA_CHECKS) private readonly extraChecks: Record<string, Adapter>,
    @Inject(READINESS_ADMIN_TOKEN) private readonly adminToken: string | undefined,
  ) {}

  /** Set the first time every check passed; until then any failure is 'not ready'. */
  private beenReady = false;
  /** Checks failed in a row, by name; reset by a pass. */
  private readonly misses = new Map<string, number>();
  /**
   * The assessment under way. /readyz is public and not rate-limited (probes must never be refused), and
   * an assessment pings the store and, on the gateway, every service: callers arriving while one runs
   * share its answer, so a flood of probes costs one set of checks at a time, not one each.
   */
  private assessing: Promise<ReadinessDetails> | undefined;

  @Get('healthz')
  @HttpCode(200)
  live() {
    return { status: 'ok', service: this.service };
  }

  @Get('readyz')
  async ready(
    @Req() request: Pick<FastifyRequest, 'headers'>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ReadinessDetails | PublicReadiness> {
    const details = await this.assessShared();
    reply.status(readinessHttpStatus(details.status));
    return this.isAdmin(request) ? details : publicReadiness(details.status);
  }

  /** assess(), joined while one is under way (`assessing`). */
  private assessShared(): Promise<ReadinessDetails> {
    if (!this.assessing) {
      this.assessing = this.assess();
      const done = () => (this.assessing = undefined);
      this.assessing.then(done, done);
    }
    return this.assessing;
  }

  /** Runs every check and decides the status (class comment). */
  async assess(): Promise<ReadinessDetails> {
    if (drainState.draining) return { status: 'shutting down', service: this.service, checks: {} };
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
    return { status, service: this.service, checks: Object.fromEntries(entries) };
  }

  private isAdmin(request: Pick<FastifyRequest, 'headers'>): boolean {
    const presented = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    return !!this.adminToken && !!presented && tokenMatches(presented, this.adminToken);
  }
}

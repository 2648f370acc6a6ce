import type { HealthResult } from '@pulse/platform';
import { Pool } from 'undici';
import {
  errorCodeOf,
  isEventStream,
  isUpstreamTimeout,
  readinessFrom,
  withoutHopByHop,
  type ForwardRequest,
  type ForwardResponse,
  type Upstream,
} from './upstream';

/** How long a replica that refused or dropped a connection is left out before it is tried again. */
const COOLDOWN_MS = 5_000;
/** Answers that mean "this replica cannot serve now, another may" (it is starting or shutting down). */
const TRY_ANOTHER_STATUS = new Set([502, 503]);
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Connection failures before a byte of the request was sent: any request, a write too, may go elsewhere. */
const NOTHING_SENT = new Set<unknown>(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT']);

interface Replica {
  url: string;
  pool: Pool;
  /** Epoch ms before which the replica is skipped; 0 when healthy. */
  downUntil: number;
}

/**
 * A service in its own processes: one or more replicas (`CONTENT_URL=http://a:3101,http://b:3101`), each
 * over its own pool of keep-alive connections. Requests go round-robin over the replicas that have not
 * just failed; a replica that refuses or drops a connection sits out COOLDOWN_MS. An idempotent request
 * (GET, HEAD) that fails that way, or is answered 502/503 by a replica that is starting or stopping, is
 * tried once more on another replica, so a rolling restart costs readers nothing. A write is retried only
 * when its connection was refused (nothing was sent); otherwise it may have been applied (ARCHITECTURE.md,
 * 'The gateway's edge'). A replica that does not answer within the timeout is slow, not gone: it stays in
 * turn, and the request is not asked again elsewhere (its reader would wait the timeout twice).
 */
export class HttpUpstream implements Upstream {
  readonly adapterName = 'http';
  private readonly replicas: Replica[];
  private next = 0;
  private readonly now: () => number;
  private readonly readinessHeaders: Record<string, string>;

  constructor(
    readonly service: string,
    readonly prefixes: readonly string[],
    baseUrls: string | readonly string[],
    private readonly timeoutMs: number,
    options: {
      now?: () => number;
      /** Sent with readiness checks, so a replica's /readyz says 'degraded' and why (health.controller.ts). */
      adminToken?: string;
    } = {},
  ) {
    this.now = options.now ?? Date.now;
    this.readinessHeaders = options.adminToken ? { authorization: `Bearer ${options.adminToken}` } : {};
    const urls = typeof baseUrls === 'string' ? [baseUrls] : [...baseUrls];
    if (urls.length === 0) throw new Error(`${service}: no upstream URL`);
    this.replicas = urls.map((url) => ({
      url,
      downUntil: 0,
      pool: new Pool(url, {
        connections: 64,
        keepAliveTimeout: 30_000,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      }),
    }));
  }

  async forward(request: ForwardRequest): Promise<ForwardResponse> {
    const idempotent = IDEMPOTENT.has(request.method.toUpperCase());
    const first = this.pick();
    let response: ForwardResponse;
    try {
      response = await this.send(first, request);
    } catch (error) {
      if (isUpstreamTimeout(error)) throw error;
      first.downUntil = this.now() + COOLDOWN_MS;
      const second = this.pick(first);
      if (second === first || !(idempotent || NOTHING_SENT.has(errorCodeOf(error)))) throw error;
      return this.send(second, request);
    }
    if (!idempotent || !TRY_ANOTHER_STATUS.has(response.statusCode)) return response;
    const second = this.pick(first);
    return second === first ? response : this.send(second, request);
  }

  /**
   * Ready when at least one replica is; else degraded when one is degraded (it still serves); the reason
   * names each one that is not ready.
   */
  async check(): Promise<HealthResult> {
    const results = await Promise.all(this.replicas.map((replica) => this.checkReplica(replica)));
    if (results.some((result) => result.ok)) return { ok: true };
    const reasons = results.map((result) => (result.ok ? '' : result.reason)).filter(Boolean);
    const degraded = results.some((result) => !result.ok && result.degraded);
    return { ok: false, reason: reasons.join('; '), ...(degraded ? { degraded: true as const } : {}) };
  }

  async close(): Promise<void> {
    await Promise.all(this.replicas.map((replica) => replica.pool.close()));
  }

  private async send(replica: Replica, request: ForwardRequest): Promise<ForwardResponse> {
    const response = await replica.pool.request({
      method: request.method as 'GET',
      path: request.url,
      headers: withoutHopByHop(request.headers),
      body: request.body && request.body.length > 0 ? request.body : undefined,
    });
    if (isEventStream(response.headers))
      return { statusCode: response.statusCode, headers: response.headers, body: response.body };
    const body = Buffer.from(await response.body.arrayBuffer());
    return { statusCode: response.statusCode, headers: response.headers, body };
  }

  /** The next replica in turn that is not sitting out, other than `except` when there is one; else any. */
  private pick(except?: Replica): Replica {
    const at = this.now();
    for (let tried = 0; tried < this.replicas.length; tried += 1) {
      const replica = this.replicas[this.next];
      this.next = (this.next + 1) % this.replicas.length;
      if (replica !== except && replica.downUntil <= at) return replica;
    }
    // Every other replica is sitting out: try one anyway rather than fail without asking.
    return this.replicas.find((replica) => replica !== except) ?? this.replicas[0];
  }

  private async checkReplica(replica: Replica): Promise<HealthResult> {
    const name = this.replicas.length > 1 ? `${this.service} (${replica.url})` : this.service;
    try {
      const response = await replica.pool.request({
        method: 'GET',
        path: '/readyz',
        headers: this.readinessHeaders,
        headersTimeout: 2000,
        bodyTimeout: 2000,
      });
      const result = readinessFrom(name, response.statusCode, await response.body.text());
      // Back (ready, or degraded and serving): use it again at once.
      if ((result.ok || result.degraded) && replica.downUntil > this.now()) replica.downUntil = 0;
      return result;
    } catch (error) {
      return { ok: false, reason: `${name} unreachable: ${(error as Error).message}` };
    }
  }
}

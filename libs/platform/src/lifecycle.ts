/**
 * What every adapter of every port offers to the process around it: a readiness check (used by
 * /readyz) and an orderly close (used on shutdown). Kept tiny so each port interface can extend it.
 */
/**
 * An adapter's answer to /readyz. `degraded`: failing, but what depends on it can still serve (an upstream
 * service that answered 'degraded'); /readyz counts it like the bus or the cache (nest/health.controller.ts).
 */
export type HealthResult = { ok: true } | { ok: false; reason: string; degraded?: true };

export interface Adapter {
  /** Short adapter name shown in /readyz, e.g. 'kafka', 'in-process', 'redis'. */
  readonly adapterName: string;
  /** Answers quickly (a ping, never a scan); never throws. */
  check(): Promise<HealthResult>;
  close(): Promise<void>;
}

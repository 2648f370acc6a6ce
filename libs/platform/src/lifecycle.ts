/**
 * What every adapter of every port offers to the process around it: a readiness check (used by
 * /readyz) and an orderly close (used on shutdown). Kept tiny so each port interface can extend it.
 */
export type HealthResult = { ok: true } | { ok: false; reason: string };

export interface Adapter {
  /** Short adapter name shown in /readyz, e.g. 'kafka', 'in-process', 'redis'. */
  readonly adapterName: string;
  /** Answers quickly (a ping, never a scan); never throws. */
  check(): Promise<HealthResult>;
  close(): Promise<void>;
}

import { request } from 'node:http';
import type { Probe } from './manifests';

export type ProbeKind = 'startup' | 'readiness' | 'liveness';

/** One HTTP probe as the kubelet sends it: a fresh connection, success on 200–399 within timeoutSeconds. */
export function httpProbe(
  address: string,
  port: number,
  path: string,
  timeoutSeconds: number,
): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(
      { host: address, port, path, agent: false, timeout: timeoutSeconds * 1000 },
      (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        resolve(status >= 200 && status < 400);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(false));
    req.end();
  });
}

export interface ProbeTarget {
  address: string;
  /** A named port of the container resolved to its number. */
  portOf(port: number | string): number;
}

export interface ProbeEvents {
  onStarted(): void;
  onReadiness(ready: boolean): void;
  /** Liveness (or startup) failed failureThreshold times in a row: the kubelet restarts the container. */
  onRestartNeeded(kind: ProbeKind): void;
  onResult(kind: ProbeKind, passed: boolean): void;
}

/**
 * The kubelet's probe loop for one container: the startup probe gates the other two; readiness turns
 * ready after successThreshold successes and unready after failureThreshold failures in a row; liveness
 * (or startup) failing failureThreshold times asks for a restart. Periods and delays are the spec's.
 */
export class ProbeLoop {
  private timers: NodeJS.Timeout[] = [];
  private stopped = false;

  constructor(
    private readonly target: ProbeTarget,
    private readonly probes: { startup?: Probe; readiness?: Probe; liveness?: Probe },
    private readonly events: ProbeEvents,
  ) {}

  start(): void {
    if (this.probes.startup) this.run('startup', this.probes.startup);
    else this.afterStartup();
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }

  private afterStartup(): void {
    this.events.onStarted();
    if (this.probes.readiness) this.run('readiness', this.probes.readiness);
    else this.events.onReadiness(true);
    if (this.probes.liveness) this.run('liveness', this.probes.liveness);
  }

  private run(kind: ProbeKind, probe: Probe): void {
    const get = probe.httpGet;
    if (!get) throw new Error(`${kind} probe without httpGet is not modelled by the fleet harness`);
    const period = (probe.periodSeconds ?? 10) * 1000;
    const failureThreshold = probe.failureThreshold ?? 3;
    const successThreshold = probe.successThreshold ?? 1;
    let failures = 0;
    let successes = 0;
    let ready = false;
    const tick = async () => {
      if (this.stopped) return;
      const passed = await httpProbe(
        this.target.address,
        this.target.portOf(get.port),
        get.path,
        probe.timeoutSeconds ?? 1,
      );
      if (this.stopped) return;
      this.events.onResult(kind, passed);
      failures = passed ? 0 : failures + 1;
      successes = passed ? successes + 1 : 0;
      if (kind === 'startup') {
        if (passed) return this.afterStartup();
        if (failures >= failureThreshold) return this.events.onRestartNeeded(kind);
      } else if (kind === 'readiness') {
        if (!ready && successes >= successThreshold) this.events.onReadiness((ready = true));
        else if (ready && failures >= failureThreshold) this.events.onReadiness((ready = false));
      } else if (failures >= failureThreshold) return this.events.onRestartNeeded(kind);
      this.timers.push(setTimeout(() => void tick(), period));
    };
    this.timers.push(setTimeout(() => void tick(), (probe.initialDelaySeconds ?? 0) * 1000));
  }
}

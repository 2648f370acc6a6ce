import type { EventEmitter } from 'node:events';
import type { Logger } from 'pino';
import { systemClock, type Clock, type TimerHandle } from '../../clock';

/** The driver's heartbeat events this watchdog follows (MongoClient emits them for every monitored server). */
const STARTED = 'serverHeartbeatStarted';
const ENDED = ['serverHeartbeatSucceeded', 'serverHeartbeatFailed'] as const;

export interface StalledMonitorWatchdogOptions {
  /** The MongoClient: its heartbeat events, and what a restart closes and connects again. */
  client: EventEmitter & { close(): Promise<void>; connect(): Promise<unknown> };
  /** A heartbeat still unanswered after this long is stalled. */
  stallAfterMs: number;
  /** How often to look (and, after a failed reconnection, to try again). */
  everyMs: number;
  logger?: Logger;
  clock?: Clock;
}

/**
 * Restarts a MongoClient whose server monitor has stalled.
 *
 * The driver decides whether a server is usable from its monitor's heartbeats alone. A heartbeat sent
 * while its socket is being torn down (destroyed, 'close' not yet emitted: the server has just gone
 * away) waits for a 'drain' that a destroyed socket never emits, and nothing else ends it: the
 * monitor stays busy for good, the server stays Unknown, and every operation fails server selection
 * long after the server is back. mongodb 6.22, 7.8 and 7.9 all do this; one server restart in ten
 * under load caught it (docs/known-gaps.md, the stalled MongoDB monitor).
 *
 * A healthy heartbeat ends within its socket timeouts (connect, then connect + the awaited interval),
 * so one open for longer than `stallAfterMs` can only be that. The watchdog then closes the client and
 * connects it again: a new topology, new monitors, new pools. Operations in between fail as
 * unreachable (503s upstream); the port's collection handles keep working, since they go through the
 * same client.
 */
export class StalledMonitorWatchdog {
  /** When each server's unanswered heartbeat started, by server address. */
  private readonly openSince = new Map<string, number>();
  private readonly clock: Clock;
  private timer: TimerHandle | undefined;
  private restarting: Promise<void> | undefined;
  /** Closed by a restart whose connect failed: try again on the next look. */
  private disconnected = false;
  /** Restarts done so far (for logs and tests). */
  restarts = 0;

  constructor(private readonly options: StalledMonitorWatchdogOptions) {
    this.clock = options.clock ?? systemClock;
  }

  private readonly onStarted = (event: { connectionId: string }) =>
    this.openSince.set(event.connectionId, this.clock.now());
  private readonly onEnded = (event: { connectionId: string }) => this.openSince.delete(event.connectionId);

  start(): void {
    this.options.client.on(STARTED, this.onStarted);
    for (const name of ENDED) this.options.client.on(name, this.onEnded);
    this.timer = this.clock.setRepeating(() => void this.look(), this.options.everyMs);
  }

  stop(): void {
    this.timer?.cancel();
    this.timer = undefined;
    this.options.client.off(STARTED, this.onStarted);
    for (const name of ENDED) this.options.client.off(name, this.onEnded);
  }

  /** One look: restarts the client if a heartbeat has stalled or the last restart could not connect. */
  look(): Promise<void> {
    if (this.restarting) return this.restarting;
    const now = this.clock.now();
    const stalled = [...this.openSince].find(([, since]) => now - since >= this.options.stallAfterMs);
    if (!stalled && !this.disconnected) return Promise.resolve();
    if (stalled) {
      this.options.logger?.error(
        { adapter: 'mongo', server: stalled[0], openMs: now - stalled[1] },
        'MongoDB: the server monitor stalled on a heartbeat; restarting the client',
      );
    }
    this.restarting = this.restart().finally(() => (this.restarting = undefined));
    return this.restarting;
  }

  private async restart(): Promise<void> {
    if (!this.disconnected) {
      this.openSince.clear();
      await this.options.client.close().catch(() => undefined);
      this.disconnected = true;
      this.restarts += 1;
    }
    try {
      await this.options.client.connect();
      this.disconnected = false;
      this.options.logger?.warn({ adapter: 'mongo' }, 'MongoDB: client restarted after a stalled monitor');
    } catch (error) {
      this.options.logger?.warn(
        { adapter: 'mongo', err: error },
        'MongoDB: client not reconnected yet after a stalled monitor; trying again',
      );
    }
  }
}

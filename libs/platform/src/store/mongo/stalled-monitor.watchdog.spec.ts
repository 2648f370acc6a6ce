import { EventEmitter } from 'node:events';
import { TestClock } from '@pulse/testing';
import { StalledMonitorWatchdog } from './stalled-monitor.watchdog';

/** A MongoClient as the watchdog sees it: heartbeat events, close and connect. */
class FakeClient extends EventEmitter {
  calls: string[] = [];
  connectFails = false;
  async close(): Promise<void> {
    this.calls.push('close');
  }
  async connect(): Promise<void> {
    this.calls.push('connect');
    if (this.connectFails) throw new Error('connect ECONNREFUSED');
  }
  heartbeat(event: 'Started' | 'Succeeded' | 'Failed', server = '127.0.0.1:27017'): void {
    this.emit(`serverHeartbeat${event}`, { connectionId: server });
  }
}

describe('StalledMonitorWatchdog', () => {
  let clock: TestClock;
  let client: FakeClient;
  let watchdog: StalledMonitorWatchdog;

  beforeEach(() => {
    clock = new TestClock('2026-11-30T00:00:00Z');
    client = new FakeClient();
    watchdog = new StalledMonitorWatchdog({ client, stallAfterMs: 35_000, everyMs: 5_000, clock });
    watchdog.start();
  });
  afterEach(() => watchdog.stop());

  it('leaves a client alone while every heartbeat ends, however long it runs', async () => {
    for (let i = 0; i < 100; i += 1) {
      client.heartbeat('Started');
      clock.advance(30_000);
      client.heartbeat(i % 2 ? 'Succeeded' : 'Failed');
      await watchdog.look();
    }
    expect(client.calls).toEqual([]);
  });

  it('restarts the client once a heartbeat stays open past the bound, and only once', async () => {
    client.heartbeat('Started');
    clock.advance(30_000);
    await watchdog.look();
    expect(client.calls).toEqual([]);
    clock.advance(5_000);
    await watchdog.look();
    expect(client.calls).toEqual(['close', 'connect']);
    // The stalled heartbeat never ends; the restarted client's monitor starts its own.
    clock.advance(60_000);
    await watchdog.look();
    expect(client.calls).toEqual(['close', 'connect']);
    expect(watchdog.restarts).toBe(1);
  });

  it('judges each server by its own heartbeat', async () => {
    client.heartbeat('Started', 'a:27017');
    clock.advance(20_000);
    client.heartbeat('Started', 'b:27017');
    client.heartbeat('Succeeded', 'a:27017');
    clock.advance(20_000);
    await watchdog.look();
    expect(client.calls).toEqual([]);
    clock.advance(15_000);
    await watchdog.look();
    expect(client.calls).toEqual(['close', 'connect']);
  });

  it('keeps trying to connect while the server is still away, without closing again', async () => {
    client.connectFails = true;
    client.heartbeat('Started');
    clock.advance(40_000);
    await watchdog.look();
    await watchdog.look();
    expect(client.calls).toEqual(['close', 'connect', 'connect']);
    client.connectFails = false;
    await watchdog.look();
    await watchdog.look();
    expect(client.calls).toEqual(['close', 'connect', 'connect', 'connect']);
  });

  it('looks on its own timer, and stops looking and listening when stopped', async () => {
    client.heartbeat('Started');
    clock.advance(35_000);
    await watchdog.look(); // the look the timer started, already under way
    expect(client.calls).toEqual(['close', 'connect']);
    watchdog.stop();
    client.heartbeat('Started');
    clock.advance(100_000);
    expect(client.listenerCount('serverHeartbeatStarted')).toBe(0);
    expect(client.calls).toEqual(['close', 'connect']);
  });
});

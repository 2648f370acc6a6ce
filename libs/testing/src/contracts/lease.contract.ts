import { Lease, LeaseLostError, Leases, type HeldElsewhere, type LeaseTiming } from '@pulse/platform/leases';
import type { DocumentStore } from '@pulse/platform/store';
import { eventually } from '../eventually';
import { TestClock } from '../test-clock';

const TIMING: LeaseTiming = { leaseMs: 30_000, takeoverMs: 45_000, lookAgainMs: 15_000 };
const START = '2026-03-02T09:00:00.000Z';

const asLease = (got: Lease | HeldElsewhere): Lease => {
  if (!(got instanceof Lease)) throw new Error(`expected the lease, held by ${String(got.holder)}`);
  return got;
};

/**
 * Leases (libs/platform/src/leases) over a real DocumentStore adapter: one holder at a time, expiry,
 * renewal, release, fencing tokens that only grow, and a race of many replicas for one key. Run once
 * per store adapter (embedded, MongoDB): the conditional upsert must collide the same way on both.
 */
export function describeLeaseContract(name: string, openStore: () => Promise<DocumentStore>): void {
  describe(`leases on ${name}`, () => {
    let store: DocumentStore;
    let clock: TestClock;
    let a: Leases;
    let b: Leases;
    let serial = 0;
    const key = () => `job:${name}:${++serial}`;

    beforeAll(async () => {
      store = await openStore();
    });
    afterAll(async () => {
      await store.close();
    });
    beforeEach(() => {
      clock = new TestClock(START);
      a = new Leases(store, clock, TIMING, 'replica-a');
      b = new Leases(store, clock, TIMING, 'replica-b');
    });
    afterEach(() => {
      a.close();
      b.close();
    });

    it('gives a key to one holder until it runs out, then to another with a higher token', async () => {
      const job = key();
      const first = asLease(await a.acquire(job));
      expect(first).toMatchObject({ holder: 'replica-a', token: 1 });
      expect(await b.acquire(job)).toEqual({ holder: 'replica-a', expiresAt: clock.now() + 30_000 });
      // The holder itself does not get it twice either: one run of a job per key.
      expect(await a.acquire(job)).not.toBeInstanceOf(Lease);

      clock.advance(29_999);
      expect(await b.acquire(job)).not.toBeInstanceOf(Lease);
      clock.advance(1);
      const second = asLease(await b.acquire(job));
      expect(second).toMatchObject({ holder: 'replica-b', token: 2 });
      expect(await b.holderOf(job)).toEqual({ holder: 'replica-b', expiresAt: clock.now() + 30_000 });
    });

    it('renewal keeps it from being taken, and a taken-over holder can neither renew nor write', async () => {
      const job = key();
      const lease = asLease(await a.acquire(job));
      clock.advance(20_000);
      expect(await lease.renew()).toBe(true);
      clock.advance(20_000);
      expect(await b.acquire(job)).not.toBeInstanceOf(Lease);

      clock.advance(30_000);
      const taker = asLease(await b.acquire(job));
      expect(taker.token).toBe(lease.token + 1);
      expect(await lease.renew()).toBe(false);
      expect(lease.lost).toBe(true);
      const writes: string[] = [];
      await expect(lease.fenced(async () => writes.push('a'))).rejects.toBeInstanceOf(LeaseLostError);
      await taker.fenced(async () => writes.push('b'));
      expect(writes).toEqual(['b']);
      // The lost holder's release does not free the taker's lease.
      await lease.release();
      expect(await a.holderOf(job)).toMatchObject({ holder: 'replica-b' });
    });

    it('a holder whose lease ran out but was not taken keeps it by renewing (its token is still the newest)', async () => {
      const job = key();
      const lease = asLease(await a.acquire(job));
      clock.advance(60_000);
      expect(await lease.renew()).toBe(true);
      expect(await b.acquire(job)).not.toBeInstanceOf(Lease);
    });

    it('release frees the key at once; the token keeps growing across releases', async () => {
      const job = key();
      const tokens: number[] = [];
      for (const leases of [a, b, a]) {
        const lease = asLease(await leases.acquire(job));
        tokens.push(lease.token);
        await lease.release();
        expect(await b.holderOf(job)).toBeNull();
      }
      expect(tokens).toEqual([1, 2, 3]);
    });

    it('holdUntil keeps the key past the work, until the job is due again', async () => {
      const job = key();
      const outcome = await a.run(job, async () => 'done', { holdUntil: () => clock.now() + 300_000 });
      expect(outcome).toEqual({ ran: true, value: 'done' });
      clock.advance(299_999);
      expect(await b.run(job, async () => 'again')).toMatchObject({ ran: false, holder: 'replica-a' });
      clock.advance(1);
      expect(await b.run(job, async () => 'again')).toEqual({ ran: true, value: 'again' });
    });

    it('run() renews while the work lasts, so a long job is not taken over, and releases after it', async () => {
      const job = key();
      let finish!: () => void;
      const running = a.run(job, () => new Promise<void>((resolve) => (finish = resolve)));
      await eventuallyHeld(a, job);
      // The store shows the lease before run() has armed its renewal timer: wait for the timer too.
      await eventually(() => expect(clock.pendingTimers).toBeGreaterThan(0));
      // Three lease lengths in steps of a third: each step's renewal is waited for in the store (a write
      // the embedded store acknowledges only after fsync), then the other replica is refused.
      for (let step = 0; step < 9; step += 1) {
        clock.advance(10_000);
        await eventually(async () =>
          expect((await b.holderOf(job))?.expiresAt).toBe(clock.now() + TIMING.leaseMs),
        );
        expect(await b.acquire(job)).not.toBeInstanceOf(Lease);
      }
      finish();
      await expect(running).resolves.toEqual({ ran: true, value: undefined });
      expect(await b.holderOf(job)).toBeNull();
    });

    it('a closed holder stops renewing: its job is taken over once the lease runs out', async () => {
      const job = key();
      void a.run(job, () => new Promise<void>(() => undefined));
      await eventuallyHeld(a, job);
      a.close();
      clock.advance(29_999);
      expect(await b.acquire(job)).not.toBeInstanceOf(Lease);
      clock.advance(1);
      expect(asLease(await b.acquire(job)).token).toBe(2);
    });

    it('of many replicas racing for one key, exactly one gets each acquisition', async () => {
      const job = key();
      const replicas = Array.from({ length: 8 }, (_, i) => new Leases(store, clock, TIMING, `r${i}`));
      for (let round = 1; round <= 3; round += 1) {
        const results = await Promise.all(replicas.map((replica) => replica.acquire(job)));
        const winners = results.filter((result): result is Lease => result instanceof Lease);
        expect(winners).toHaveLength(1);
        expect(winners[0].token).toBe(round);
        clock.advance(30_000);
      }
      replicas.forEach((replica) => replica.close());
    });
  });
}

async function eventuallyHeld(leases: Leases, job: string): Promise<void> {
  await eventually(async () => expect(await leases.holderOf(job)).not.toBeNull());
}

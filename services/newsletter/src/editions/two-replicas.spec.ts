import { LEASES, scheduleLeaseConfigSchema, type Leases } from '@pulse/platform';
import { embeddedFleet, eventually, localStackFleet, TestClock, type ReplicaFleet } from '@pulse/testing';
import { admin, startNewsletterTestApp, type NewsletterTestApp } from '../../testing/newsletter-test-app';
import { linkIn, startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { startTrendingStub, type TrendingStub } from '../../testing/trending-stub';
import { EditionSchedule, editionLeaseKey } from './edition-schedule';

/** The documented defaults (docs/scaling.md): the replicas below run on them. */
const { SCHEDULE_TAKEOVER_SECONDS } = scheduleLeaseConfigSchema.parse({});
const MIN = 60_000;

interface Replica {
  t: NewsletterTestApp;
  leases: Leases;
  /** Schedule ticks still running. */
  ticks: Set<Promise<void>>;
}

/**
 * Two newsletter replicas with the schedule on, on one store, one mail server and one trending, on one
 * TestClock: over a day and a half every edition falls due on both, is made once and reaches each of its
 * subscribers once; a replica that stops while making an edition is taken over within
 * SCHEDULE_TAKEOVER_SECONDS, and its late build adds nothing. Run on the embedded store, and on the local
 * stack's MongoDB-compatible server with a connection of each replica's own, as two pods would have.
 */
describe.each([
  ['the embedded store', embeddedFleet],
  ['MongoDB (local stack)', localStackFleet],
])('newsletter: two replicas share the edition schedule through leases, on %s', (_label, openFleet) => {
  // Sunday 21:00 Seoul: the last editions are more than the late limit ago, so nothing is due yet.
  const clock = new TestClock('2026-03-01T12:00:00.000Z');
  let fleet: ReplicaFleet;
  let smtp: SmtpSink;
  let trending: TrendingStub;
  let replicas: Replica[];
  const weekly: string[] = [];
  const daily: string[] = [];

  async function startReplica(name: string): Promise<Replica> {
    const { store } = await fleet.adaptersFor(name);
    const t = await startNewsletterTestApp({
      clock,
      env: { NEWSLETTER_SCHEDULE: 'on' },
      shared: { store, smtp, trending },
    });
    const schedule = t.app.get(EditionSchedule);
    const tick = schedule.tick.bind(schedule);
    const ticks = new Set<Promise<void>>();
    // The repeating timer calls tick(); each is kept until it ends, so the test moves time only once
    // both replicas are done with the last minute.
    jest.spyOn(schedule, 'tick').mockImplementation(() => {
      const running = tick();
      ticks.add(running);
      void running.finally(() => ticks.delete(running));
      return running;
    });
    return { t, leases: t.app.get<symbol, Leases>(LEASES), ticks };
  }

  const ticksDone = (of: Replica[] = replicas) => Promise.all(of.flatMap((replica) => [...replica.ticks]));

  async function stepThrough(ms: number, stepMs: number, of: Replica[] = replicas): Promise<void> {
    for (let moved = 0; moved < ms; moved += stepMs) {
      clock.advance(stepMs);
      await ticksDone(of);
    }
  }

  async function subscribe(t: NewsletterTestApp, email: string, frequency: 'weekly' | 'daily') {
    await t.request('POST', '/api/subscribers', { json: { email } });
    const mail = await eventually(
      async () => (await smtp.to(email))[0] ?? Promise.reject(new Error('no confirmation yet')),
    );
    const token = new URL(linkIn(mail, '/newsletter/confirm')).searchParams.get('token')!;
    const confirmed = await t.request('POST', '/newsletter/confirm', { form: { token } });
    expect(confirmed.status).toBe(200);
    if (frequency === 'weekly') return;
    const manage = decodeURIComponent(
      /href="\/newsletter\/preferences\?token=([^"]+)"/.exec(confirmed.text)![1],
    );
    const saved = await t.request('POST', '/newsletter/preferences', {
      form: { token: manage, categories: ['gen-ai', 'blockchain', 'big-tech'], frequency: 'daily' },
    });
    expect(saved.status).toBe(200);
  }

  const progress = async (id: string) =>
    (await replicas[0].t.request('GET', `/api/newsletter/admin/editions/${id}`, { headers: admin })).body;

  /** Waits until every mail of the edition is settled, then answers who got it, once per mail. */
  async function deliveredOnce(id: string, expected: string[]): Promise<string[]> {
    await eventually(
      async () =>
        expect(await progress(id)).toMatchObject({
          edition: { enqueue: 'done', recipients: expected.length },
          sends: { sent: expected.length, queued: 0, claimed: 0 },
        }),
      { timeoutMs: 20_000 },
    );
    const mails = (await smtp.mails()).filter((mail) => mail.parsed.messageId?.startsWith(`<${id}.`));
    return mails.map((mail) => mail.to).sort();
  }

  beforeAll(async () => {
    fleet = await openFleet('newsletter');
    smtp = await startSmtpSink();
    trending = await startTrendingStub();
    replicas = [await startReplica('a'), await startReplica('b')];
    for (let i = 0; i < 12; i += 1) {
      const email = `reader${i}@example.com`;
      (i % 3 === 0 ? daily : weekly).push(email);
      // Sign-ups reach either replica, as behind a load balancer.
      await subscribe(replicas[i % 2].t, email, i % 3 === 0 ? 'daily' : 'weekly');
    }
    weekly.sort();
    daily.sort();
  }, 60_000);
  afterAll(async () => {
    trending?.letGo();
    for (const replica of replicas ?? []) await replica.t.close();
    await fleet?.close();
    await smtp?.stop();
    await trending?.stop();
  }, 60_000);

  it('makes each due edition once and mails each of its subscribers once, whichever replica ticks first', async () => {
    const requestsBefore = trending.state.requests;
    // To 22:58 (07:58 Seoul on Monday), then minute by minute to 08:00, when both editions fall due.
    clock.set('2026-03-01T22:58:00.000Z');
    await ticksDone();
    await stepThrough(2 * MIN, MIN);
    // Time stands still while the mails go out: the senders' claims are leases on this clock too, and a
    // minute's jump in the middle of a send would run them out under it.
    expect(await deliveredOnce('weekly-2026-03-02', weekly)).toEqual(weekly);
    expect(await deliveredOnce('daily-2026-03-02', daily)).toEqual(daily);
    // One build per edition (a build reads trending's two lists): the other replica skipped it.
    const perBuild = (trending.state.requests - requestsBefore) / 2;
    expect(perBuild).toBe(2);

    // The rest of the day: nothing more falls due, nothing more is sent.
    await stepThrough(20 * 60 * MIN, 10 * MIN);
    expect(await deliveredOnce('weekly-2026-03-02', weekly)).toEqual(weekly);
    expect(await deliveredOnce('daily-2026-03-02', daily)).toEqual(daily);
  }, 120_000);

  it('a replica that stops while making an edition is taken over within SCHEDULE_TAKEOVER_SECONDS', async () => {
    const id = 'daily-2026-03-03';
    // The first trending read of the next edition hangs: its builder is stuck holding the lease.
    trending.state.holdNext = 1;
    clock.set('2026-03-02T22:59:00.000Z');
    await ticksDone();
    clock.advance(MIN);
    const held = await eventually(async () => {
      const holder = await replicas[0].leases.holderOf(editionLeaseKey(id));
      expect(holder).not.toBeNull();
      expect(trending.state.holdNext).toBe(0);
      return holder!;
    });
    const holder = replicas.find((replica) => replica.leases.holder === held.holder)!;
    const other = replicas.find((replica) => replica !== holder)!;
    await ticksDone([other]);

    // The holder stops: no more renewals, no more claims (its build stays hung, as in a frozen process).
    const stoppedAt = clock.now();
    holder.leases.close();
    while (!(await progress(id)).edition) {
      expect(clock.now() - stoppedAt).toBeLessThanOrEqual(SCHEDULE_TAKEOVER_SECONDS * 1000);
      await stepThrough(1_000, 1_000, [other]);
    }
    const takeoverMs = clock.now() - stoppedAt;
    expect(takeoverMs).toBeLessThanOrEqual(SCHEDULE_TAKEOVER_SECONDS * 1000);
    expect(await deliveredOnce(id, daily)).toEqual(daily);

    // The stopped holder's build comes back: the edition exists and its mails are queued, so it adds
    // no edition and no mail.
    trending.letGo();
    await ticksDone([holder]);
    expect(await deliveredOnce(id, daily)).toEqual(daily);
    expect((await smtp.mails()).filter((mail) => mail.parsed.messageId?.startsWith(`<${id}.`))).toHaveLength(
      daily.length,
    );
    process.stdout.write(
      `newsletter: edition taken over ${takeoverMs / 1000} s after its holder stopped (bound ${SCHEDULE_TAKEOVER_SECONDS} s)\n`,
    );
  }, 120_000);
});

import {
  INGESTION_RUNS_TAG,
  INGESTION_SOURCES_TAG,
  parsePurge,
  PURGE_CHANNEL,
  type ArticleCollectedPayload,
  type EventEnvelope,
  type SourceUpdatedPayload,
} from '@pulse/contracts';
import { eventually, freePort, startWebSubTestHub, type WebSubTestHub } from '@pulse/testing';
import { realPipelineStages } from '../pipeline/pipeline-stages.provider';
import { PIPELINE_STAGES, type PipelineStages } from '../pipeline/stages';
import {
  admin,
  collectArticleEvents,
  collectSourceAnnouncements,
  sourceBody,
  startIngestionTestApp,
  type IngestionTestApp,
} from '../../testing/pipeline/ingestion-test-app';
import type { RunDocument } from '../runs/run.record';
import { RunQueue } from '../schedule/run-queue';
import { IngestionScheduler } from '../schedule/scheduler.service';
import type { SourceDocument } from '../sources/source.record';
import type { SubscriptionDocument } from './subscription.record';
import { INGESTION_CONFIG, type IngestionConfig } from '../schedule/ingestion.config';
import { WebSubSubscriptions } from './websub-subscriptions.service';

const MIN = 60_000;
const LEASE_SECONDS = 3600;

/** Headlines far enough apart that the clusterer keeps them as separate stories. */
const HEADLINES: Record<string, string> = {
  one: 'Chip maker unveils a faster AI accelerator',
  two: 'Browser vendor ships a new JavaScript engine',
  three: 'Satellite startup raises funds for orbital data centres',
  four: 'Open source database adds vector search',
  five: 'Robot vacuum company recalls batteries',
  six: 'Chip designer licenses its low-power cores',
  seven: 'Cloud provider opens a region in Seoul',
  eight: 'Telecom carrier trials a satellite phone service',
};

/** An Atom feed naming `hub` and itself (`self`), with these entries (newest first). */
function atomFeed(self: string, hub: string, entries: string[]): string {
  const items = entries
    .map(
      (slug) =>
        `<entry><title>${HEADLINES[slug]}</title><id>urn:story:${slug}</id>` +
        `<link href="https://news.example/${slug}"/><updated>2026-03-02T08:00:00Z</updated>` +
        `<summary>${HEADLINES[slug]}: the lead.</summary></entry>`,
    )
    .join('');
  return (
    `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Chips</title>` +
    `<id>${self}</id><updated>2026-03-02T08:00:00Z</updated>` +
    `<link rel="hub" href="${hub}"/><link rel="self" href="${self}"/>${items}</feed>`
  );
}

describe('WebSub: subscribe, verify, signed pushes, renewal, lapse and denial', () => {
  let t: IngestionTestApp;
  let hub: WebSubTestHub;
  let collected: Array<EventEnvelope<ArticleCollectedPayload>>;
  let announced: SourceUpdatedPayload[];
  let topic: string;
  let sourceId: string;

  const subscriptionsOf = (id: string) =>
    t.store.collection<SubscriptionDocument>('websub_subscriptions').find({ sourceId: id });
  const source = async (id: string) =>
    (await t.store.collection<SourceDocument>('sources').findOne({ _id: id }))!;
  const runsOf = (id: string) => t.store.collection<RunDocument>('runs').find({ sourceId: id });
  const idle = () => eventually(() => expect(t.app.get(RunQueue).size).toBe(0));
  const runNow = async (id: string) => {
    await idle();
    t.clock.advance(1000);
    await t.app.inject({
      method: 'POST',
      url: '/api/ingestion/runs',
      headers: admin,
      payload: { sourceId: id },
    });
    await idle();
  };
  const create = async (name: string, url: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/ingestion/sources',
        headers: admin,
        payload: sourceBody({ name, url, allowPrivateNetwork: true }),
      })
    ).json<{ id: string }>().id;
  /** Serves the feed `name` on the test hub's host, naming the hub and itself; returns its URL (its topic). */
  const feed = (name: string, entries: string[]) => {
    const url = hub.feedUrl(name);
    hub.setFeed(name, atomFeed(url, hub.hubUrl, entries));
    return url;
  };
  /** An admin's change of the source's URL. */
  const moveTo = (id: string, url: string) =>
    t.app.inject({ method: 'PATCH', url: `/api/ingestion/sources/${id}`, headers: admin, payload: { url } });
  const titles = () => collected.map((event) => event.payload.title);
  /**
   * The WebSub states source.updated told the content service of, in order (none: undefined), each
   * once: an event for another change (the poll interval) repeats the state it had.
   */
  const announcedWebSub = (id: string) =>
    announced
      .filter((e) => e.id === id)
      .map((e) => e.websub)
      .filter((state, i, states) => i === 0 || JSON.stringify(state) !== JSON.stringify(states[i - 1]));

  beforeAll(async () => {
    hub = await startWebSubTestHub();
    const port = await freePort();
    t = await startIngestionTestApp({
      pipeline: (store) => realPipelineStages(store),
      config: {
        // Only the test runs sources, and calls the scheduler's look itself.
        INGESTION_FIRST_RUN_DELAY_SECONDS: 86_400,
        INGESTION_MAX_INTERVAL_MINUTES: 60,
        INGESTION_WEBSUB_CALLBACK_URL: `http://127.0.0.1:${port}`,
        INGESTION_WEBSUB_LEASE_SECONDS: LEASE_SECONDS,
        // The hub and its feeds are fixture servers on this machine.
        INGESTION_ALLOW_PRIVATE_SOURCES: true,
      },
    });
    await t.app.listen(port, '127.0.0.1');
    collected = await collectArticleEvents(t);
    announced = await collectSourceAnnouncements(t);
    topic = hub.feedUrl('chips');
    hub.setFeed('chips', atomFeed(topic, hub.hubUrl, ['one']));
    sourceId = await create('Chips', topic);
  }, 30_000);
  // Closing ends the app's subscriptions and the hub's connections: seconds on a loaded machine.
  afterAll(async () => {
    await t?.close();
    await hub?.close();
  }, 30_000);

  it('subscribes to the hub a polled feed names and answers its verification with the challenge', async () => {
    await runNow(sourceId);
    await eventually(() => expect(titles()).toEqual([HEADLINES.one]));
    await eventually(() => expect(hub.verifications.filter((v) => v.confirmed)).toHaveLength(1));
    const [request] = hub.requests;
    expect(request).toMatchObject({ mode: 'subscribe', topic, leaseSeconds: LEASE_SECONDS });
    expect(request.callback).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/ingestion\/websub\/[a-f0-9]{32}$/);
    expect(request.secret).toMatch(/^[a-f0-9]{64}$/);
    const [subscription] = await subscriptionsOf(sourceId);
    expect(subscription).toMatchObject({
      state: 'active',
      leaseSeconds: LEASE_SECONDS,
      topic,
      hub: hub.hubUrl,
    });
    expect((await source(sourceId)).pushUntil).toBe(subscription.expiresAt);
    // The sources page hears of the request and of the verified lease.
    await eventually(() =>
      expect(announcedWebSub(sourceId)).toEqual([
        undefined,
        { state: 'pending', leaseExpiresAt: null },
        { state: 'subscribed', leaseExpiresAt: subscription.expiresAt },
      ]),
    );
    // While pushed to, the source is polled at the longest interval only (the safety net).
    await runNow(sourceId);
    const polled = await source(sourceId);
    expect(Date.parse(polled.nextRunAt!) - Date.parse(polled.lastRunAt!)).toBe(60 * MIN);
    await eventually(() =>
      expect(announced.filter((e) => e.id === sourceId).at(-1)?.pollIntervalSeconds).toBe(3600),
    );
    // The second poll found the subscription live and asked nothing more of the hub.
    expect(hub.requests).toHaveLength(1);
  });

  it('refuses verifications it did not ask for: unknown callback, other topic, unsubscribe', async () => {
    const [{ callback }] = hub.requests;
    const challenge = { 'hub.challenge': 'abc', 'hub.lease_seconds': '60' };
    const unknown = callback.replace(/[a-f0-9]{32}$/, 'f'.repeat(32));
    expect(
      (await hub.callBack(unknown, { 'hub.mode': 'subscribe', 'hub.topic': topic, ...challenge })).status,
    ).toBe(404);
    expect(
      (await hub.callBack(callback, { 'hub.mode': 'subscribe', 'hub.topic': `${topic}x`, ...challenge }))
        .status,
    ).toBe(404);
    expect(
      (await hub.callBack(callback, { 'hub.mode': 'unsubscribe', 'hub.topic': topic, ...challenge })).status,
    ).toBe(404);
    expect((await hub.callBack(callback, { 'hub.mode': 'subscribe' })).status).toBe(400);
    expect((await subscriptionsOf(sourceId))[0].state).toBe('active');
  });

  it('takes a signed push through the same path as a poll, exactly once', async () => {
    const feed = atomFeed(topic, hub.hubUrl, ['two', 'one']);
    // The gateway's micro-cache hears of a push run as of a polled one (sources/ingestion-purges.ts).
    const purged: string[][] = [];
    const stopListening = await t.cache.subscribe(PURGE_CHANNEL, (m) => purged.push(parsePurge(m)!.tags));
    expect(await hub.publish(topic, feed)).toEqual([expect.objectContaining({ status: 204 })]);
    await eventually(() => expect(purged).toEqual([[INGESTION_SOURCES_TAG, INGESTION_RUNS_TAG]]));
    await stopListening();
    await eventually(() => expect(titles()).toEqual([HEADLINES.one, HEADLINES.two]));
    const pushRuns = (await runsOf(sourceId)).filter((run) => run.trigger === 'push');
    expect(pushRuns).toEqual([expect.objectContaining({ outcome: 'ok', itemsNew: 1, itemsDuplicate: 1 })]);
    // The same push again, and a poll of the feed that now lists it: nothing more is emitted.
    expect(await hub.publish(topic, feed)).toEqual([expect.objectContaining({ status: 204 })]);
    hub.setFeed('chips', feed);
    await runNow(sourceId);
    const runs = await runsOf(sourceId);
    expect(runs.filter((run) => run.trigger === 'push')).toHaveLength(2);
    expect(runs.reduce((sum, run) => sum + run.itemsNew, 0)).toBe(2);
    expect(titles()).toHaveLength(2);
  });

  it('refuses a push without a valid signature before reading it, and a body over the cap', async () => {
    const feed = atomFeed(topic, hub.hubUrl, ['three']);
    const before = (await runsOf(sourceId)).length;
    const forged = await hub.publish(topic, feed, { signature: `sha256=${'0'.repeat(64)}` });
    const unsigned = await hub.publish(topic, feed, { signature: null });
    const otherAlgorithm = await hub.publish(topic, feed, {
      signature: 'md5=00112233445566778899aabbccddeeff',
    });
    for (const answer of [forged, unsigned, otherAlgorithm])
      expect(answer).toEqual([expect.objectContaining({ status: 403 })]);
    const huge = atomFeed(topic, hub.hubUrl, ['three']).replace(
      '<title>Chips</title>',
      `<title>${'x'.repeat(1_100_000)}</title>`,
    );
    expect(await hub.publish(topic, huge)).toEqual([expect.objectContaining({ status: 413 })]);
    const notAFeed = await hub.publish(topic, HEADLINES.three, { contentType: 'text/plain' });
    expect(notAFeed).toEqual([expect.objectContaining({ status: 415 })]);
    expect(await runsOf(sourceId)).toHaveLength(before);
    // A paused source takes nothing pushed either (the hub is still answered 204).
    await t.app.inject({ method: 'POST', url: `/api/ingestion/sources/${sourceId}/pause`, headers: admin });
    expect(await hub.publish(topic, feed)).toEqual([expect.objectContaining({ status: 204 })]);
    expect(await runsOf(sourceId)).toHaveLength(before);
    await t.app.inject({ method: 'POST', url: `/api/ingestion/sources/${sourceId}/resume`, headers: admin });
    // sha1 is a signature the recommendation allows: accepted.
    expect(await hub.publish(topic, feed, { algorithm: 'sha1' })).toEqual([
      expect.objectContaining({ status: 204 }),
    ]);
    await eventually(() => expect(titles()).toContain(HEADLINES.three));
  });

  it('takes a signed JSON Feed push under either JSON type, its signature checked over the bytes sent', async () => {
    const jsonFeed = (slug: string) =>
      JSON.stringify({
        version: 'https://jsonfeed.org/version/1.1',
        title: 'Chips',
        feed_url: topic,
        items: [
          {
            id: `urn:story:${slug}`,
            url: `https://news.example/${slug}`,
            title: HEADLINES[slug],
            summary: `${HEADLINES[slug]}: the lead.`,
            date_published: '2026-03-02T08:00:00Z',
          },
        ],
      });
    for (const [slug, contentType] of [
      ['six', 'application/feed+json'],
      ['seven', 'application/json'],
    ]) {
      const forged = await hub.publish(topic, jsonFeed(slug), {
        contentType,
        signature: `sha256=${'0'.repeat(64)}`,
      });
      expect(forged).toEqual([expect.objectContaining({ status: 403 })]);
      expect(await hub.publish(topic, jsonFeed(slug), { contentType })).toEqual([
        expect.objectContaining({ status: 204 }),
      ]);
      await eventually(() => expect(titles()).toContain(HEADLINES[slug]));
    }
    // The admin API still takes JSON as JSON.
    const paused = await t.app.inject({
      method: 'POST',
      url: `/api/ingestion/sources/${sourceId}/pause`,
      headers: { ...admin, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(paused.statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: `/api/ingestion/sources/${sourceId}/resume`, headers: admin });
  });

  it('renews before the lease ends, then falls back to polling when a renewal is never verified', async () => {
    const websub = t.app.get(WebSubSubscriptions);
    const [first] = await subscriptionsOf(sourceId);
    // Halfway through the hour's lease the renewal is asked, with the same callback and secret.
    t.clock.advance(29 * MIN);
    await websub.maintain();
    expect(hub.requests).toHaveLength(1);
    t.clock.advance(2 * MIN);
    await websub.maintain();
    await websub.maintain(); // asked once per lease
    expect(hub.requests).toHaveLength(2);
    expect(hub.requests[1]).toMatchObject({
      callback: hub.requests[0].callback,
      secret: hub.requests[0].secret,
    });
    await eventually(async () => {
      const [renewed] = await subscriptionsOf(sourceId);
      expect(Date.parse(renewed.expiresAt!)).toBeGreaterThan(Date.parse(first.expiresAt!));
    });

    // The hub stops verifying: the renewal goes unanswered and the lease runs out.
    hub.policy = 'ignore';
    t.clock.advance(31 * MIN);
    await websub.maintain();
    expect(hub.requests).toHaveLength(3);
    expect((await subscriptionsOf(sourceId))[0].state).toBe('active');
    // The scheduler's look lets it lapse and, in the same look, polls the source again.
    t.clock.advance(30 * MIN);
    const runsBefore = (await runsOf(sourceId)).length;
    hub.setFeed('chips', atomFeed(topic, hub.hubUrl, ['four', 'three', 'two', 'one']));
    await t.app.get(IngestionScheduler).tick();
    await idle();
    // The first subscription, beside the new request the poll made when it found the hub again.
    const lapsed = (await subscriptionsOf(sourceId)).find((s) => s._id === first._id)!;
    expect(lapsed.state).toBe('lapsed');
    // Told as it happened: the renewed lease, the lapse, then the new request.
    await eventually(() =>
      expect(announcedWebSub(sourceId).slice(-3)).toEqual([
        { state: 'subscribed', leaseExpiresAt: lapsed.expiresAt },
        { state: 'lapsed', leaseExpiresAt: null },
        { state: 'pending', leaseExpiresAt: null },
      ]),
    );
    const runs = await runsOf(sourceId);
    expect(runs).toHaveLength(runsBefore + 1);
    expect(runs.filter((run) => run.trigger === 'schedule')).toEqual([
      expect.objectContaining({ outcome: 'ok', itemsNew: 1 }),
    ]);
    await eventually(() => expect(titles()).toContain(HEADLINES.four));
    // A push to the lapsed subscription is refused; the poll found the hub again and asked anew.
    expect(
      await hub
        .publish(topic, atomFeed(topic, hub.hubUrl, ['four']))
        .then((answers) =>
          answers.filter((answer) => answer.callback === lapsed._id || answer.callback.endsWith(lapsed._id)),
        ),
    ).toEqual([expect.objectContaining({ status: 404 })]);
    expect(hub.requests).toHaveLength(4);
    expect(hub.requests[3].callback).not.toBe(hub.requests[0].callback);
  });

  it('asks a hub only through the SSRF guard: a private address is refused unless the source allows it', async () => {
    const websub = t.app.get(WebSubSubscriptions);
    const guarded = await create('Guarded', hub.feedUrl('guarded'));
    await t.store
      .collection<SourceDocument>('sources')
      .updateOne({ _id: guarded }, { $set: { allowPrivateNetwork: false } });
    const requests = hub.requests.length;
    await websub.discovered(await source(guarded), { hub: hub.hubUrl, topic: hub.feedUrl('guarded') });
    expect(hub.requests).toHaveLength(requests);
    const [refused] = await subscriptionsOf(guarded);
    expect(refused).toMatchObject({ state: 'failed' });
    expect(refused.reason).toMatch(/^blocked-address/);
    await eventually(() =>
      expect(announcedWebSub(guarded).at(-1)).toEqual({ state: 'failed', leaseExpiresAt: null }),
    );
    // A new URL is another feed: the old one's push state is dropped, and nothing is said of WebSub.
    const moved = hub.feedUrl('guarded-moved');
    await moveTo(guarded, moved);
    await eventually(() => expect(announced.filter((e) => e.id === guarded).at(-1)?.url).toBe(moved));
    expect(announced.filter((e) => e.id === guarded).at(-1)?.websub).toBeUndefined();
  });

  it('falls back to polling when the hub denies the subscription', async () => {
    hub.policy = 'deny';
    const denied = await create('Denied', feed('denied', ['five']));
    await runNow(denied);
    await eventually(async () => expect((await subscriptionsOf(denied))[0]?.state).toBe('denied'));
    // Polled on its own (adaptive) schedule, not the pushed sources' longest interval: due at once if the
    // denial came after the run recorded its next time, else at that time.
    const polled = await source(denied);
    expect(polled.pushUntil).toBeNull();
    const wait = polled.nextRunAt === null ? 0 : Date.parse(polled.nextRunAt) - Date.parse(polled.lastRunAt!);
    expect(wait).toBeLessThanOrEqual(15 * MIN);
    // Other sources' verifications can land meanwhile (a subscribe asked before the policy changed), so
    // the denial is looked up by this subscription's callback, not taken as the hub's last word.
    // The hub records the denial once our answer reaches it, which can be after the state is stored.
    const [{ _id: deniedCallback }] = await subscriptionsOf(denied);
    await eventually(() =>
      expect(hub.verifications.filter((v) => v.callback.endsWith(deniedCallback))).toEqual([
        expect.objectContaining({ mode: 'denied', status: 200 }),
      ]),
    );
    await eventually(() =>
      expect(announcedWebSub(denied).at(-1)).toEqual({ state: 'failed', leaseExpiresAt: null }),
    );
  });

  it('asks the hub to stop pushing when its source is deleted, and confirms only that unsubscribe', async () => {
    hub.policy = 'verify';
    const goneTopic = feed('gone', ['one']);
    const gone = await create('Gone', goneTopic);
    await runNow(gone);
    await eventually(async () => expect((await subscriptionsOf(gone))[0]?.state).toBe('active'));
    // The hub records the subscriber once its verification request has been answered, which can come a
    // moment after ingestion stored the subscription as active.
    await eventually(() => expect(hub.subscribers(goneTopic)).toHaveLength(1));
    const [{ _id: callbackId }] = await subscriptionsOf(gone);
    // An unsubscribe of a subscription still wanted is not ours.
    const [{ callback }] = hub.subscribers(goneTopic);
    const forged = await hub.callBack(callback, {
      'hub.mode': 'unsubscribe',
      'hub.topic': goneTopic,
      'hub.challenge': 'x',
    });
    expect(forged.status).toBe(404);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/ingestion/sources/${gone}`,
      headers: admin,
    });
    expect(deleted.statusCode).toBe(204);
    expect(hub.requests.filter((r) => r.topic === goneTopic).at(-1)).toMatchObject({
      mode: 'unsubscribe',
      callback,
    });
    await eventually(() =>
      expect(hub.verifications.filter((v) => v.callback === callback).at(-1)).toMatchObject({
        mode: 'unsubscribe',
        status: 200,
        confirmed: true,
      }),
    );
    expect(hub.subscribers(goneTopic)).toEqual([]);
    const [subscription] = await subscriptionsOf(gone);
    expect(subscription).toMatchObject({ _id: callbackId, state: 'unsubscribed' });
  });

  it("asks the old feed's hub to stop pushing when a source's URL changes, and subscribes to the new one's", async () => {
    hub.policy = 'verify';
    const oldTopic = feed('moving', ['six']);
    const moving = await create('Moving', oldTopic);
    await runNow(moving);
    await eventually(() => expect(hub.subscribers(oldTopic)).toHaveLength(1));
    const [{ _id: oldId }] = await subscriptionsOf(moving);
    const [{ callback }] = hub.subscribers(oldTopic);

    const newTopic = feed('moved', ['seven']);
    const patched = await moveTo(moving, newTopic);
    expect(patched.statusCode).toBe(200);
    expect(hub.requests.filter((r) => r.topic === oldTopic).at(-1)).toMatchObject({
      mode: 'unsubscribe',
      callback,
    });
    await eventually(() => expect(hub.subscribers(oldTopic)).toEqual([]));
    expect((await subscriptionsOf(moving)).find((s) => s._id === oldId)).toMatchObject({
      state: 'unsubscribed',
    });
    // No longer renewed: the old lease is not asked again as its end nears.
    t.clock.advance(31 * MIN);
    await t.app.get(WebSubSubscriptions).maintain();
    expect(hub.requests.filter((r) => r.topic === oldTopic)).toHaveLength(2);
    const requests = hub.requests.length;

    // The next poll reads the new feed and asks its hub. Its verification changes what
    // GET /api/ingestion/sources shows, so the gateway's copies are purged then too, not only at the run's end.
    const purged: string[][] = [];
    const stopListening = await t.cache.subscribe(PURGE_CHANNEL, (m) => purged.push(parsePurge(m)!.tags));
    await runNow(moving);
    await eventually(() => expect(hub.subscribers(newTopic)).toHaveLength(1));
    // (Other sources due meanwhile may add theirs.)
    await eventually(() =>
      expect(purged.filter((tags) => tags.join() === INGESTION_SOURCES_TAG).length).toBeGreaterThan(0),
    );
    await stopListening();
    const [{ expiresAt }] = (await subscriptionsOf(moving)).filter((s) => s.topic === newTopic);
    const shown = await t.app.inject({ method: 'GET', url: `/api/ingestion/sources/${moving}` });
    expect(shown.json()).toMatchObject({
      url: newTopic,
      pollIntervalSeconds: expect.any(Number),
      websub: { state: 'subscribed', leaseExpiresAt: expiresAt },
    });
    const ours = (r: { topic: string }) => r.topic === oldTopic || r.topic === newTopic;
    expect(hub.requests.slice(requests).filter(ours)).toEqual([
      expect.objectContaining({ mode: 'subscribe', topic: newTopic }),
    ]);
    await eventually(() =>
      expect(announcedWebSub(moving).at(-1)).toEqual({
        state: 'subscribed',
        leaseExpiresAt: expect.any(String),
      }),
    );
  });

  it('lets a lease lapse once WebSub is switched off (no callback URL), asking the hub nothing', async () => {
    const config = t.app.get<IngestionConfig>(INGESTION_CONFIG);
    const callbackUrl = config.INGESTION_WEBSUB_CALLBACK_URL;
    const active = await t.store
      .collection<SubscriptionDocument>('websub_subscriptions')
      .find({ state: 'active' });
    expect(active.length).toBeGreaterThan(0);
    const requests = hub.requests.length;
    // Switched off for the whole check: a lapsed source is polled again at once, and with a callback URL
    // that poll would subscribe again, its 'subscribed' landing after the 'lapsed' this test looks for.
    config.INGESTION_WEBSUB_CALLBACK_URL = undefined;
    try {
      t.clock.advance(2 * LEASE_SECONDS * 1000);
      await t.app.get(WebSubSubscriptions).maintain();
      expect(hub.requests).toHaveLength(requests);
      for (const { _id, sourceId: id } of active) {
        expect((await subscriptionsOf(id)).find((s) => s._id === _id)?.state).toBe('lapsed');
        expect((await source(id)).pushUntil).toBeNull();
        await eventually(() =>
          expect(announcedWebSub(id).at(-1)).toEqual({ state: 'lapsed', leaseExpiresAt: null }),
        );
      }
      // The polls that followed asked the hub nothing either.
      await idle();
      expect(hub.requests).toHaveLength(requests);
    } finally {
      config.INGESTION_WEBSUB_CALLBACK_URL = callbackUrl;
    }
  }, 30_000);

  describe('a hub on plain http (the secret would cross the network in clear)', () => {
    const PUBLIC_HTTP_HUB = 'http://hub.example/';
    /** The URLs the app fetched from now until `stop()`. */
    const watchFetches = () => {
      const fetch = jest.spyOn(t.app.get<PipelineStages>(PIPELINE_STAGES), 'fetch');
      return {
        urls: () => fetch.mock.calls.map(([request]) => request.url),
        stop: () => fetch.mockRestore(),
      };
    };

    it('is not subscribed to on a public host: the feed is polled as one without a hub', async () => {
      const url = hub.feedUrl('clear');
      hub.setFeed('clear', atomFeed(url, PUBLIC_HTTP_HUB, ['eight']));
      const clear = await create('Clear', url);
      const fetches = watchFetches();
      try {
        await runNow(clear);
        // (Other sources due meanwhile are polled too.)
        expect(fetches.urls()).toContain(url);
        expect(fetches.urls()).not.toContain(PUBLIC_HTTP_HUB);
      } finally {
        fetches.stop();
      }
      await eventually(() => expect(titles()).toContain(HEADLINES.eight));
      expect(await subscriptionsOf(clear)).toEqual([]);
      // On its own (adaptive) schedule, not the pushed sources' longest interval.
      const polled = await source(clear);
      expect(polled.websub).toBeUndefined();
      expect(Date.parse(polled.nextRunAt!) - Date.parse(polled.lastRunAt!)).toBeLessThan(60 * MIN);
    });

    it('is subscribed to on a loopback address only while private sources are allowed', async () => {
      const config = t.app.get<IngestionConfig>(INGESTION_CONFIG);
      const local = await create('Local', hub.feedUrl('local'));
      const links = { hub: hub.hubUrl, topic: hub.feedUrl('local') };
      const requests = hub.requests.length;
      config.INGESTION_ALLOW_PRIVATE_SOURCES = false;
      try {
        await t.app.get(WebSubSubscriptions).discovered(await source(local), links);
      } finally {
        config.INGESTION_ALLOW_PRIVATE_SOURCES = true;
      }
      expect(hub.requests).toHaveLength(requests);
      expect(await subscriptionsOf(local)).toEqual([]);
      await t.app.get(WebSubSubscriptions).discovered(await source(local), links);
      expect(hub.requests.slice(requests)).toEqual([
        expect.objectContaining({ mode: 'subscribe', topic: links.topic }),
      ]);
    });

    it('is not asked to renew a subscription made before such hubs were refused: it lapses', async () => {
      const clear = (await t.store.collection<SourceDocument>('sources').findOne({ name: 'Clear' }))!;
      const now = t.clock.now();
      // Past halfway through its lease: due for renewal.
      const subscription: SubscriptionDocument = {
        _id: 'c'.repeat(32),
        sourceId: clear._id,
        hub: PUBLIC_HTTP_HUB,
        topic: clear.url,
        secret: 'd'.repeat(64),
        state: 'active',
        requestedAt: new Date(now - 40 * MIN).toISOString(),
        leaseSeconds: LEASE_SECONDS,
        expiresAt: new Date(now + 20 * MIN).toISOString(),
        verifiedAt: new Date(now - 40 * MIN).toISOString(),
        reason: null,
        lastPushAt: null,
        pushes: 0,
      };
      await t.store.collection<SubscriptionDocument>('websub_subscriptions').insertOne(subscription);
      const websub = t.app.get(WebSubSubscriptions);
      const fetches = watchFetches();
      try {
        await websub.maintain();
        t.clock.advance(21 * MIN);
        await websub.maintain();
        expect(fetches.urls()).not.toContain(PUBLIC_HTTP_HUB);
      } finally {
        fetches.stop();
      }
      expect((await subscriptionsOf(clear._id)).find((s) => s._id === subscription._id)?.state).toBe(
        'lapsed',
      );
    });
  });
});

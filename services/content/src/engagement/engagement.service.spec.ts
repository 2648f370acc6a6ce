import {
  TOPICS,
  type ArticleDetailResponse,
  type ArticleEngagedPayload,
  type ArticleViewResponse,
  type EventEnvelope,
  type LikeResponse,
  type LikeStatusResponse,
  type ShareResponse,
} from '@pulse/contracts';
import { eventually } from '@pulse/testing';
import type { ArticleRecord } from '../articles/article.record';
import {
  startContentTestApp,
  testClock,
  translatedArticle,
  type ContentTestApp,
} from '../../testing/content-test-app';
import { reader, type Reader } from '../../testing/engagement/engagement.fixture';
import { readerHash } from './reader-sessions';

const HOUR = 3_600_000;
const clock = testClock(Date.parse('2026-03-10T03:00:00.000Z'));
const like = (contentId: string) => ({ contentId, contentType: 'article' });

describe('content service: engagement (views, likes, shares)', () => {
  let content: ContentTestApp;
  let engaged: EventEnvelope[];
  const payloads = (articleId: string, kind?: string) =>
    engaged
      .map((event) => event.payload as ArticleEngagedPayload)
      .filter((p) => p.articleId === articleId && (!kind || p.kind === kind));
  const stored = (id: string) => content.store.collection<ArticleRecord>('articles').findOne({ _id: id });

  beforeAll(async () => {
    content = await startContentTestApp({ clock });
    engaged = await content.collect(TOPICS.articleEngaged);
    for (const id of ['v1', 'v2', 'l1', 'l2', 'l3', 's1', 's2', 'c1']) {
      await content.translated(translatedArticle({ articleId: id }));
    }
  }, 60_000);

  afterAll(() => content.close());

  describe('reader session cookie', () => {
    it('issues an HttpOnly, SameSite=Lax, signed pulse_sid cookie once and keeps it', async () => {
      const browser = reader(content);
      const first = await browser.call<LikeStatusResponse>('GET', '/api/interactions/status/c1');
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ liked: false });
      const [pair, ...attributes] = first.setCookie!.split('; ');
      expect(pair).toMatch(/^pulse_sid=[A-Za-z0-9_-]{43}\.[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
      expect(attributes.sort()).toEqual(['HttpOnly', `Max-Age=${365 * 24 * 3600}`, 'Path=/', 'SameSite=Lax']);
      expect(first.headers['cache-control']).toBe('private, no-store');
      const second = await browser.call('GET', '/api/interactions/status/c1');
      expect(second.setCookie).toBeUndefined();
    });

    it('replaces a forged, re-signed or malformed cookie with a new session', async () => {
      const genuine = reader(content);
      await genuine.call('GET', '/api/interactions/status/c1');
      const [key, signature] = genuine.cookie!.slice('pulse_sid='.length).split('.');
      const otherKey = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
      const forgeries = [
        `pulse_sid=${otherKey}.${signature}`, // someone else's key under this signature
        `pulse_sid=${key}.${signature.slice(0, -2)}`, // truncated signature
        `pulse_sid=${key}`, // unsigned
        `pulse_sid=${key}.${signature}.extra`,
        'pulse_sid=%00%01',
      ];
      for (const cookie of forgeries) {
        const forged = reader(content, cookie);
        const response = await forged.call<LikeStatusResponse>('GET', '/api/interactions/status/c1');
        expect(response.status).toBe(200);
        expect(response.setCookie).toBeDefined();
        expect(forged.key).not.toBe(key);
        expect(forged.key).not.toBe(otherKey);
      }
    });

    it('a forged cookie does not reach the victim session: its like is its own', async () => {
      const victim = reader(content);
      expect((await victim.call('POST', '/api/interactions/like', like('c1'))).status).toBe(200);
      const [key] = victim.cookie!.slice('pulse_sid='.length).split('.');
      const attacker = reader(content, `pulse_sid=${key}.${'A'.repeat(43)}`);
      const status = await attacker.call<LikeStatusResponse>('GET', '/api/interactions/status/c1');
      expect(status.body).toEqual({ liked: false });
      expect(attacker.key).not.toBe(key);
    });
  });

  describe('POST /api/articles/:id/view', () => {
    it('counts once per reader per article, a second reader counts again, and emits view events', async () => {
      const alice = reader(content);
      const bob = reader(content);
      const first = await alice.call<ArticleViewResponse>('POST', '/api/articles/v1/view');
      expect(first).toMatchObject({ status: 200, body: { counted: true, views: 1 } });
      const again = await alice.call<ArticleViewResponse>('POST', '/api/articles/v1/view');
      expect(again.body).toEqual({ counted: false, views: 1 });
      const other = await bob.call<ArticleViewResponse>('POST', '/api/articles/v1/view');
      expect(other.body).toEqual({ counted: true, views: 2 });
      // Another article is its own count for the same reader.
      expect((await alice.call<ArticleViewResponse>('POST', '/api/articles/v2/view')).body).toEqual({
        counted: true,
        views: 1,
      });
      expect((await stored('v1'))?.views).toBe(2);

      await eventually(() => expect(payloads('v1', 'view')).toHaveLength(2));
      await eventually(() => expect(payloads('v2', 'view')).toHaveLength(1));
      const [fromAlice, fromBob] = payloads('v1', 'view');
      expect(fromAlice).toEqual({
        articleId: 'v1',
        kind: 'view',
        sessionKey: readerHash(alice.key!),
        occurredAt: new Date(clock.now()).toISOString(),
        // trending's filter: the network (a keyed hash, never the address) and the session's issue time.
        networkHash: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
        sessionIssuedAt: new Date(clock.now()).toISOString(),
      });
      expect(fromAlice.networkHash).not.toContain('127.0.0.1');
      expect(fromBob.sessionKey).toBe(readerHash(bob.key!));
      // A one-way hash: the event never carries what the cookie holds.
      expect(fromAlice.sessionKey).not.toContain(alice.key!);
      const envelope = engaged.find((event) => (event.payload as ArticleEngagedPayload).articleId === 'v1');
      expect(envelope).toMatchObject({ type: TOPICS.articleEngaged, key: 'v1', source: 'content' });
    });

    it('counts the same reader again once the view window is over, not before', async () => {
      const carol = reader(content);
      const before = (await stored('v2'))!.views;
      expect((await carol.call<ArticleViewResponse>('POST', '/api/articles/v2/view')).body.counted).toBe(
        true,
      );
      clock.advance(24 * HOUR - 1);
      expect((await carol.call<ArticleViewResponse>('POST', '/api/articles/v2/view')).body.counted).toBe(
        false,
      );
      clock.advance(2);
      const later = await carol.call<ArticleViewResponse>('POST', '/api/articles/v2/view');
      expect(later.body).toEqual({ counted: true, views: before + 2 });
      // The window slides from the last counted view.
      clock.advance(HOUR);
      expect((await carol.call<ArticleViewResponse>('POST', '/api/articles/v2/view')).body.counted).toBe(
        false,
      );
    });

    it('counts 20 parallel views of one reader once', async () => {
      const dave = reader(content);
      await dave.call('GET', '/api/interactions/status/v1'); // get the cookie first, as a page load would
      const before = (await stored('v1'))!.views;
      const results = await Promise.all(
        Array.from({ length: 20 }, () => dave.call<ArticleViewResponse>('POST', '/api/articles/v1/view')),
      );
      expect(results.filter((r) => r.body.counted)).toHaveLength(1);
      expect(results.every((r) => r.status === 200)).toBe(true);
      expect((await stored('v1'))!.views).toBe(before + 1);
    });
  });

  describe('likes', () => {
    it('likes once, is idempotent, unlikes once, never below 0, and reports status', async () => {
      const erin = reader(content);
      const liked = await erin.call<LikeResponse>('POST', '/api/interactions/like', like('l1'));
      expect(liked).toMatchObject({ status: 200, body: { liked: true, likesCount: 1 } });
      const twice = await erin.call<LikeResponse>('POST', '/api/interactions/like', like('l1'));
      expect(twice.body).toEqual({ liked: true, likesCount: 1 });
      expect((await erin.call('GET', '/api/interactions/status/l1')).body).toEqual({ liked: true });

      const frank = reader(content);
      expect((await frank.call<LikeResponse>('POST', '/api/interactions/like', like('l1'))).body).toEqual({
        liked: true,
        likesCount: 2,
      });
      expect((await frank.call('GET', '/api/interactions/status/l1')).body).toEqual({ liked: true });

      const unliked = await erin.call<LikeResponse>('DELETE', '/api/interactions/unlike', like('l1'));
      expect(unliked.body).toEqual({ liked: false, likesCount: 1 });
      const unlikedTwice = await erin.call<LikeResponse>('DELETE', '/api/interactions/unlike', like('l1'));
      expect(unlikedTwice.body).toEqual({ liked: false, likesCount: 1 });
      expect((await erin.call('GET', '/api/interactions/status/l1')).body).toEqual({ liked: false });
      // Someone who never liked cannot take a like away.
      const stranger = reader(content);
      expect(
        (await stranger.call<LikeResponse>('DELETE', '/api/interactions/unlike', like('l1'))).body,
      ).toEqual({
        liked: false,
        likesCount: 1,
      });
      // And a like after an unlike counts again.
      expect((await erin.call<LikeResponse>('POST', '/api/interactions/like', like('l1'))).body).toEqual({
        liked: true,
        likesCount: 2,
      });
      expect((await stored('l1'))?.likesCount).toBe(2);

      // One event per real change: erin like, frank like, erin unlike, erin like.
      await eventually(() => expect(payloads('l1')).toHaveLength(4));
      expect(payloads('l1').map((p) => [p.kind, p.sessionKey])).toEqual([
        ['like', readerHash(erin.key!)],
        ['like', readerHash(frank.key!)],
        ['unlike', readerHash(erin.key!)],
        ['like', readerHash(erin.key!)],
      ]);
    });

    it('never takes the count below 0, and emits nothing for an unlike that changes nothing', async () => {
      const gina = reader(content);
      await gina.call('POST', '/api/interactions/like', like('l2'));
      // The stored count drifted to 0 (say, an operator reset it): the unlike must not make it -1.
      await content.store
        .collection<ArticleRecord>('articles')
        .updateOne({ _id: 'l2' }, { $set: { likesCount: 0 } });
      const unliked = await gina.call<LikeResponse>('DELETE', '/api/interactions/unlike', like('l2'));
      expect(unliked.body).toEqual({ liked: false, likesCount: 0 });
      expect((await stored('l2'))?.likesCount).toBe(0);
      // A later change proves the event stream is settled: only the like and this view went out.
      await gina.call('POST', '/api/articles/l2/view');
      await eventually(() => expect(payloads('l2', 'view')).toHaveLength(1));
      expect(payloads('l2').map((p) => p.kind)).toEqual(['like', 'view']);
    });

    it('counts 50 parallel likes from one reader once, with one event', async () => {
      const hana = reader(content);
      await hana.call('GET', '/api/interactions/status/l3');
      const results = await Promise.all(
        Array.from({ length: 50 }, () =>
          hana.call<LikeResponse>('POST', '/api/interactions/like', like('l3')),
        ),
      );
      expect(results.every((r) => r.status === 200 && r.body.liked && r.body.likesCount === 1)).toBe(true);
      expect((await stored('l3'))?.likesCount).toBe(1);
      expect((await hana.call('GET', '/api/interactions/status/l3')).body).toEqual({ liked: true });
      await hana.call('POST', '/api/articles/l3/view');
      await eventually(() => expect(payloads('l3', 'view')).toHaveLength(1));
      expect(payloads('l3', 'like')).toHaveLength(1);
      // Nothing in flight is left on the article once the requests are done.
      expect((await stored('l3')) as { engagementOps?: string[] }).toMatchObject({ engagementOps: [] });
    });

    it('shows the new count on the article detail at once (its cached response is dropped)', async () => {
      const ian = reader(content);
      const before = await content.get<ArticleDetailResponse>('/api/articles/l3');
      expect(before.body.article.likesCount).toBe(1);
      await ian.call('POST', '/api/interactions/like', like('l3'));
      const after = await content.get<ArticleDetailResponse>('/api/articles/l3');
      expect(after.body.article.likesCount).toBe(2);
    });
  });

  describe('POST /api/articles/:id/share', () => {
    it('counts every share, per platform, SNS only for social networks, with share events', async () => {
      const jun = reader(content);
      const platforms = ['facebook', 'twitter', 'telegram', 'linkedin', 'copy-link', 'native', 'facebook'];
      const counts: number[] = [];
      for (const platform of platforms) {
        const response = await jun.call<ShareResponse>('POST', '/api/articles/s1/share', { platform });
        expect(response.status).toBe(200);
        counts.push(response.body.sharesCount);
      }
      expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(await stored('s1')).toMatchObject({
        sharesCount: 7,
        snsShareCount: 5,
        sharesByPlatform: { facebook: 2, twitter: 1, telegram: 1, linkedin: 1, 'copy-link': 1, native: 1 },
      });
      await eventually(() => expect(payloads('s1', 'share')).toHaveLength(7));
      expect(payloads('s1', 'share').map((p) => (p.kind === 'share' ? p.platform : null))).toEqual(platforms);
      expect(payloads('s1', 'share')[0].sessionKey).toBe(readerHash(jun.key!));
      const detail = await content.get<ArticleDetailResponse>('/api/articles/s1');
      expect(detail.body.article).toMatchObject({ sharesCount: 7, snsShareCount: 5 });
    });

    it('answers 429 after 10 shares of one article by one reader in an hour; others still share', async () => {
      const kim: Reader = reader(content);
      for (let i = 1; i <= 10; i += 1) {
        const response = await kim.call<ShareResponse>('POST', '/api/articles/s2/share', {
          platform: 'twitter',
        });
        expect(response.body).toEqual({ sharesCount: i });
      }
      const limited = await kim.call<{ statusCode: number; error: string; message: string }>(
        'POST',
        '/api/articles/s2/share',
        { platform: 'twitter' },
      );
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await stored('s2'))?.sharesCount).toBe(10);
      // The same reader may still share another article, and another reader this one.
      expect((await kim.call('POST', '/api/articles/s1/share', { platform: 'native' })).status).toBe(200);
      // From another network: kim's 10 shares also filled this network's budget for s2.
      const lee = reader(content, undefined, { from: '192.0.2.44' });
      expect(
        (await lee.call<ShareResponse>('POST', '/api/articles/s2/share', { platform: 'native' })).body,
      ).toEqual({
        sharesCount: 11,
      });
    });
  });
});

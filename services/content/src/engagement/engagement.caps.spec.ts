import {
  TOPICS,
  type ArticleEngagementFiguresResponse,
  type ArticleEngagedPayload,
  type ArticleViewResponse,
  type EventEnvelope,
  type LikeResponse,
  type ShareResponse,
} from '@pulse/contracts';
import { eventually } from '@pulse/testing';
import type { ArticleRecord } from '../articles/article.record';
import { startContentTestApp, translatedArticle, type ContentTestApp } from '../../testing/content-test-app';
import { reader } from '../../testing/engagement/engagement.fixture';

const ADMIN = { authorization: 'Bearer test-admin-token-0123456789' };
const like = (contentId: string) => ({ contentId, contentType: 'article' });

describe('content engagement: only issued sessions count, and caps per reader and per network', () => {
  let content: ContentTestApp;
  let engaged: EventEnvelope[];
  const stored = (id: string) => content.store.collection<ArticleRecord>('articles').findOne({ _id: id });
  const figures = async (id: string) =>
    (
      await content.get<ArticleEngagementFiguresResponse>(
        `/api/content/admin/articles/${id}/engagement`,
        ADMIN,
      )
    ).body;

  beforeAll(async () => {
    content = await startContentTestApp();
    engaged = await content.collect(TOPICS.articleEngaged);
    for (const id of ['free1', 'net1', 'net2', 'six1', 'fig1'])
      await content.translated(translatedArticle({ articleId: id }));
  }, 60_000);

  afterAll(() => content.close());

  it('counts nothing for a request without a session (made-up bearers change nothing); it gets a session, and the same click again counts', async () => {
    for (let i = 0; i < 30; i += 1) {
      const response = await content.inject({
        method: 'POST',
        url: '/api/interactions/like',
        payload: like('free1'),
        headers: { authorization: `Bearer made-up-${i}-${Math.random().toString(36).slice(2)}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        liked: false,
        likesCount: 0,
        counted: false,
        reason: 'session-issued',
      });
      expect(String(response.headers['set-cookie'])).toMatch(/^pulse_sid=/);
    }
    const view = await reader(content, undefined, { arrive: false }).call<ArticleViewResponse>(
      'POST',
      '/api/articles/free1/view',
    );
    expect(view.body).toEqual({ counted: false, views: 0, reason: 'session-issued' });
    const share = await reader(content, undefined, { arrive: false }).call<ShareResponse>(
      'POST',
      '/api/articles/free1/share',
      { platform: 'twitter' },
    );
    expect(share.body).toEqual({ sharesCount: 0, counted: false, reason: 'session-issued' });
    expect(await stored('free1')).toMatchObject({ likesCount: 0, views: 0, sharesCount: 0 });

    // A client that keeps its cookie: the retry counts (what the front end's API client does once).
    const browser = reader(content, undefined, { arrive: false });
    expect(
      (await browser.call<LikeResponse>('POST', '/api/interactions/like', like('free1'))).body,
    ).toMatchObject({
      counted: false,
    });
    expect((await browser.call<LikeResponse>('POST', '/api/interactions/like', like('free1'))).body).toEqual({
      liked: true,
      likesCount: 1,
    });
    expect(await figures('free1')).toMatchObject({
      counted: { likes: 1, views: 0, shares: 0 },
      notCounted: {
        like: { 'session-issued': 31, limited: 0 },
        view: { 'session-issued': 1 },
        share: { 'session-issued': 1 },
      },
      raw: { likes: 32, views: 1, shares: 1 },
    });
  });

  it('caps likes, shares and views per network and article; another network still counts', async () => {
    const from = (address: string) => reader(content, undefined, { from: address });
    for (let i = 0; i < 10; i += 1) {
      const response = await from('203.0.113.5').call<LikeResponse>(
        'POST',
        '/api/interactions/like',
        like('net1'),
      );
      expect(response.body).toEqual({ liked: true, likesCount: i + 1 });
    }
    const refused = await from('203.0.113.5').call('POST', '/api/interactions/like', like('net1'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ message: expect.stringContaining('좋아요') });
    expect(
      (await from('203.0.113.6').call<LikeResponse>('POST', '/api/interactions/like', like('net1'))).body,
    ).toEqual({ liked: true, likesCount: 11 });

    for (let i = 0; i < 10; i += 1)
      expect(
        (await from('203.0.113.5').call('POST', '/api/articles/net1/share', { platform: 'native' })).status,
      ).toBe(200);
    expect(
      (await from('203.0.113.5').call('POST', '/api/articles/net1/share', { platform: 'native' })).status,
    ).toBe(429);

    const views = [];
    for (let i = 0; i < 62; i += 1)
      views.push(
        (await from('203.0.113.5').call<ArticleViewResponse>('POST', '/api/articles/net2/view')).body,
      );
    expect(views.filter((view) => view.counted)).toHaveLength(60);
    expect(views.at(-1)).toEqual({ counted: false, views: 60, reason: 'limited' });
    expect(
      (await from('198.51.100.9').call<ArticleViewResponse>('POST', '/api/articles/net2/view')).body.counted,
    ).toBe(true);
    expect(await figures('net2')).toMatchObject({
      counted: { views: 61 },
      notCounted: { view: { limited: 2 } },
      raw: { views: 63 },
    });
  });

  it('keys an IPv6 reader on its /64: many addresses of one /64 share one budget', async () => {
    const counted = [];
    for (let i = 1; i <= 14; i += 1) {
      const response = await reader(content, undefined, { from: `2001:db8:1:2::${i.toString(16)}` }).call(
        'POST',
        '/api/interactions/like',
        like('six1'),
      );
      counted.push(response.status);
    }
    expect(counted.filter((status) => status === 200)).toHaveLength(10);
    expect(counted.filter((status) => status === 429)).toHaveLength(4);
    const other = await reader(content, undefined, { from: '2001:db8:1:3::1' }).call(
      'POST',
      '/api/interactions/like',
      like('six1'),
    );
    expect(other.status).toBe(200);
    expect((await stored('six1'))?.likesCount).toBe(11);
  });

  it('caps one reader toggling a like, and carries the network hash and session age on every event', async () => {
    const toggler = reader(content, undefined, { from: '192.0.2.77' });
    const statuses = [];
    // like, unlike, … six changes; then two more likes.
    for (let i = 0; i < 8; i += 1) {
      const unlike = i < 6 && i % 2 === 1;
      const response = await toggler.call(
        unlike ? 'DELETE' : 'POST',
        unlike ? '/api/interactions/unlike' : '/api/interactions/like',
        like('fig1'),
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    await eventually(() =>
      expect(
        engaged.filter((event) => (event.payload as ArticleEngagedPayload).articleId === 'fig1'),
      ).toHaveLength(6),
    );
    for (const event of engaged) {
      const payload = event.payload as ArticleEngagedPayload;
      expect(payload.networkHash).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(Date.parse(payload.sessionIssuedAt!)).toBeLessThanOrEqual(Date.parse(payload.occurredAt));
    }
  });

  it('shows the figures to the admin only', async () => {
    expect((await content.get('/api/content/admin/articles/fig1/engagement')).status).toBe(401);
    expect((await content.get('/api/content/admin/articles/none-such/engagement', ADMIN)).status).toBe(404);
  });
});

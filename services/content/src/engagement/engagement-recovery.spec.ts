import {
  TOPICS,
  type ArticleEngagedPayload,
  type ArticleViewResponse,
  type EventEnvelope,
  type LikeResponse,
} from '@pulse/contracts';
import { eventually } from '@pulse/testing';
import type { ArticleRecord } from '../articles/article.record';
import {
  startContentTestApp,
  testClock,
  translatedArticle,
  type ContentTestApp,
} from '../../testing/content-test-app';
import type { CountedArticle } from './engagement-applier';
import { EngagementRecovery } from './engagement-recovery';
import { reader } from '../../testing/engagement/engagement.fixture';
import type { LikeMarker } from './like-markers.repository';
import { RECOVER_AFTER_MS, type PendingOp } from './pending-op';
import { readerHash } from './reader-sessions';
import type { ViewMarker } from './view-markers.repository';

const clock = testClock(Date.parse('2026-03-10T03:00:00.000Z'));
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * What a crash leaves behind between EngagementApplier's writes, built directly in the store, and how
 * the sweep (or the reader's next request) finishes it without counting twice.
 */
describe('content service: engagement crash recovery', () => {
  let content: ContentTestApp;
  let engaged: EventEnvelope[];
  let serial = 0;
  const views = () => content.store.collection<ViewMarker>('article_views');
  const likes = () => content.store.collection<LikeMarker>('article_likes');
  const articles = () => content.store.collection<CountedArticle>('articles');
  const stored = (id: string) => articles().findOne({ _id: id });
  const sweep = () => content.app.get(EngagementRecovery).sweep();
  const events = (articleId: string) =>
    engaged.map((e) => e.payload as ArticleEngagedPayload).filter((p) => p.articleId === articleId);

  /** A pending op claimed `ageMs` ago by an applier that then died. */
  const pendingOp = (kind: PendingOp['kind'], ageMs = RECOVER_AFTER_MS + 1): PendingOp => {
    serial += 1;
    const at = iso(clock.now() - ageMs);
    return { id: `op-${serial}-${kind}`, kind, at, leaseAt: at };
  };
  /** Step 2 done before the crash: counter, event and the op id on the article. */
  const appliedOnArticle = (articleId: string, op: PendingOp, counter: keyof ArticleRecord) =>
    articles().updateOne({ _id: articleId }, { $inc: { [counter]: 1 }, $push: { engagementOps: op.id } });

  beforeAll(async () => {
    content = await startContentTestApp({ clock });
    engaged = await content.collect(TOPICS.articleEngaged);
    for (const id of ['r1', 'r2', 'r3', 'r4', 'r5', 'r6']) {
      await content.translated(translatedArticle({ articleId: id }));
    }
  }, 60_000);

  afterAll(() => content.close());

  it('applies a view whose applier died after the claim, once, with its original time', async () => {
    const session = readerHash('reader-one');
    const op = pendingOp('view');
    await views().insertOne({ _id: `${session}:r1`, articleId: 'r1', session, countedAt: op.at, op });
    // Fresh ops are someone's work in progress: the sweep leaves them alone.
    const fresh = pendingOp('view', 1_000);
    await views().insertOne({
      _id: `${session}:r2`,
      articleId: 'r2',
      session,
      countedAt: fresh.at,
      op: fresh,
    });

    expect((await sweep()).recovered).toBe(1);
    expect(await sweep()).toMatchObject({ recovered: 0 });
    expect((await stored('r1'))?.views).toBe(1);
    expect((await stored('r1'))?.engagementOps).toEqual([]);
    expect((await views().findOne({ _id: `${session}:r1` }))?.op).toBeNull();
    expect((await stored('r2'))?.views).toBe(0);
    expect((await views().findOne({ _id: `${session}:r2` }))?.op).toEqual(fresh);
    await eventually(() => expect(events('r1')).toHaveLength(1));
    expect(events('r1')[0]).toEqual({
      articleId: 'r1',
      kind: 'view',
      sessionKey: session,
      occurredAt: op.at,
    });
  });

  it('does not count again a view whose applier died after writing the counter', async () => {
    const session = readerHash('reader-two');
    const op = pendingOp('view');
    await views().insertOne({ _id: `${session}:r3`, articleId: 'r3', session, countedAt: op.at, op });
    await appliedOnArticle('r3', op, 'views');

    expect((await sweep()).recovered).toBe(1);
    expect((await stored('r3'))?.views).toBe(1);
    expect((await stored('r3'))?.engagementOps).toEqual([]);
    expect((await views().findOne({ _id: `${session}:r3` }))?.op).toBeNull();
  });

  it('finishes a stuck like when the same reader asks again, without counting it twice', async () => {
    const browser = reader(content);
    await browser.call('GET', '/api/interactions/status/r4');
    const session = readerHash(browser.key!);
    const op = pendingOp('like');
    await likes().insertOne({ _id: `${session}:r4`, articleId: 'r4', session, liked: true, op });
    await appliedOnArticle('r4', op, 'likesCount');

    // The repeated like (the browser retrying) meets the stale op, finishes it, and changes nothing more.
    const again = await browser.call<LikeResponse>('POST', '/api/interactions/like', {
      contentId: 'r4',
      contentType: 'article',
    });
    expect(again.body).toEqual({ liked: true, likesCount: 1 });
    expect((await stored('r4'))?.likesCount).toBe(1);
    expect((await likes().findOne({ _id: `${session}:r4` }))?.op).toBeNull();
    // The reader can now unlike it normally.
    const unliked = await browser.call<LikeResponse>('DELETE', '/api/interactions/unlike', {
      contentId: 'r4',
      contentType: 'article',
    });
    expect(unliked.body).toEqual({ liked: false, likesCount: 0 });
  });

  it('finishes a stuck unlike (the marker goes) and a stuck view met by the next view', async () => {
    const session = readerHash('reader-three');
    await articles().updateOne({ _id: 'r5' }, { $set: { likesCount: 3 } });
    const op = pendingOp('unlike');
    await likes().insertOne({ _id: `${session}:r5`, articleId: 'r5', session, liked: false, op });
    expect((await sweep()).recovered).toBe(1);
    expect((await stored('r5'))?.likesCount).toBe(2);
    expect(await likes().findOne({ _id: `${session}:r5` })).toBeNull();

    const browser = reader(content);
    await browser.call('GET', '/api/interactions/status/r6');
    const mine = readerHash(browser.key!);
    const view = pendingOp('view');
    await views().insertOne({
      _id: `${mine}:r6`,
      articleId: 'r6',
      session: mine,
      countedAt: view.at,
      op: view,
    });
    const response = await browser.call<ArticleViewResponse>('POST', '/api/articles/r6/view');
    // The interrupted view is the one that counts; this request is a repeat within the window.
    expect(response.body).toEqual({ counted: false, views: 1 });
    expect((await stored('r6'))?.views).toBe(1);
  });

  it('releases op ids a crash left on an article after their marker settled', async () => {
    await articles().updateOne({ _id: 'r2' }, { $push: { engagementOps: 'op-settled-before-crash' } });
    const result = await sweep();
    expect(result.released).toBe(1);
    expect((await stored('r2'))?.engagementOps).toEqual([]);
    // The fresh pending op on r2 (first test) is not in the article yet, and stays pending.
    expect((await views().findOne({ _id: `${readerHash('reader-one')}:r2` }))?.op).not.toBeNull();
  });

  it('purges view markers whose window is over', async () => {
    const session = readerHash('reader-four');
    await views().insertOne({
      _id: `${session}:r1`,
      articleId: 'r1',
      session,
      countedAt: iso(clock.now() - 25 * 3_600_000),
      op: null,
    });
    expect((await sweep()).purged).toBeGreaterThanOrEqual(1);
    expect(await views().findOne({ _id: `${session}:r1` })).toBeNull();
  });
});

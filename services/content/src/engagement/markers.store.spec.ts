import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedDocumentStore, MongoDocumentStore, type DocumentStore } from '@pulse/platform';
import { dropMongoDatabase, requireMongo, uniqueMongoDatabaseUrl } from '@pulse/testing';
import { ContentSettingsRepository } from './content-settings.repository';
import { LikeMarkersRepository } from './like-markers.repository';
import { newOp } from './pending-op';
import { ViewMarkersRepository } from './view-markers.repository';

const T0 = Date.parse('2026-03-10T03:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const mongoUrl = uniqueMongoDatabaseUrl('content_engagement');

/**
 * The claims engagement relies on — an upsert that collides on `_id` instead of matching, conditional
 * settle and take-over, the article's op guard — on the embedded store and on the MongoDB-compatible
 * server (infra/local/pulse-local up), since the service tests run on the embedded store only.
 */
describe.each<[string, () => Promise<{ store: DocumentStore; done: () => Promise<void> }>]>([
  [
    'embedded',
    async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-engagement-'));
      const store = await EmbeddedDocumentStore.open({ dataDir });
      return {
        store,
        done: async () => (await store.close(), rmSync(dataDir, { recursive: true, force: true })),
      };
    },
  ],
  [
    'mongo',
    async () => {
      await requireMongo(mongoUrl);
      const store = await MongoDocumentStore.connect({ url: mongoUrl });
      return { store, done: async () => (await store.close(), await dropMongoDatabase(mongoUrl)) };
    },
  ],
])('engagement markers on the %s store', (_name, open) => {
  let store: DocumentStore;
  let done: () => Promise<void>;

  beforeAll(async () => ({ store, done } = await open()));
  afterAll(() => done());

  it('view claims: once per window under concurrency, pending blocks, an expired window claims again', async () => {
    const views = new ViewMarkersRepository(store);
    const windowStart = iso(T0 - 24 * 3_600_000);
    const claims = await Promise.all(
      Array.from({ length: 10 }, () => views.claim('s:a1', 'a1', 's', windowStart, newOp('view', T0))),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    const marker = (await views.findById('s:a1'))!;
    expect(marker.op).toMatchObject({ kind: 'view', at: iso(T0) });
    // Settled, still within the window: no claim; a settle of another op id changes nothing.
    expect(await views.settle('s:a1', newOp('view', T0))).toBe(false);
    expect(await views.settle('s:a1', marker.op!)).toBe(true);
    expect(await views.claim('s:a1', 'a1', 's', windowStart, newOp('view', T0 + 1))).toBe(false);
    // A day later the window start has passed the counted view.
    const later = T0 + 24 * 3_600_000 + 1;
    expect(await views.claim('s:a1', 'a1', 's', iso(later - 24 * 3_600_000), newOp('view', later))).toBe(
      true,
    );
    expect((await views.findById('s:a1'))?.countedAt).toBe(iso(later));
  });

  it('take-over happens once, only for a stale lease; stalePending and isPending find it', async () => {
    const views = new ViewMarkersRepository(store);
    const op = newOp('view', T0);
    expect(await views.claim('s:a2', 'a2', 's', iso(T0 - 1), op)).toBe(true);
    expect(await views.takeOver('s:a2', op.id, iso(T0 - 1), iso(T0 + 60_000))).toBe(false); // still fresh
    expect((await views.stalePending(iso(T0), 10)).map((m) => m._id)).toContain('s:a2');
    const takes = await Promise.all(
      [1, 2, 3].map(() => views.takeOver('s:a2', op.id, iso(T0), iso(T0 + 61_000))),
    );
    expect(takes.filter(Boolean)).toHaveLength(1);
    expect(await views.isPending(op.id)).toBe(true);
    expect(await views.settle('s:a2', op)).toBe(true);
    expect(await views.isPending(op.id)).toBe(false);
    expect(await views.purgeBefore(iso(T0 + 1))).toBeGreaterThanOrEqual(1);
    expect(await views.findById('s:a2')).toBeNull();
  });

  it('like claims: one of many, unlike only when liked, a settled unlike deletes the marker', async () => {
    const likes = new LikeMarkersRepository(store);
    const claims = await Promise.all(
      Array.from({ length: 10 }, () => likes.claimLike('s:b1', 'b1', 's', newOp('like', T0))),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    const liked = (await likes.findById('s:b1'))!;
    expect(liked).toMatchObject({ liked: true, articleId: 'b1', session: 's' });
    expect(await likes.claimUnlike('s:b1', newOp('unlike', T0))).toBe(false); // the like is pending
    await likes.settle('s:b1', liked.op!);
    expect(await likes.claimLike('s:b1', 'b1', 's', newOp('like', T0))).toBe(false);
    const unlike = newOp('unlike', T0);
    expect(await likes.claimUnlike('s:b1', unlike)).toBe(true);
    expect(await likes.findById('s:b1')).toMatchObject({ liked: false, op: unlike });
    expect(await likes.settle('s:b1', unlike)).toBe(true);
    expect(await likes.findById('s:b1')).toBeNull();
    expect(await likes.claimUnlike('s:b1', newOp('unlike', T0))).toBe(false);
  });

  it("the article guard: an op id's second application matches nothing until it is released", async () => {
    const articles = store.collection<{ _id: string; views: number; engagementOps?: string[] }>(
      'guard_articles',
    );
    await articles.insertOne({ _id: 'g1', views: 0 });
    const apply = (opId: string) =>
      articles.updateOne(
        { _id: 'g1', engagementOps: { $ne: opId } },
        { $inc: { views: 1 }, $push: { engagementOps: opId } },
      );
    expect((await apply('op-1')).matched).toBe(1);
    expect((await apply('op-1')).matched).toBe(0);
    expect((await apply('op-2')).matched).toBe(1);
    await articles.updateOne({ _id: 'g1' }, { $pull: { engagementOps: 'op-1' } });
    expect(await articles.findOne({ _id: 'g1' })).toEqual({ _id: 'g1', views: 2, engagementOps: ['op-2'] });
  });

  it('settings: concurrent first starts agree on one value', async () => {
    const settings = new ContentSettingsRepository(store);
    const values = await Promise.all(['x', 'y', 'z'].map((v) => settings.getOrCreate('secret', v, iso(T0))));
    expect(new Set(values).size).toBe(1);
    expect(await settings.getOrCreate('secret', 'later', iso(T0))).toBe(values[0]);
  });
});

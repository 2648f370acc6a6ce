import { DuplicateKeyError } from '@pulse/platform/store';
import type { StoreContractContext } from './context';

/** Unique indexes, declared with the collection or created later, single and compound; plain compound ones. */
export function describeIndexCases(ctx: StoreContractContext): void {
  describe('plain compound indexes', () => {
    it('change no answer, through inserts, updates and deletes, declared before or after the data', async () => {
      type Send = { _id: string; status: string; dueAt: string };
      const sends = ctx.fresh<Send>('sends', { indexes: [{ key: { status: 1, dueAt: 1, _id: 1 } }] });
      await sends.insertMany([
        { _id: 's1', status: 'queued', dueAt: '2026-03-02T00:03:00.000Z' },
        { _id: 's2', status: 'queued', dueAt: '2026-03-02T00:01:00.000Z' },
        { _id: 's3', status: 'sent', dueAt: '2026-03-02T00:00:00.000Z' },
        { _id: 's4', status: 'queued', dueAt: '2026-03-02T00:02:00.000Z' },
      ]);
      await sends.updateOne({ _id: 's2' }, { $set: { status: 'sent' } });
      await sends.deleteOne({ _id: 's4' });
      await sends.createIndexes([
        { key: { status: 1, dueAt: 1, _id: 1 } },
        { key: { dueAt: -1, status: 1 } },
      ]);
      await sends.insertOne({ _id: 's5', status: 'queued', dueAt: '2026-03-02T00:00:30.000Z' });
      const ids = async (status: string) =>
        (
          await sends.find<Send>(
            { status, dueAt: { $lte: '2026-03-02T00:05:00.000Z' } },
            { sort: { dueAt: 1 } },
          )
        ).map((send) => send._id);
      await expect(ids('queued')).resolves.toEqual(['s5', 's1']);
      await expect(ids('sent')).resolves.toEqual(['s3', 's2']);
      await expect(
        sends.countDocuments({ status: 'queued', dueAt: '2026-03-02T00:03:00.000Z' }),
      ).resolves.toBe(1);
    });
  });

  describe('equalities on every field of a compound index', () => {
    it('count and find the same documents as a read of every one: arrays, missing fields, other types', async () => {
      type Tagged = { _id: string; articleId?: unknown; state?: unknown };
      const tagged = ctx.fresh<Tagged>('tagged', { indexes: [{ key: { articleId: 1, state: 1 } }] });
      await tagged.insertMany([
        { _id: 't1', articleId: 'a1', state: 'visible' },
        { _id: 't2', articleId: 'a1', state: 'hidden' },
        { _id: 't3', articleId: ['a1', 'a2'], state: ['visible', 'hidden'] },
        { _id: 't4', articleId: 'a1' },
        { _id: 't5', articleId: 'a2', state: 'visible' },
        { _id: 't6', articleId: 1, state: 'visible' },
        { _id: 't7', articleId: '1', state: 'visible' },
      ]);
      await tagged.updateOne({ _id: 't2' }, { $set: { state: 'visible' } });
      const both = async (filter: Record<string, unknown>) => ({
        count: await tagged.countDocuments(filter),
        ids: (await tagged.find<Tagged>(filter, { sort: { _id: 1 } })).map((doc) => doc._id),
      });
      await expect(both({ articleId: 'a1', state: 'visible' })).resolves.toEqual({
        count: 3,
        ids: ['t1', 't2', 't3'],
      });
      await expect(both({ articleId: 'a2', state: 'hidden' })).resolves.toEqual({ count: 1, ids: ['t3'] });
      await expect(both({ articleId: { $in: ['a2', 1] }, state: 'visible' })).resolves.toEqual({
        count: 3,
        ids: ['t3', 't5', 't6'],
      });
      await expect(both({ articleId: 1, state: { $in: ['visible', 'gone'] } })).resolves.toEqual({
        count: 1,
        ids: ['t6'],
      });
    });
  });

  describe('a range on an indexed field', () => {
    it('answers as a read of every document: arrays, empty arrays, missing fields and other types', async () => {
      type Held = { _id: string; events?: unknown };
      const held = ctx.fresh<Held>('held', { indexes: [{ key: { 'events.at': 1 } }] });
      await held.insertMany([
        { _id: 'h1', events: [{ at: '2026-03-02T00:02:00.000Z' }, { at: '2026-03-02T00:09:00.000Z' }] },
        { _id: 'h2', events: [] },
        { _id: 'h3' },
        { _id: 'h4', events: [{ at: 7 }, { at: null }] },
        { _id: 'h5', events: [{ at: '2026-03-02T00:05:00.000Z' }] },
        { _id: 'h6', events: { at: '2026-03-02T00:01:00.000Z' } },
        { _id: 'h7', events: [{ at: ['2026-03-02T00:03:00.000Z'] }] },
        // Keyed by the embedded store's empty-array marker, which sorts among strings: it must not match.
        { _id: 'h9', events: [{ at: [] }] },
      ]);
      const ids = async (filter: Record<string, unknown>) =>
        (await held.find<Held>(filter, { sort: { _id: 1 } })).map((doc) => doc._id);
      // What the outbox relay polls on every collection: any pending event at all.
      await expect(ids({ 'events.at': { $gt: '' } })).resolves.toEqual(['h1', 'h5', 'h6', 'h7']);
      await expect(
        ids({ 'events.at': { $gte: '2026-03-02T00:02:00.000Z', $lt: '2026-03-02T00:05:00.000Z' } }),
      ).resolves.toEqual(['h1', 'h7']);
      await expect(ids({ 'events.at': { $lte: '2026-03-02T00:01:00.000Z' } })).resolves.toEqual(['h6']);
      await expect(ids({ 'events.at': { $gt: 5 } })).resolves.toEqual(['h4']);
      await held.updateOne({ _id: 'h5' }, { $set: { events: [] } });
      await held.insertOne({ _id: 'h8', events: [{ at: '2026-03-02T00:04:00.000Z' }] });
      await expect(ids({ 'events.at': { $gt: '' } })).resolves.toEqual(['h1', 'h6', 'h7', 'h8']);
      await expect(held.countDocuments({ 'events.at': { $gt: '2026-03-02T00:03:30.000Z' } })).resolves.toBe(
        2,
      );
    });
  });

  describe('unique indexes', () => {
    it('enforces indexes declared with the collection, on insert, update and upsert', async () => {
      const users = ctx.fresh<{ _id: string; email: string; nick?: string }>('users', {
        indexes: [{ key: { email: 1 }, unique: true }, { key: { nick: 1 } }],
      });
      await users.insertOne({ _id: 'u1', email: 'a@x.kr', nick: 'a' });
      await users.insertOne({ _id: 'u2', email: 'b@x.kr', nick: 'a' });
      const onInsert = await users.insertOne({ _id: 'u3', email: 'a@x.kr' }).catch((e: unknown) => e);
      expect(onInsert).toBeInstanceOf(DuplicateKeyError);
      expect(onInsert).toMatchObject({ indexName: 'email_1' });
      await expect(users.updateOne({ _id: 'u2' }, { $set: { email: 'a@x.kr' } })).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
      await expect(
        users.updateOne({ _id: 'u9' }, { $set: { email: 'b@x.kr' } }, { upsert: true }),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(users.countDocuments()).resolves.toBe(2);
      await expect(users.findOne({ _id: 'u2' })).resolves.toMatchObject({ email: 'b@x.kr' });
      // Asking for the collection again, as each repository instance does, changes nothing.
      const again = ctx.store.collection<{ _id: string; email: string }>(users.name, {
        indexes: [{ key: { email: 1 }, unique: true }, { key: { nick: 1 } }],
      });
      await expect(again.insertOne({ _id: 'u4', email: 'b@x.kr' })).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(again.countDocuments()).resolves.toBe(2);
    });

    it('creates indexes idempotently, enforces compound uniqueness, and refuses one over duplicates', async () => {
      const votes = ctx.fresh<{ _id: string; voter: string; target: string }>('votes');
      const index = { key: { voter: 1 as const, target: 1 as const }, unique: true };
      await votes.createIndexes([index]);
      await votes.createIndexes([index]);
      await votes.insertMany([
        { _id: 'v1', voter: 'u1', target: 'q1' },
        { _id: 'v2', voter: 'u1', target: 'q2' },
        { _id: 'v3', voter: 'u2', target: 'q1' },
      ]);
      const error = await votes.insertOne({ _id: 'v4', voter: 'u1', target: 'q1' }).catch((e: unknown) => e);
      expect(error).toMatchObject({ indexName: 'voter_1_target_1' });
      await expect(votes.createIndexes([{ key: { voter: 1 }, unique: true }])).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
    });
  });
}

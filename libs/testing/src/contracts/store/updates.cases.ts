import { InvalidStoreOperationError } from '@pulse/platform/store';
import type { StoreContractContext, UpdateDoc } from './context';
import { describeUpsertCases } from './upserts.cases';

/** Every update operator, updateMany, upserts (upserts.cases.ts), and the updates the port refuses. */
export function describeUpdateCases(ctx: StoreContractContext): void {
  describe('updates', () => {
    const seeded = (label: string, docs: UpdateDoc[]) => ctx.seeded(label, docs);

    it('$set creates nested paths and $unset removes fields', async () => {
      const c = await seeded('set_unset', [{ _id: 'd', a: 1, keep: true }]);
      await expect(
        c.updateOne({ _id: 'd' }, { $set: { 'stats.views': 3, title: '제목' }, $unset: { a: '' } }),
      ).resolves.toEqual({
        matched: 1,
        modified: 1,
      });
      await expect(c.findOne({ _id: 'd' })).resolves.toEqual({
        _id: 'd',
        keep: true,
        stats: { views: 3 },
        title: '제목',
      });
    });

    it('counts a no-op update as matched but not modified', async () => {
      const c = await seeded('noop', [{ _id: 'd', a: 1 }]);
      await expect(c.updateOne({ _id: 'd' }, { $set: { a: 1 } })).resolves.toEqual({
        matched: 1,
        modified: 0,
      });
      await expect(c.updateOne({ _id: 'x' }, { $set: { a: 1 } })).resolves.toEqual({
        matched: 0,
        modified: 0,
      });
    });

    it('$inc adds to numbers and starts missing fields at the increment', async () => {
      const c = await seeded('inc', [{ _id: 'd', n: 5, s: 'text' }]);
      await c.updateOne({ _id: 'd' }, { $inc: { n: -2, 'stats.likes': 1 } });
      await expect(c.findOne({ _id: 'd' })).resolves.toEqual({
        _id: 'd',
        n: 3,
        s: 'text',
        stats: { likes: 1 },
      });
      await expect(c.updateOne({ _id: 'd' }, { $inc: { s: 1 } })).rejects.toBeInstanceOf(
        InvalidStoreOperationError,
      );
    });

    it('$push appends, with $each and $slice keeping the newest or oldest', async () => {
      const c = await seeded('push', [{ _id: 'd', recent: [1, 2, 3] }]);
      await c.updateOne(
        { _id: 'd' },
        { $push: { recent: { $each: [4, 5], $slice: -3 }, first: { $each: [9, 8, 7], $slice: 2 } } },
      );
      await c.updateOne({ _id: 'd' }, { $push: { log: { at: new Date(0), what: 'x' } } });
      await expect(c.findOne({ _id: 'd' })).resolves.toEqual({
        _id: 'd',
        recent: [3, 4, 5],
        first: [9, 8],
        log: [{ at: '1970-01-01T00:00:00.000Z', what: 'x' }],
      });
      await expect(c.updateOne({ _id: 'd' }, { $push: { 'log.0.what': 1 } })).rejects.toBeInstanceOf(
        InvalidStoreOperationError,
      );
    });

    it('$addToSet adds only values not already present', async () => {
      const c = await seeded('add_to_set', [{ _id: 'd', tags: ['ai'] }]);
      await expect(c.updateOne({ _id: 'd' }, { $addToSet: { tags: 'ai' } })).resolves.toEqual({
        matched: 1,
        modified: 0,
      });
      await c.updateOne(
        { _id: 'd' },
        { $addToSet: { tags: { $each: ['web3', 'ai', 'web3'] }, voters: { id: 'u1' } } },
      );
      await c.updateOne({ _id: 'd' }, { $addToSet: { voters: { id: 'u1' } } });
      await expect(c.findOne({ _id: 'd' })).resolves.toEqual({
        _id: 'd',
        tags: ['ai', 'web3'],
        voters: [{ id: 'u1' }],
      });
    });

    it('$pull removes equal values, values meeting a condition, and matching documents', async () => {
      const c = await seeded('pull', [
        {
          _id: 'd',
          tags: ['a', 'b', 'a'],
          scores: [1, 5, 9],
          votes: [
            { by: 'u1', up: true },
            { by: 'u2', up: false },
          ],
        },
      ]);
      await c.updateOne({ _id: 'd' }, { $pull: { tags: 'a', scores: { $gte: 5 }, votes: { by: 'u2' } } });
      await expect(c.findOne({ _id: 'd' })).resolves.toEqual({
        _id: 'd',
        tags: ['b'],
        scores: [1],
        votes: [{ by: 'u1', up: true }],
      });
    });

    it('$min and $max keep the smaller or larger value', async () => {
      const c = await seeded('min_max', [{ _id: 'd', low: 5, high: 5, first: '2025-02-01T00:00:00.000Z' }]);
      await c.updateOne(
        { _id: 'd' },
        { $min: { low: 3, first: new Date('2025-01-01T00:00:00Z') }, $max: { high: 4, top: 1 } },
      );
      await expect(c.findOne({ _id: 'd' })).resolves.toEqual({
        _id: 'd',
        low: 3,
        high: 5,
        first: '2025-01-01T00:00:00.000Z',
        top: 1,
      });
    });

    it('updateMany changes every match', async () => {
      const c = await seeded('update_many', [
        { _id: 'a', kind: 'x', n: 1 },
        { _id: 'b', kind: 'x', n: 1 },
        { _id: 'c', kind: 'y', n: 1 },
      ]);
      await expect(c.updateMany({ kind: 'x' }, { $inc: { n: 1 } })).resolves.toEqual({
        matched: 2,
        modified: 2,
      });
      expect((await c.find({}, { sort: { _id: 1 } })).map((doc) => doc.n)).toEqual([2, 2, 1]);
    });

    describeUpsertCases(ctx);

    it('refuses malformed updates', async () => {
      const c = await seeded('bad_updates', [{ _id: 'd', a: 1, s: 'x' }]);
      const refused = [
        {},
        { a: 2 },
        { $rename: { a: 'b' } },
        { $set: { a: 1 }, $inc: { a: 1 } },
        { $set: { 'x.y': 1 }, $unset: { x: '' } },
        { $set: { _id: 'other' } },
        { $set: { 'a.$': 1 } },
        { $set: { bad: { $gt: 1 } } },
        { $set: {} },
      ];
      for (const update of refused) {
        await expect(c.updateOne({ _id: 'd' }, update as never)).rejects.toBeInstanceOf(
          InvalidStoreOperationError,
        );
      }
      await expect(c.updateOne({ _id: 'd' }, { $set: { 's.inner': 1 } })).rejects.toBeInstanceOf(
        InvalidStoreOperationError,
      );
      await expect(c.findOne({ _id: 'd' })).resolves.toEqual({ _id: 'd', a: 1, s: 'x' });
    });
  });
}

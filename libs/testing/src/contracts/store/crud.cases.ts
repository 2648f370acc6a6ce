import { DuplicateKeyError, InvalidStoreOperationError } from '@pulse/platform/store';
import type { StoreContractContext } from './context';
import { ids } from './fixtures';

/** insertOne, insertMany and findOne by _id: what goes in comes back as plain JSON. */
export function describeCrudCases(ctx: StoreContractContext): void {
  describe('inserting and reading', () => {
    it('returns a copy of what was stored, with Dates as ISO strings and undefined members dropped', async () => {
      const notes = ctx.fresh<{ _id: string; text: string; at: string; meta?: { n: number; gone?: string } }>(
        'notes',
      );
      const input = {
        _id: 'n1',
        text: '안녕하세요',
        at: new Date('2025-03-01T00:00:00Z'),
        meta: { n: 1, gone: undefined },
      };
      await notes.insertOne(input as never);
      const read = await notes.findOne({ _id: 'n1' });
      expect(read).toEqual({
        _id: 'n1',
        text: '안녕하세요',
        at: '2025-03-01T00:00:00.000Z',
        meta: { n: 1 },
      });
      read!.meta!.n = 99;
      input.meta.n = 98;
      await expect(notes.findOne({ _id: 'n1' })).resolves.toMatchObject({ meta: { n: 1 } });
      await expect(notes.findOne({ _id: 'absent' })).resolves.toBeNull();
    });

    it('refuses a second document with the same _id', async () => {
      const notes = ctx.fresh<{ _id: string; v: number }>('dup_id');
      await notes.insertOne({ _id: 'x', v: 1 });
      const error = await notes.insertOne({ _id: 'x', v: 2 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DuplicateKeyError);
      expect(error).toMatchObject({ indexName: '_id_' });
      await expect(notes.find({})).resolves.toEqual([{ _id: 'x', v: 1 }]);
    });

    it('inserts many in order and stops at the first duplicate', async () => {
      const notes = ctx.fresh<{ _id: string }>('insert_many');
      await expect(notes.insertMany([{ _id: 'a' }, { _id: 'b' }])).resolves.toEqual({ inserted: 2 });
      const error = await notes
        .insertMany([{ _id: 'c' }, { _id: 'a' }, { _id: 'd' }])
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DuplicateKeyError);
      expect(error).toMatchObject({ inserted: 1 });
      expect(ids(await notes.find({}))).toEqual(['a', 'b', 'c']);
      await expect(notes.insertMany([])).resolves.toEqual({ inserted: 0 });
    });

    it('refuses documents that are not plain JSON with a string _id', async () => {
      const notes = ctx.fresh<{ _id: string }>('invalid_docs');
      const bad = [
        { v: 1 },
        { _id: 7 },
        { _id: 'a', $set: 1 },
        { _id: 'a', 'a.b': 1 },
        { _id: 'a', n: NaN },
        { _id: 'a', m: new Map() },
      ];
      for (const doc of bad) {
        await expect(notes.insertOne(doc as never)).rejects.toBeInstanceOf(InvalidStoreOperationError);
      }
      await expect(notes.countDocuments()).resolves.toBe(0);
    });
  });
}

/** deleteOne and deleteMany. */
export function describeDeleteCases(ctx: StoreContractContext): void {
  describe('deleting', () => {
    it('deletes one match or all matches and says how many', async () => {
      const c = ctx.fresh<{ _id: string; kind: string }>('delete');
      await c.insertMany(['a', 'b', 'c', 'd'].map((id, i) => ({ _id: id, kind: i < 3 ? 'x' : 'y' })));
      await expect(c.deleteOne({ kind: 'x' })).resolves.toEqual({ deleted: 1 });
      await expect(c.deleteMany({ kind: 'x' })).resolves.toEqual({ deleted: 2 });
      await expect(c.deleteMany({ kind: 'x' })).resolves.toEqual({ deleted: 0 });
      expect(ids(await c.find({}))).toEqual(['d']);
    });
  });
}

import type { StoreContractContext, UpdateDoc } from './context';

/** Upserts and findOneAndUpdate: updates that may create the document they change. */
export function describeUpsertCases(ctx: StoreContractContext): void {
  const seeded = (label: string, docs: UpdateDoc[]) => ctx.seeded(label, docs);

  it('upserts from the filter equalities plus $setOnInsert, which later updates ignore', async () => {
    const c = ctx.fresh<UpdateDoc>('upsert');
    const first = await c.updateOne(
      { _id: 'day:2025-01-01', 'key.kind': 'views', $and: [{ region: 'kr' }], n: { $gte: 0 } },
      { $inc: { n: 1 }, $setOnInsert: { createdAt: new Date(0) } },
      { upsert: true },
    );
    expect(first).toEqual({ matched: 0, modified: 0, upsertedId: 'day:2025-01-01' });
    await expect(
      c.updateOne(
        { _id: 'day:2025-01-01' },
        { $inc: { n: 1 }, $setOnInsert: { createdAt: 'later' } },
        { upsert: true },
      ),
    ).resolves.toEqual({
      matched: 1,
      modified: 1,
    });
    await expect(c.findOne({ _id: 'day:2025-01-01' })).resolves.toEqual({
      _id: 'day:2025-01-01',
      key: { kind: 'views' },
      region: 'kr',
      n: 2,
      createdAt: '1970-01-01T00:00:00.000Z',
    });
  });

  it('gives an upserted document without an _id a generated string _id', async () => {
    const c = ctx.fresh<UpdateDoc>('upsert_id');
    const result = await c.updateOne({ slug: 'hello' }, { $set: { title: 'Hello' } }, { upsert: true });
    expect(typeof result.upsertedId).toBe('string');
    await expect(c.findOne({ slug: 'hello' })).resolves.toEqual({
      _id: result.upsertedId,
      slug: 'hello',
      title: 'Hello',
    });
  });

  it('findOneAndUpdate returns the document before or after, picking by sort', async () => {
    const c = await seeded('find_one_and_update', [
      { _id: 'a', queue: 'q', priority: 1, state: 'ready' },
      { _id: 'b', queue: 'q', priority: 5, state: 'ready' },
    ]);
    const claimed = await c.findOneAndUpdate(
      { queue: 'q', state: 'ready' },
      { $set: { state: 'taken' } },
      { returnDocument: 'after', sort: { priority: -1 } },
    );
    expect(claimed).toEqual({ _id: 'b', queue: 'q', priority: 5, state: 'taken' });
    const before = await c.findOneAndUpdate(
      { _id: 'a' },
      { $inc: { priority: 1 } },
      { returnDocument: 'before', projection: { priority: 1 } },
    );
    expect(before).toEqual({ _id: 'a', priority: 1 });
    await expect(
      c.findOneAndUpdate({ _id: 'zz' }, { $set: { x: 1 } }, { returnDocument: 'after' }),
    ).resolves.toBeNull();
    await expect(
      c.findOneAndUpdate({ _id: 'n' }, { $set: { x: 1 } }, { returnDocument: 'before', upsert: true }),
    ).resolves.toBeNull();
    await expect(
      c.findOneAndUpdate({ _id: 'm' }, { $set: { x: 1 } }, { returnDocument: 'after', upsert: true }),
    ).resolves.toEqual({
      _id: 'm',
      x: 1,
    });
  });
}

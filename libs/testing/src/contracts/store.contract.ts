import type { Collection, DocumentStore, Filter, SortSpec } from '@pulse/platform/store';
import { DuplicateKeyError, InvalidStoreOperationError } from '@pulse/platform/store';

/**
 * The behaviour every DocumentStore adapter must show, written once and run against each adapter
 * (embedded store in a temp folder, MongoDB in a database of its own). Expected values are literals,
 * so passing on both adapters means both return the same results for the same calls;
 * describeDocumentStoreParity (store-parity.contract.ts) adds a randomised side-by-side comparison.
 */

interface Article {
  _id: string;
  title: string;
  category: string;
  views: number;
  tags: string[];
  author: { name: string; level?: number };
  publishedAt: string;
  comments?: Array<{ by: string; likes: number }>;
  ratings?: number[];
  pinned?: boolean | null;
}

const ARTICLES: Article[] = [
  {
    _id: 'a1',
    title: 'GPT-5 출시',
    category: 'ai',
    views: 120,
    tags: ['ai', 'llm'],
    author: { name: 'kim', level: 3 },
    publishedAt: '2025-01-01T09:00:00.000Z',
    comments: [
      { by: 'lee', likes: 5 },
      { by: 'park', likes: 1 },
    ],
    ratings: [4, 5],
    pinned: true,
  },
  {
    _id: 'a2',
    title: 'Bitcoin ETF',
    category: 'blockchain',
    views: 80,
    tags: ['crypto', 'etf'],
    author: { name: 'lee', level: 1 },
    publishedAt: '2025-01-02T09:00:00.000Z',
    comments: [],
    ratings: [1],
    pinned: false,
  },
  {
    _id: 'a3',
    title: 'Apple Vision',
    category: 'bigtech',
    views: 80,
    tags: ['apple'],
    author: { name: 'kim', level: 2 },
    publishedAt: '2025-01-03T09:00:00.000Z',
    comments: [{ by: 'kim', likes: 9 }],
    ratings: [3, 9],
    pinned: null,
  },
  {
    _id: 'a4',
    title: 'Claude 4와 에이전트',
    category: 'ai',
    views: 300,
    tags: ['ai', 'agents', 'llm'],
    author: { name: 'choi', level: 5 },
    publishedAt: '2025-01-04T09:00:00.000Z',
    comments: [{ by: 'lee', likes: 2 }],
    ratings: [5, 5],
  },
  {
    _id: 'a5',
    title: 'Ethereum upgrade',
    category: 'blockchain',
    views: 45,
    tags: [],
    author: { name: 'park' },
    publishedAt: '2025-01-05T09:00:00.000Z',
  },
  {
    _id: 'a6',
    title: 'gpt tokenizer',
    category: 'ai',
    views: 80,
    tags: ['llm'],
    author: { name: 'lee', level: 4 },
    publishedAt: '2025-01-06T09:00:00.000Z',
    comments: [
      { by: 'park', likes: 7 },
      { by: 'lee', likes: 0 },
    ],
    ratings: [2, 8],
  },
];

/** Filter → the ids it must match, covering every operator the port accepts. */
const FILTER_CASES: Array<[string, Filter, string[]]> = [
  ['equality', { category: 'ai' }, ['a1', 'a4', 'a6']],
  ['$eq', { category: { $eq: 'blockchain' } }, ['a2', 'a5']],
  ['$ne', { category: { $ne: 'ai' } }, ['a2', 'a3', 'a5']],
  ['$gt', { views: { $gt: 80 } }, ['a1', 'a4']],
  ['$gte', { views: { $gte: 80 } }, ['a1', 'a2', 'a3', 'a4', 'a6']],
  ['$lt', { views: { $lt: 80 } }, ['a5']],
  ['$lte with $gt', { views: { $lte: 80, $gt: 45 } }, ['a2', 'a3', 'a6']],
  ['comparison never crosses types', { views: { $gt: '1' } }, []],
  [
    'a Date compares with ISO strings',
    { publishedAt: { $gte: new Date('2025-01-04T00:00:00Z') } },
    ['a4', 'a5', 'a6'],
  ],
  ['$in', { category: { $in: ['bigtech', 'blockchain'] } }, ['a2', 'a3', 'a5']],
  ['$nin', { category: { $nin: ['ai'] } }, ['a2', 'a3', 'a5']],
  ['$in on an array field', { tags: { $in: ['etf', 'apple'] } }, ['a2', 'a3']],
  ['$exists true', { pinned: { $exists: true } }, ['a1', 'a2', 'a3']],
  ['$exists false', { pinned: { $exists: false } }, ['a4', 'a5', 'a6']],
  ['null matches null and missing', { pinned: null }, ['a3', 'a4', 'a5', 'a6']],
  ['$ne null', { pinned: { $ne: null } }, ['a1', 'a2']],
  ['dotted path', { 'author.name': 'kim' }, ['a1', 'a3']],
  ['dotted path $exists', { 'author.level': { $exists: false } }, ['a5']],
  ['$regex with $options', { title: { $regex: '^gpt', $options: 'i' } }, ['a1', 'a6']],
  ['RegExp literal', { title: /ethereum/i }, ['a5']],
  ['$regex on Korean text', { title: { $regex: '에이전트' } }, ['a4']],
  ['$or', { $or: [{ category: 'bigtech' }, { views: { $gte: 300 } }] }, ['a3', 'a4']],
  ['$and', { $and: [{ category: 'ai' }, { views: { $lt: 200 } }] }, ['a1', 'a6']],
  ['$nor', { $nor: [{ category: 'ai' }, { views: { $lt: 50 } }] }, ['a2', 'a3']],
  ['$not with an operator', { views: { $not: { $gt: 80 } } }, ['a2', 'a3', 'a5', 'a6']],
  ['$not with a RegExp', { title: { $not: /^gpt/i } }, ['a2', 'a3', 'a4', 'a5']],
  ['array contains', { tags: 'llm' }, ['a1', 'a4', 'a6']],
  ['whole array equality', { tags: ['ai', 'llm'] }, ['a1']],
  ['array index path', { 'tags.0': 'ai' }, ['a1', 'a4']],
  ['$all', { tags: { $all: ['ai', 'llm'] } }, ['a1', 'a4']],
  ['$size', { tags: { $size: 0 } }, ['a5']],
  ['path through an array of documents', { 'comments.by': 'park' }, ['a1', 'a6']],
  ['comparison through an array of documents', { 'comments.likes': { $gt: 6 } }, ['a3', 'a6']],
  ['$elemMatch on documents', { comments: { $elemMatch: { by: 'lee', likes: { $gte: 2 } } } }, ['a1', 'a4']],
  [
    '$elemMatch on scalars: one element meets both',
    { ratings: { $elemMatch: { $gte: 3, $lt: 5 } } },
    ['a1', 'a3'],
  ],
  // `{ ratings: { $gte: 3, $lt: 5 } }` means this on MongoDB but "one element meets both" on the test
  // server (mongo-java-server); the explicit $and form means the same everywhere.
  [
    'bounds met by any elements, via $and',
    { $and: [{ ratings: { $gte: 3 } }, { ratings: { $lt: 5 } }] },
    ['a1', 'a3', 'a6'],
  ],
];

const SORT_CASES: Array<[string, SortSpec, string[]]> = [
  ['descending with ties broken by _id', { views: -1 }, ['a4', 'a1', 'a2', 'a3', 'a6', 'a5']],
  ['two keys', { category: 1, views: -1 }, ['a4', 'a1', 'a6', 'a3', 'a2', 'a5']],
  ['missing sorts first ascending', { 'author.level': 1 }, ['a5', 'a2', 'a3', 'a1', 'a6', 'a4']],
  ['booleans above null and missing', { pinned: -1 }, ['a1', 'a2', 'a3', 'a4', 'a5', 'a6']],
  ['ISO date strings', { publishedAt: -1 }, ['a6', 'a5', 'a4', 'a3', 'a2', 'a1']],
  ['an array sorts by its smallest element ascending', { ratings: 1 }, ['a5', 'a2', 'a6', 'a3', 'a1', 'a4']],
  ['an array sorts by its largest element descending', { ratings: -1 }, ['a3', 'a6', 'a1', 'a4', 'a2', 'a5']],
];

const ids = (docs: Array<{ _id: string }>) => docs.map((doc) => doc._id);

export type MakeDocumentStore = () => Promise<DocumentStore>;

export function describeDocumentStoreContract(adapterName: string, makeStore: MakeDocumentStore): void {
  describe(`DocumentStore contract: ${adapterName}`, () => {
    let store: DocumentStore;
    let counter = 0;
    /** A collection no other test touches. */
    const fresh = <T extends { _id: string }>(
      label: string,
      indexes?: Parameters<DocumentStore['collection']>[1],
    ) => store.collection<T>(`${label}_${++counter}`, indexes);

    beforeAll(async () => {
      store = await makeStore();
    });
    afterAll(async () => {
      await store?.close();
    });

    it('reports healthy', async () => {
      await expect(store.check()).resolves.toEqual({ ok: true });
    });

    describe('inserting and reading', () => {
      it('returns a copy of what was stored, with Dates as ISO strings and undefined members dropped', async () => {
        const notes = fresh<{ _id: string; text: string; at: string; meta?: { n: number; gone?: string } }>(
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
        const notes = fresh<{ _id: string; v: number }>('dup_id');
        await notes.insertOne({ _id: 'x', v: 1 });
        const error = await notes.insertOne({ _id: 'x', v: 2 }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(DuplicateKeyError);
        expect(error).toMatchObject({ indexName: '_id_' });
        await expect(notes.find({})).resolves.toEqual([{ _id: 'x', v: 1 }]);
      });

      it('inserts many in order and stops at the first duplicate', async () => {
        const notes = fresh<{ _id: string }>('insert_many');
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
        const notes = fresh<{ _id: string }>('invalid_docs');
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

    describe('filters', () => {
      let articles: Collection<Article>;
      beforeAll(async () => {
        articles = fresh<Article>('filter_articles');
        await articles.insertMany(ARTICLES);
      });

      it.each(FILTER_CASES)('%s', async (_label, filter, expected) => {
        expect(ids(await articles.find(filter))).toEqual(expected);
        await expect(articles.countDocuments(filter)).resolves.toBe(expected.length);
      });

      it('refuses operators outside the port and values that smuggle operators', async () => {
        const refused: Filter[] = [
          { $where: 'this.views > 1' },
          { $expr: { $gt: ['$views', 1] } },
          { views: { $gt: 1, other: 2 } },
          { category: { $eq: { $ne: null } } },
          { category: { $in: [{ $gt: '' }] } },
          { category: undefined },
          { views: { $type: 'number' } },
        ];
        for (const filter of refused) {
          await expect(articles.find(filter)).rejects.toBeInstanceOf(InvalidStoreOperationError);
        }
      });
    });

    describe('sorting, paging, projection and counting', () => {
      let articles: Collection<Article>;
      beforeAll(async () => {
        articles = fresh<Article>('sort_articles');
        await articles.insertMany([...ARTICLES].reverse());
      });

      it.each(SORT_CASES)('sorts: %s', async (_label, sort, expected) => {
        expect(ids(await articles.find({}, { sort }))).toEqual(expected);
      });

      it('returns _id order without a sort', async () => {
        expect(ids(await articles.find({}))).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6']);
      });

      it('pages with skip and limit without overlap or gaps', async () => {
        const pages: string[] = [];
        for (let skip = 0; skip < 6; skip += 4)
          pages.push(...ids(await articles.find({}, { sort: { views: -1 }, skip, limit: 4 })));
        expect(pages).toEqual(['a4', 'a1', 'a2', 'a3', 'a6', 'a5']);
        expect(
          ids(await articles.find({ category: 'ai' }, { sort: { views: 1 }, skip: 1, limit: 1 })),
        ).toEqual(['a1']);
        await expect(articles.find({}, { skip: 10 })).resolves.toEqual([]);
      });

      it('findOne takes the first in sort order, _id order by default', async () => {
        await expect(articles.findOne({ category: 'ai' })).resolves.toMatchObject({ _id: 'a1' });
        await expect(articles.findOne({ category: 'ai' }, { sort: { views: 1 } })).resolves.toMatchObject({
          _id: 'a6',
        });
        await expect(
          articles.findOne({}, { sort: { views: -1 }, projection: { title: 1 } }),
        ).resolves.toEqual({
          _id: 'a4',
          title: 'Claude 4와 에이전트',
        });
      });

      it('projects by inclusion, exclusion and dotted paths', async () => {
        await expect(articles.find({ _id: 'a1' }, { projection: { title: 1, views: 1 } })).resolves.toEqual([
          { _id: 'a1', title: 'GPT-5 출시', views: 120 },
        ]);
        await expect(articles.find({ _id: 'a1' }, { projection: { title: 1, _id: 0 } })).resolves.toEqual([
          { title: 'GPT-5 출시' },
        ]);
        await expect(
          articles.find({ _id: 'a5' }, { projection: { tags: 0, author: 0, publishedAt: 0 } }),
        ).resolves.toEqual([{ _id: 'a5', title: 'Ethereum upgrade', category: 'blockchain', views: 45 }]);
        await expect(articles.findOne({ _id: 'a1' }, { projection: { 'author.name': 1 } })).resolves.toEqual({
          _id: 'a1',
          author: { name: 'kim' },
        });
        await expect(articles.find({}, { projection: { title: 1, views: 0 } })).rejects.toBeInstanceOf(
          InvalidStoreOperationError,
        );
      });

      it('counts with and without a filter', async () => {
        await expect(articles.countDocuments()).resolves.toBe(6);
        await expect(articles.countDocuments({ tags: 'ai' })).resolves.toBe(2);
        await expect(articles.countDocuments({ category: 'none' })).resolves.toBe(0);
      });
    });

    describe('updates', () => {
      type Doc = { _id: string; [field: string]: unknown };
      const seeded = async (label: string, docs: Doc[]) => {
        const collection = fresh<Doc>(label);
        await collection.insertMany(docs);
        return collection;
      };

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

      it('upserts from the filter equalities plus $setOnInsert, which later updates ignore', async () => {
        const c = fresh<Doc>('upsert');
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
        const c = fresh<Doc>('upsert_id');
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

    describe('deleting', () => {
      it('deletes one match or all matches and says how many', async () => {
        const c = fresh<{ _id: string; kind: string }>('delete');
        await c.insertMany(['a', 'b', 'c', 'd'].map((id, i) => ({ _id: id, kind: i < 3 ? 'x' : 'y' })));
        await expect(c.deleteOne({ kind: 'x' })).resolves.toEqual({ deleted: 1 });
        await expect(c.deleteMany({ kind: 'x' })).resolves.toEqual({ deleted: 2 });
        await expect(c.deleteMany({ kind: 'x' })).resolves.toEqual({ deleted: 0 });
        expect(ids(await c.find({}))).toEqual(['d']);
      });
    });

    describe('unique indexes', () => {
      it('enforces indexes declared with the collection, on insert, update and upsert', async () => {
        const users = fresh<{ _id: string; email: string; nick?: string }>('users', {
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
        const again = store.collection<{ _id: string; email: string }>(users.name, {
          indexes: [{ key: { email: 1 }, unique: true }, { key: { nick: 1 } }],
        });
        await expect(again.insertOne({ _id: 'u4', email: 'b@x.kr' })).rejects.toBeInstanceOf(
          DuplicateKeyError,
        );
        await expect(again.countDocuments()).resolves.toBe(2);
      });

      it('creates indexes idempotently, enforces compound uniqueness, and refuses one over duplicates', async () => {
        const votes = fresh<{ _id: string; voter: string; target: string }>('votes');
        const index = { key: { voter: 1 as const, target: 1 as const }, unique: true };
        await votes.createIndexes([index]);
        await votes.createIndexes([index]);
        await votes.insertMany([
          { _id: 'v1', voter: 'u1', target: 'q1' },
          { _id: 'v2', voter: 'u1', target: 'q2' },
          { _id: 'v3', voter: 'u2', target: 'q1' },
        ]);
        const error = await votes
          .insertOne({ _id: 'v4', voter: 'u1', target: 'q1' })
          .catch((e: unknown) => e);
        expect(error).toMatchObject({ indexName: 'voter_1_target_1' });
        await expect(votes.createIndexes([{ key: { voter: 1 }, unique: true }])).rejects.toBeInstanceOf(
          DuplicateKeyError,
        );
      });
    });

    describe('aggregation', () => {
      let articles: Collection<Article>;
      beforeAll(async () => {
        articles = fresh<Article>('aggregate_articles');
        await articles.insertMany(ARTICLES);
      });

      it('$match, $group with $sum/$avg/$max/$min, then $sort', async () => {
        const rows = await articles.aggregate<{
          _id: string;
          n: number;
          views: number;
          avg: number;
          max: number;
          min: number;
        }>([
          { $match: { views: { $gte: 50 } } },
          {
            $group: {
              _id: '$category',
              n: { $sum: 1 },
              views: { $sum: '$views' },
              avg: { $avg: '$views' },
              max: { $max: '$views' },
              min: { $min: '$views' },
            },
          },
          { $sort: { views: -1 } },
        ]);
        expect(rows.map(({ avg: _avg, ...rest }) => rest)).toEqual([
          { _id: 'ai', n: 3, views: 500, max: 300, min: 80 },
          { _id: 'bigtech', n: 1, views: 80, max: 80, min: 80 },
          { _id: 'blockchain', n: 1, views: 80, max: 80, min: 80 },
        ]);
        expect(rows[0].avg).toBeCloseTo(500 / 3, 10);
      });

      it('$first, $push and $addToSet follow a preceding $sort', async () => {
        const rows = await articles.aggregate<{
          _id: string;
          first: string;
          all: string[];
          categories: string[];
        }>([
          { $sort: { publishedAt: -1 } },
          {
            $group: {
              _id: '$author.name',
              first: { $first: '$_id' },
              all: { $push: '$_id' },
              categories: { $addToSet: '$category' },
            },
          },
          { $sort: { _id: 1 } },
        ]);
        expect(rows.map((row) => ({ ...row, categories: [...row.categories].sort() }))).toEqual([
          { _id: 'choi', first: 'a4', all: ['a4'], categories: ['ai'] },
          { _id: 'kim', first: 'a3', all: ['a3', 'a1'], categories: ['ai', 'bigtech'] },
          { _id: 'lee', first: 'a6', all: ['a6', 'a2'], categories: ['ai', 'blockchain'] },
          { _id: 'park', first: 'a5', all: ['a5'], categories: ['blockchain'] },
        ]);
      });

      it('$unwind an array, then count per element', async () => {
        const rows = await articles.aggregate([
          { $unwind: '$tags' },
          { $group: { _id: '$tags', n: { $sum: 1 } } },
          { $sort: { n: -1 } },
        ]);
        expect(rows).toEqual([
          { _id: 'llm', n: 3 },
          { _id: 'ai', n: 2 },
          { _id: 'agents', n: 1 },
          { _id: 'apple', n: 1 },
          { _id: 'crypto', n: 1 },
          { _id: 'etf', n: 1 },
        ]);
        const kept = await articles.aggregate([
          { $match: { _id: 'a5' } },
          { $unwind: { path: '$tags', preserveNullAndEmptyArrays: true } },
          { $project: { tags: 1 } },
        ]);
        expect(kept).toEqual([{ _id: 'a5' }]);
      });

      it('$project, $addFields, $skip and $limit', async () => {
        await expect(
          articles.aggregate([
            { $sort: { views: -1 } },
            { $skip: 1 },
            { $limit: 2 },
            { $project: { title: 1, views: 1 } },
            { $addFields: { doubled: { $multiply: ['$views', 2] }, label: 'x' } },
          ]),
        ).resolves.toEqual([
          { _id: 'a1', title: 'GPT-5 출시', views: 120, doubled: 240, label: 'x' },
          { _id: 'a2', title: 'Bitcoin ETF', views: 80, doubled: 160, label: 'x' },
        ]);
      });

      it('$count counts, and yields nothing for no input', async () => {
        await expect(articles.aggregate([{ $match: { category: 'ai' } }, { $count: 'n' }])).resolves.toEqual([
          { n: 3 },
        ]);
        await expect(
          articles.aggregate([{ $match: { category: 'none' } }, { $count: 'n' }]),
        ).resolves.toEqual([]);
      });

      it('refuses stages outside the port', async () => {
        const refused = [
          [{ $lookup: { from: 'x', as: 'y' } }],
          [{ $group: { _id: null, f: { $function: {} } } }],
          [{ $limit: 0 }],
        ];
        for (const pipeline of refused) {
          await expect(articles.aggregate(pipeline as never)).rejects.toBeInstanceOf(
            InvalidStoreOperationError,
          );
        }
      });
    });
  });
}

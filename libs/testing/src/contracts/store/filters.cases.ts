import type { Collection, Filter } from '@pulse/platform/store';
import { InvalidStoreOperationError } from '@pulse/platform/store';
import type { StoreContractContext } from './context';
import { ARTICLES, ids, type Article } from './fixtures';

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

/** Every filter operator the port accepts, and the ones it refuses. */
export function describeFilterCases(ctx: StoreContractContext): void {
  describe('filters', () => {
    let articles: Collection<Article>;
    beforeAll(async () => {
      articles = await ctx.seeded('filter_articles', ARTICLES);
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
}

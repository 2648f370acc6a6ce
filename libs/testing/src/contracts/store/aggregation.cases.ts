import type { Collection } from '@pulse/platform/store';
import { InvalidStoreOperationError } from '@pulse/platform/store';
import type { StoreContractContext } from './context';
import { ARTICLES, type Article } from './fixtures';

/** The aggregation stages and accumulators the port accepts, and the ones it refuses. */
export function describeAggregationCases(ctx: StoreContractContext): void {
  describe('aggregation', () => {
    let articles: Collection<Article>;
    beforeAll(async () => {
      articles = await ctx.seeded('aggregate_articles', ARTICLES);
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
      await expect(articles.aggregate([{ $match: { category: 'none' } }, { $count: 'n' }])).resolves.toEqual(
        [],
      );
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
}

import type { Collection, SortSpec } from '@pulse/platform/store';
import { InvalidStoreOperationError } from '@pulse/platform/store';
import type { StoreContractContext } from './context';
import { ARTICLES, ids, type Article } from './fixtures';

const SORT_CASES: Array<[string, SortSpec, string[]]> = [
  ['descending with ties broken by _id', { views: -1 }, ['a4', 'a1', 'a2', 'a3', 'a6', 'a5']],
  ['two keys', { category: 1, views: -1 }, ['a4', 'a1', 'a6', 'a3', 'a2', 'a5']],
  ['missing sorts first ascending', { 'author.level': 1 }, ['a5', 'a2', 'a3', 'a1', 'a6', 'a4']],
  ['booleans above null and missing', { pinned: -1 }, ['a1', 'a2', 'a3', 'a4', 'a5', 'a6']],
  ['ISO date strings', { publishedAt: -1 }, ['a6', 'a5', 'a4', 'a3', 'a2', 'a1']],
  ['an array sorts by its smallest element ascending', { ratings: 1 }, ['a5', 'a2', 'a6', 'a3', 'a1', 'a4']],
  ['an array sorts by its largest element descending', { ratings: -1 }, ['a3', 'a6', 'a1', 'a4', 'a2', 'a5']],
];

/** find and findOne options: sort, skip, limit, projection; and countDocuments. */
export function describeSortAndPagingCases(ctx: StoreContractContext): void {
  describe('sorting, paging, projection and counting', () => {
    let articles: Collection<Article>;
    beforeAll(async () => {
      articles = await ctx.seeded('sort_articles', [...ARTICLES].reverse());
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
      expect(ids(await articles.find({ category: 'ai' }, { sort: { views: 1 }, skip: 1, limit: 1 }))).toEqual(
        ['a1'],
      );
      await expect(articles.find({}, { skip: 10 })).resolves.toEqual([]);
    });

    it('findOne takes the first in sort order, _id order by default', async () => {
      await expect(articles.findOne({ category: 'ai' })).resolves.toMatchObject({ _id: 'a1' });
      await expect(articles.findOne({ category: 'ai' }, { sort: { views: 1 } })).resolves.toMatchObject({
        _id: 'a6',
      });
      await expect(articles.findOne({}, { sort: { views: -1 }, projection: { title: 1 } })).resolves.toEqual({
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
}

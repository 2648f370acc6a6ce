import { feedListPaths, MAX_CATEGORY_LISTS, RIVER_PATHS } from './feed-paths';

describe('feedListPaths', () => {
  it('reads the shared river, then each followed category’s first page once, in a stable order', () => {
    expect(
      feedListPaths([
        { kind: 'category', key: 'gen-ai' },
        { kind: 'source', key: 's1' },
        { kind: 'category', key: 'blockchain' },
        { kind: 'category', key: 'gen-ai' },
        { kind: 'tag', key: 'llm' },
      ]),
    ).toEqual([
      ...RIVER_PATHS,
      '/api/articles/category/blockchain?page=1&sort=latest&filter=all',
      '/api/articles/category/gen-ai?page=1&sort=latest&filter=all',
    ]);
  });

  it(`is bounded: the river and at most ${MAX_CATEGORY_LISTS} category pages, however many follows`, () => {
    const follows = Array.from({ length: 40 }, (_, i) => ({ kind: 'category' as const, key: `c${i}` }));
    expect(feedListPaths(follows)).toHaveLength(RIVER_PATHS.length + MAX_CATEGORY_LISTS);
    expect(feedListPaths([{ kind: 'story', key: 'st' }])).toEqual([...RIVER_PATHS]);
  });
});

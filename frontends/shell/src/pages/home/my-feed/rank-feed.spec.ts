import { listItem } from '../../../../testing/fixtures';
import { FEED_SIZE, feedScore, matchesFollow, rankFeed, type FeedFollow } from './rank-feed';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(NOW - hours * 3_600_000).toISOString();
const genAi: FeedFollow = { kind: 'category', key: 'gen-ai' };
const ids = (articles: { id: string }[]) => articles.map((article) => article.id);

describe('feedScore', () => {
  it('halves an article’s weight every 24 hours', () => {
    const fresh = feedScore({ hotScore: 99, publishedAt: hoursAgo(0) }, NOW);
    const dayOld = feedScore({ hotScore: 99, publishedAt: hoursAgo(24) }, NOW);
    expect(fresh).toBe(100);
    expect(dayOld).toBeCloseTo(50, 10);
  });

  it('ranks an unscored article by freshness alone, as a hotScore of 0', () => {
    const missing = { publishedAt: hoursAgo(12) } as { hotScore: number; publishedAt: string };
    expect(feedScore(missing, NOW)).toBeCloseTo(2 ** -0.5, 10);
    expect(feedScore({ hotScore: Number.NaN, publishedAt: hoursAgo(12) }, NOW)).toBeCloseTo(2 ** -0.5, 10);
    expect(feedScore({ hotScore: -5, publishedAt: hoursAgo(0) }, NOW)).toBe(1);
  });

  it('puts an article with an unreadable date last rather than first', () => {
    expect(feedScore({ hotScore: 500, publishedAt: 'not a date' }, NOW)).toBe(0);
  });
});

describe('matchesFollow', () => {
  const item = listItem({
    primaryCategory: 'blockchain',
    secondaryCategory: 'big-tech',
    tags: [{ id: 't1', name: 'Open Source', slug: 'open-source' }],
    originalSources: [
      { sourceUrl: 'https://a.example/1', title: 'A', author: null, sourceName: 'A', sourceId: 'src-a' },
    ],
    storyId: 'story-1',
  });

  it.each<[FeedFollow, boolean]>([
    [{ kind: 'category', key: 'blockchain' }, true],
    [{ kind: 'category', key: 'big-tech' }, true],
    [{ kind: 'category', key: 'gen-ai' }, false],
    [{ kind: 'source', key: 'src-a' }, true],
    [{ kind: 'source', key: 'src-b' }, false],
    [{ kind: 'tag', key: ' open source ' }, true],
    [{ kind: 'tag', key: 'OPEN-SOURCE' }, true],
    [{ kind: 'tag', key: 'rust' }, false],
    [{ kind: 'story', key: 'story-1' }, true],
    [{ kind: 'story', key: 'story-2' }, false],
  ])('%j → %s', (follow, expected) => {
    expect(matchesFollow(item, follow)).toBe(expected);
  });

  it('matches no source or story on an article whose answer names none', () => {
    const bare = listItem({ originalSources: [] });
    expect(matchesFollow(bare, { kind: 'source', key: 'src-a' })).toBe(false);
    expect(matchesFollow(bare, { kind: 'story', key: 'story-1' })).toBe(false);
  });
});

describe('rankFeed', () => {
  it('shows nothing without follows, whatever the lists hold', () => {
    expect(rankFeed([[listItem({ id: 'a' })]], [], NOW)).toEqual([]);
  });

  it('keeps only articles matching a follow, ranked by score × decay, unscored by freshness', () => {
    const lists = [
      [
        listItem({ id: 'hot-old', hotScore: 300, publishedAt: hoursAgo(48) }), // 301/4 ≈ 75
        listItem({ id: 'warm-new', hotScore: 60, publishedAt: hoursAgo(1) }), // ≈ 59
        listItem({ id: 'unscored-new', hotScore: 0, publishedAt: hoursAgo(0) }), // 1
        listItem({ id: 'unscored-older', hotScore: 0, publishedAt: hoursAgo(5) }), // < 1
        listItem({ id: 'other', primaryCategory: 'blockchain', secondaryCategory: null, hotScore: 999 }),
      ],
    ];
    expect(ids(rankFeed(lists, [genAi], NOW))).toEqual([
      'hot-old',
      'warm-new',
      'unscored-new',
      'unscored-older',
    ]);
  });

  it('breaks a tie of scores by the newer article, then by id, the same on every render', () => {
    const at = hoursAgo(3);
    const lists = [
      [
        listItem({ id: 'b', hotScore: 10, publishedAt: at }),
        listItem({ id: 'a', hotScore: 10, publishedAt: at }),
      ],
      [listItem({ id: 'c', hotScore: 10, publishedAt: at })],
    ];
    expect(ids(rankFeed(lists, [genAi], NOW))).toEqual(['a', 'b', 'c']);
    expect(ids(rankFeed([...lists].reverse(), [genAi], NOW))).toEqual(['a', 'b', 'c']);
  });

  it('shows an article found in several lists once, the copy updated last', () => {
    const older = listItem({ id: 'x', hotScore: 500, updatedAt: hoursAgo(5), publishedAt: hoursAgo(6) });
    const newer = listItem({ id: 'x', hotScore: 20, updatedAt: hoursAgo(1), publishedAt: hoursAgo(6) });
    const sameTimeHotter = listItem({ id: 'y', hotScore: 40, updatedAt: hoursAgo(2) });
    const sameTimeCooler = listItem({ id: 'y', hotScore: 30, updatedAt: hoursAgo(2) });
    const ranked = rankFeed(
      [
        [older, sameTimeCooler],
        [newer, sameTimeHotter],
      ],
      [genAi],
      NOW,
    );
    expect(ids(ranked).sort()).toEqual(['x', 'y']);
    expect(ranked.find((article) => article.id === 'x')?.hotScore).toBe(20);
    expect(ranked.find((article) => article.id === 'y')?.hotScore).toBe(40);
  });

  it('matches any of several follows and counts an article matching two of them once', () => {
    const source = listItem({
      id: 'by-source',
      primaryCategory: 'blockchain',
      secondaryCategory: null,
      originalSources: [
        { sourceUrl: 'https://s.example', title: 'S', author: null, sourceName: 'S', sourceId: 's1' },
      ],
    });
    const both = listItem({ ...source, id: 'both', primaryCategory: 'gen-ai' });
    const ranked = rankFeed([[source, both]], [genAi, { kind: 'source', key: 's1' }], NOW);
    expect(ids(ranked).sort()).toEqual(['both', 'by-source']);
  });

  it(`shows the best ${FEED_SIZE} and no more`, () => {
    const many = Array.from({ length: FEED_SIZE + 5 }, (_, i) =>
      listItem({ id: `n${String(i).padStart(2, '0')}`, hotScore: i, publishedAt: hoursAgo(1) }),
    );
    const ranked = rankFeed([many], [genAi], NOW);
    expect(ranked).toHaveLength(FEED_SIZE);
    expect(ranked[0]?.id).toBe(`n${FEED_SIZE + 4}`);
  });
});

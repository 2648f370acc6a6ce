import { parseFeed } from './parse-feed';
import { feedFixture } from '../../testing/parsing/test-fixtures';

const HN_URL = 'https://hacker-news.firebaseio.com/v0/item/';

describe('Hacker News API items', () => {
  const outcome = parseFeed({ text: feedFixture('hn-items.json'), sourceType: 'api', url: HN_URL });

  it('keeps stories and jobs, and rejects comments and dead items', () => {
    expect(outcome.format).toBe('hn-api');
    expect(outcome.items.map((i) => i.guid)).toEqual([
      'https://news.ycombinator.com/item?id=40001001',
      'https://news.ycombinator.com/item?id=40001002',
      'https://news.ycombinator.com/item?id=40001003',
      'https://news.ycombinator.com/item?id=40001005',
    ]);
    expect(outcome.rejected).toEqual([
      { reason: 'Hacker News item 40001050 is a comment, not a story' },
      { reason: 'Hacker News item 40001004 is dead', title: 'Spam story' },
    ]);
  });

  it('reads a story with a url, its author and unix time', () => {
    expect(outcome.items[0]).toEqual({
      title: 'Show HN: I built a vector database in 2,000 lines of Rust',
      link: 'https://example.dev/blog/tiny-vector-db',
      guid: 'https://news.ycombinator.com/item?id=40001001',
      author: 'fixture_alice',
      publishedAt: '2025-03-04T09:00:00.000Z',
      youtubeIds: [],
    });
  });

  it('links an Ask HN post to its discussion and keeps its text', () => {
    const ask = outcome.items[1];
    expect(ask.link).toBe('https://news.ycombinator.com/item?id=40001002');
    expect(ask.summary).toBe(
      'We evaluate coding assistants on our monorepo every quarter. What do you use to measure real productivity gains? Asking for a team of 40.',
    );
    expect(ask.bodyHtml).toContain('<i>real</i>');
  });

  it('keeps titles as plain text and finds YouTube ids in the url', () => {
    expect(outcome.items[3].title).toBe('Chip export rules & what they mean for cloud GPU rentals');
    expect(outcome.items[3].youtubeIds).toEqual(['Hn5tOrY0bCd']);
  });

  it('accepts a single item', () => {
    const single = parseFeed({
      text: feedFixture('hn-item.json'),
      sourceType: 'api',
      url: `${HN_URL}40002001.json`,
    });
    expect(single.items.map((i) => [i.title, i.link, i.publishedAt])).toEqual([
      [
        'A bitcoin node on a 15-year-old laptop',
        'https://example.dev/posts/old-laptop-node',
        '2025-03-04T15:00:00.000Z',
      ],
    ]);
  });

  it('rejects unrecognised JSON and malformed JSON with the reason', () => {
    expect(parseFeed({ text: '{"kind":"x"}', sourceType: 'api', url: HN_URL })).toEqual({
      format: 'unknown',
      items: [],
      rejected: [{ reason: 'JSON is neither a JSON Feed nor Hacker News items' }],
    });
    const broken = parseFeed({ text: '[{"id": 1, "type": "story"', sourceType: 'api', url: HN_URL });
    expect(broken.items).toEqual([]);
    expect(broken.rejected[0].reason).toMatch(/^malformed JSON/);
  });
});

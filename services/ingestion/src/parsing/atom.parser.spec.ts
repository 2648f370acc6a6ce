import { parseFeed } from './parse-feed';
import { FEED_URL, feedFixture } from '../../testing/parsing/test-fixtures';

describe('Atom 1.0', () => {
  const outcome = parseFeed({ text: feedFixture('atom.xml'), sourceType: 'rss', url: FEED_URL });
  const [longContext, agents, video] = outcome.items;

  it('reads the entries and rejects one without an alternate link', () => {
    expect(outcome.format).toBe('atom');
    expect(outcome.items).toHaveLength(3);
    expect(outcome.rejected).toEqual([
      { reason: 'no link', title: 'Draft without a date or alternate link' },
    ]);
  });

  it('takes link rel=alternate, resolved against xml:base', () => {
    expect(longContext.link).toBe('https://modelwatch.example.io/blog/million-token-laptop');
    expect(agents.link).toBe('https://modelwatch.example.io/blog/agents-travel-benchmark');
    expect(video.link).toBe('https://modelwatch.example.io/notes/video-lag');
  });

  it('reads html titles as HTML and text titles as text', () => {
    expect(longContext.title).toBe('Small models, long contexts: a million tokens on a laptop');
    expect(video.title).toBe('Why <video> understanding lags text by a generation');
  });

  it('prefers published over updated and converts offsets to UTC', () => {
    expect(longContext.publishedAt).toBe('2025-03-04T09:00:00.000Z');
    expect(agents.publishedAt).toBe('2025-03-03T16:20:00.000Z');
  });

  it('joins several authors and falls back to the feed author', () => {
    expect(longContext.author).toBe('Hana Cho, Ravi Menon');
    expect(agents.author).toBe('ModelWatch Staff');
  });

  it('decodes html, unwraps xhtml and escapes text content', () => {
    expect(longContext.bodyHtml).toBe(
      '<p>A new attention trick keeps memory flat as context grows.</p><p>Code is <a href="https://modelwatch.example.io/code/flat-attn">here</a>.</p>',
    );
    expect(agents.bodyHtml).toMatch(
      /^<p>We ran 500 itineraries through four agent frameworks &amp; logged every failure\.<\/p>/,
    );
    expect(agents.bodyHtml).not.toContain('<div');
    expect(video.bodyHtml).toBe(
      'Video models see frames, not events.<br><br>Temporal reasoning needs new training data.',
    );
  });

  it('reads summaries, images and YouTube shorts', () => {
    expect(agents.summary).toBe('We ran 500 itineraries through four agent frameworks.');
    expect(longContext.imageUrl).toBe('https://modelwatch.example.io/static/laptop-context.png');
    expect(agents.imageUrl).toBe('https://modelwatch.example.io/static/agents-thumb.jpg');
    expect(agents.youtubeIds).toEqual(['Ab3_Cd4-Ef5']);
    expect(longContext.guid).toBe('tag:modelwatch.example.io,2025:post-41');
  });
});

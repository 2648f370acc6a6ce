import { parseFeed } from './parse-feed';
import { FEED_URL, feedFixture } from '../../testing/parsing/test-fixtures';

const rss = (name: string) => parseFeed({ text: feedFixture(name), sourceType: 'rss', url: FEED_URL });

describe('RSS 2.0', () => {
  const outcome = rss('rss2.xml');

  it('reads every item with its fields', () => {
    expect(outcome.format).toBe('rss2');
    expect(outcome.rejected).toEqual([]);
    expect(outcome.items.map((i) => i.title)).toEqual([
      'Open-weight model tops coding benchmark at a fraction of the compute',
      'Stablecoin bill clears committee after late amendment on reserves',
      'Cloud giant signs 20-year nuclear power deal for data centres',
    ]);
    expect(outcome.items[0]).toEqual({
      title: 'Open-weight model tops coding benchmark at a fraction of the compute',
      link: 'https://byteline.example.com/2025/03/open-weight-model-coding-benchmark',
      guid: 'byteline-10231',
      author: 'Mina Park',
      publishedAt: '2025-03-04T08:15:00.000Z',
      summary:
        'A 30-billion-parameter model released under an open licence scored within two points of the largest closed systems on a popular coding test.',
      bodyHtml: expect.stringContaining('<a href="https://byteline.example.com/tags/gpu">rented GPUs</a>'),
      imageUrl: 'https://cdn.byteline.example.com/img/open-weight-hero.jpg',
      youtubeIds: [],
    });
  });

  it('takes images from media:content, enclosures and media:thumbnail', () => {
    expect(outcome.items.map((i) => i.imageUrl)).toEqual([
      'https://cdn.byteline.example.com/img/open-weight-hero.jpg',
      'https://cdn.byteline.example.com/img/capitol.jpg',
      'https://cdn.byteline.example.com/img/reactor-thumb.jpg',
    ]);
  });

  it('converts RFC 822 dates with numeric and named zones to UTC', () => {
    expect(outcome.items[1].publishedAt).toBe('2025-03-03T22:40:00.000Z'); // -0500
    expect(outcome.items[2].publishedAt).toBe('2025-03-03T19:05:00.000Z'); // PST
  });

  it('reads the name out of an "email (Name)" author and strips HTML from summaries', () => {
    expect(outcome.items[1].author).toBe('Leo Grant');
    expect(outcome.items[2].summary).toBe(
      'The agreement covers the output of a restarted reactor. What is a power purchase agreement?',
    );
  });
});

describe('RSS 2.0 edge cases', () => {
  const outcome = rss('rss2-edge-cases.xml');
  const byLink = (fragment: string) => outcome.items.find((i) => i.link.includes(fragment));

  it('reads CDATA titles, strips their markup and collapses whitespace', () => {
    expect(outcome.items[0].title).toBe('Chipmaker & partner unveil 3nm AI accelerator');
  });

  it('strips HTML from entity-escaped titles and drops script text from summaries', () => {
    expect(outcome.items[1].title).toBe('Why everyone is rewriting their wallet in Rust — and what breaks');
    expect(outcome.items[0].summary).toBe(
      'The accelerator pairs HBM4 memory with a new interconnect. Shipments start in Q3.',
    );
  });

  it('resolves relative links and image URLs against the feed URL', () => {
    const item = byLink('wallets-in-rust');
    expect(item?.link).toBe('https://feeds.example.com/news/wallets-in-rust?ref=rss&utm_source=feed');
    expect(item?.imageUrl).toBe('https://feeds.example.com/images/rust-wallet.png');
    expect(item?.bodyHtml).toContain('href="https://feeds.example.com/news/rust-faq"');
  });

  it('keeps items with missing or unparseable dates, without a date', () => {
    expect(byLink('robot-laundry')?.publishedAt).toBeUndefined();
    expect(byLink('adtech-trim')?.publishedAt).toBeUndefined();
    expect(byLink('3nm-accelerator')?.publishedAt).toBe('2025-03-04T17:30:00.000Z'); // +0900
  });

  it('finds YouTube ids in embeds, short links, shorts and watch URLs, once each', () => {
    expect(byLink('robot-laundry')?.youtubeIds).toEqual(['aBcDeFgHiJ0', 'Zz9_-Yy8Xx7', 'Q1w2E3r4T5y']);
  });

  it('rejects an item without a link and a javascript: link, with the reason', () => {
    expect(outcome.rejected).toEqual([
      { reason: 'no link', title: 'Untitled draft that escaped the CMS' },
      {
        reason: 'link is not an http(s) URL: javascript:alert(document.cookie)',
        title: 'Click here for free tokens',
      },
    ]);
    expect(outcome.items.some((i) => i.link.startsWith('javascript'))).toBe(false);
  });

  it('uses a permalink guid as the link, and the summary as the title of an untitled item', () => {
    expect(byLink('exchange-upgrade')?.title).toBe('Exchange halts withdrawals for a protocol upgrade');
    expect(byLink('briefs/0305')?.title).toBe(
      'Brief: a messaging app adds end-to-end encrypted backups for all users by default.',
    );
  });

  it('tolerates a bare ampersand', () => {
    expect(byLink('att-on-device-ai')?.title).toBe(
      'AT&T and a chip startup test on-device AI for call screening',
    );
    expect(outcome.items).toHaveLength(7);
  });
});

describe('RSS 1.0 (RDF)', () => {
  const outcome = rss('rss1.rdf');

  it('reads items beside the channel, with Dublin Core dates and authors', () => {
    expect(outcome.format).toBe('rss1');
    expect(outcome.rejected).toEqual([]);
    expect(outcome.items.map((i) => [i.title, i.publishedAt, i.author])).toEqual([
      ['Rollup fees fell 80% after blob space doubled', '2025-03-02T00:30:00.000Z', 'Ji-ho Lee'],
      [
        'Validator exit queue empties for the first time since spring',
        '2025-03-01T18:00:00.000Z',
        'Ji-ho Lee',
      ],
      ['What it costs to prove a block with zero-knowledge proofs', '2025-02-28T00:00:00.000Z', undefined],
    ]);
  });

  it('uses rdf:about as guid, and as link when there is none', () => {
    expect(outcome.items[2].link).toBe('https://ledger-notes.example.net/notes/zk-proving-costs');
    expect(outcome.items[0].guid).toBe('https://ledger-notes.example.net/notes/rollup-fees');
    expect(outcome.items[1].summary).toBe('Staking withdrawals have normalised.');
    expect(outcome.items[1].bodyHtml).toContain('https://feeds.example.com/fixtures/charts/exits.png');
  });
});

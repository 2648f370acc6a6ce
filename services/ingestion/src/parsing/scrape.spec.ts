import type { ScrapeRules } from '../pipeline/pipeline.types';
import { extractArticle } from './article-extractor';
import { parseFeed } from './parse-feed';
import { feedFixture } from '../../testing/parsing/test-fixtures';

const RULES: ScrapeRules = {
  item: 'article.post-card',
  link: 'h2 a',
  title: 'h2',
  summary: '.dek',
  publishedAt: 'time',
  image: 'img',
};
const PAGE_URL = 'https://frontier.example.com/news/';

describe('scraped listing page', () => {
  const outcome = parseFeed({
    text: feedFixture('listing.html'),
    contentType: 'text/html',
    sourceType: 'scrape',
    url: PAGE_URL,
    scrape: RULES,
  });

  it('reads each card with the selectors, resolving relative links and lazy images', () => {
    expect(outcome.format).toBe('scrape');
    expect(outcome.items).toEqual([
      {
        title: 'Robotaxi service expands to three more cities',
        link: 'https://frontier.example.com/stories/robotaxi-expansion',
        publishedAt: '2025-03-04T14:00:00.000Z',
        summary: 'The operator says its driverless fleet now completes 200,000 paid rides a week.',
        imageUrl: 'https://frontier.example.com/img/robotaxi.jpg',
        youtubeIds: [],
      },
      {
        title: 'Layer-2 network recovers after a 4-hour sequencer outage',
        link: 'https://frontier.example.com/news/stories/l2-sequencer-outage',
        publishedAt: '2025-03-04T03:15:00.000Z',
        summary: 'Funds were never at risk, the team said, but deposits queued for hours.',
        imageUrl: 'https://cdn.frontier.example.com/l2.png',
        youtubeIds: [],
      },
    ]);
  });

  it('drops a repeated link, a javascript: link and a card without a link, saying why', () => {
    expect(outcome.rejected.map((r) => r.reason)).toEqual([
      'duplicate link on the listing page',
      'link is not an http(s) URL: javascript:void(0)',
      'no link',
    ]);
  });

  it('rejects an invalid selector or missing rules instead of throwing', () => {
    const bad = parseFeed({
      text: feedFixture('listing.html'),
      sourceType: 'scrape',
      url: PAGE_URL,
      scrape: { item: 'article[', link: 'a' },
    });
    expect(bad.items).toEqual([]);
    expect(bad.rejected[0].reason).toMatch(/^invalid item selector/);
    const none = parseFeed({ text: feedFixture('listing.html'), sourceType: 'scrape', url: PAGE_URL });
    expect(none.rejected).toEqual([{ reason: 'scrape source without item and link selectors' }]);
  });

  it('honours <base href>', () => {
    const html =
      '<html><head><base href="https://mirror.example.com/a/"></head><body><div class="c"><a href="s/1">One</a></div></body></html>';
    const items = parseFeed({
      text: html,
      sourceType: 'scrape',
      url: PAGE_URL,
      scrape: { item: '.c', link: 'a' },
    }).items;
    expect(items.map((i) => [i.title, i.link])).toEqual([['One', 'https://mirror.example.com/a/s/1']]);
  });
});

describe('extractArticle (readability)', () => {
  it('extracts title, byline, body, excerpt, og:image and the YouTube embed', () => {
    const article = extractArticle(
      feedFixture('story-robotaxi.html'),
      'https://frontier.example.com/stories/robotaxi-expansion',
    );
    expect(article).toMatchObject({
      title: 'Robotaxi service expands to three more cities',
      byline: 'Priya Raman',
      leadImageUrl: 'https://frontier.example.com/img/robotaxi-og.jpg',
      siteName: 'Frontier Wire',
      publishedAt: '2025-03-04T14:00:00.000Z',
      youtubeIds: ['Rt7Xq2Lp9Zw'],
    });
    expect(article?.excerpt).toMatch(/^The driverless ride-hailing operator will open service/);
    expect(article?.contentHtml).toContain('completes about 200,000 paid rides a week');
    expect(article?.contentHtml).toContain('href="https://frontier.example.com/topics/autonomy"');
    expect(article?.contentHtml).toContain('src="https://frontier.example.com/img/map.png"');
    // Navigation, footer and scripts are not the article.
    expect(article?.contentHtml).not.toMatch(/Newsletter|Privacy|tracking/);
  });

  it('falls back to twitter:image and the page title', () => {
    const article = extractArticle(
      feedFixture('story-l2-outage.html'),
      'https://frontier.example.com/news/stories/l2-sequencer-outage',
    );
    expect(article?.title).toBe('Layer-2 network recovers after a 4-hour sequencer outage');
    expect(article?.byline).toBe('Tomás Ferreira');
    expect(article?.leadImageUrl).toBe('https://cdn.frontier.example.com/l2-large.png');
    expect(article?.contentHtml).toContain('forced-inclusion path');
    expect(article?.youtubeIds).toEqual([]);
  });

  it('returns undefined for a page without an article', () => {
    expect(extractArticle('', 'https://frontier.example.com/')).toBeUndefined();
    expect(
      extractArticle('<html><body><nav>Home</nav></body></html>', 'https://frontier.example.com/'),
    ).toBeUndefined();
  });
});

import { parseFeed } from './parse-feed';
import { feedFixture } from '../../testing/parsing/test-fixtures';

describe('JSON Feed 1.1', () => {
  const outcome = parseFeed({
    text: feedFixture('jsonfeed.json'),
    contentType: 'application/feed+json',
    sourceType: 'api',
    url: 'https://siliconledger.example.com/feed.json',
  });
  const [phone, treasuries, keynote, brief] = outcome.items;

  it('reads the items and rejects a data: URL', () => {
    expect(outcome.format).toBe('jsonfeed');
    expect(outcome.items).toHaveLength(4);
    expect(outcome.rejected).toEqual([
      {
        reason: 'link is not an http(s) URL: data:text/html,<script>alert(1)</script>',
        title: 'A data: URL is not a story link',
      },
    ]);
  });

  it('reads content_html, summary, image, authors and dates', () => {
    expect(phone).toEqual({
      title: 'Phone maker ships an on-device language model to 100 million handsets',
      link: 'https://siliconledger.example.com/2025/03/04/phone-maker-on-device-llm',
      guid: 'sl-2025-0304-01',
      author: 'Dana Whitfield',
      publishedAt: '2025-03-04T15:45:00.000Z',
      summary: 'The 3-billion-parameter model runs offline.',
      bodyHtml:
        '<p>The 3-billion-parameter model runs offline for summaries and replies.</p><figure><img src="https://siliconledger.example.com/media/handset.jpg"></figure>',
      imageUrl: 'https://siliconledger.example.com/media/handset-hero.jpg',
      youtubeIds: [],
    });
  });

  it('turns content_text into escaped paragraphs, reads the 1.0 author and resolves relative URLs', () => {
    expect(treasuries.link).toBe('https://siliconledger.example.com/2025/03/03/tokenised-treasuries');
    expect(treasuries.bodyHtml).toBe(
      '<p>Assets in tokenised money-market funds grew fivefold in a year.</p><p>Most of it sits on two chains.</p>',
    );
    expect(treasuries.author).toBe('Omar Haddad');
  });

  it('uses external_url as the link, finds its YouTube id, ignores a bad date', () => {
    expect(keynote.link).toBe('https://www.youtube.com/watch?v=Mn0pQr1sTu2');
    expect(keynote.youtubeIds).toEqual(['Mn0pQr1sTu2']);
    expect(keynote.publishedAt).toBeUndefined();
    expect(keynote.author).toBe('Silicon Ledger Desk');
  });

  it('titles an untitled item from its text and falls back to date_modified', () => {
    expect(brief.title).toBe('Brief: a search engine starts labelling AI-generated images in results.');
    expect(brief.publishedAt).toBe('2025-03-03T09:10:00.000Z');
  });
});

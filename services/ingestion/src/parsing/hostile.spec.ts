/**
 * Hostile and broken documents: none may expand entities, read files, crash, or take long. The shared
 * documents come from libs/testing/fixtures/hostile (also served by the fixture server); the variants
 * below are written inline.
 */
import type { ParseOutcome } from '../pipeline/pipeline.types';
import { parseFeed } from './parse-feed';
import { PARSE_LIMITS } from './normalise';
import { FEED_URL, hostileFixture } from '../../testing/parsing/test-fixtures';

function timedParse(text: string, sourceType: 'rss' | 'api' = 'rss'): { outcome: ParseOutcome; ms: number } {
  const start = performance.now();
  const outcome = parseFeed({ text, sourceType, url: FEED_URL });
  return { outcome, ms: performance.now() - start };
}

function expectNothingExpanded(outcome: ParseOutcome): void {
  const json = JSON.stringify(outcome);
  expect(json).not.toMatch(/(lol){3,}/);
  expect(json).not.toContain('root:');
  expect(json).not.toContain('/bin/');
  expect(json).not.toContain('ami-id');
}

describe('entity attacks', () => {
  it('refuses the billion-laughs document quickly, expanding nothing', () => {
    const { outcome, ms } = timedParse(hostileFixture('billion-laughs.xml'));
    expect(outcome.items).toEqual([]);
    expect(outcome.rejected).toEqual([
      { reason: 'DOCTYPE with entity declarations refused (entity expansion is off)' },
    ]);
    expectNothingExpanded(outcome);
    expect(ms).toBeLessThan(500);
  });

  it('refuses the XXE document without reading /etc/passwd or fetching metadata', () => {
    const { outcome, ms } = timedParse(hostileFixture('xxe.xml'));
    expect(outcome.items).toEqual([]);
    expect(outcome.rejected[0].reason).toMatch(/entity declarations refused/);
    expectNothingExpanded(outcome);
    expect(ms).toBeLessThan(500);
  });

  it.each([
    [
      'parameter entities',
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY % p SYSTEM "file:///etc/passwd"> %p;]><rss><channel/></rss>',
    ],
    [
      'an Atom XXE',
      '<!DOCTYPE feed [<!ENTITY x SYSTEM "file:///etc/passwd">]><feed xmlns="http://www.w3.org/2005/Atom"><entry><title>&x;</title><link href="https://e.example/1"/></entry></feed>',
    ],
    [
      'an RSS 1.0 XXE',
      '<!DOCTYPE rdf:RDF [<!ENTITY x SYSTEM "file:///etc/passwd">]><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><item><title>&x;</title><link>https://e.example/1</link></item></rdf:RDF>',
    ],
    [
      'a quadratic blow-up',
      `<!DOCTYPE rss [<!ENTITY a "${'lol'.repeat(10_000)}">]><rss><channel><item><title>${'&a;'.repeat(10_000)}</title><link>https://e.example/1</link></item></channel></rss>`,
    ],
  ])('refuses %s', (_name, text) => {
    const { outcome, ms } = timedParse(text);
    expect(outcome.items).toEqual([]);
    expect(outcome.rejected[0].reason).toMatch(/entity declarations refused/);
    expectNothingExpanded(outcome);
    expect(ms).toBeLessThan(500);
  });

  it('ignores an external DTD reference and leaves undeclared entities unexpanded', () => {
    const text =
      '<?xml version="1.0"?><!DOCTYPE rss SYSTEM "file:///etc/passwd"><rss version="0.91"><channel><item><title>A &unknown; B</title><link>https://e.example/1</link></item></channel></rss>';
    const { outcome } = timedParse(text);
    expect(outcome.items.map((i) => i.title)).toEqual(['A &unknown; B']);
    expectNothingExpanded(outcome);
  });
});

describe('malformed documents', () => {
  it('rejects the malformed fixture with the reason and no items', () => {
    const { outcome } = timedParse(hostileFixture('malformed.xml'));
    expect(outcome.format).toBe('rss2');
    expect(outcome.items).toEqual([]);
    expect(outcome.rejected).toHaveLength(1);
    expect(outcome.rejected[0].reason).toMatch(/^malformed XML: .*\(line \d+, column \d+\)$/);
  });

  it.each([
    ['empty', '', 'empty document'],
    [
      'an HTML page',
      '<!doctype html><html><body>Not a feed</body></html>',
      'not a feed: an HTML page (is this a scrape source?)',
    ],
    ['plain text', 'Service Unavailable', 'not a feed: starts with "Service Unavailable"'],
    [
      'another XML vocabulary',
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>',
      'not a feed: XML root element <svg>',
    ],
  ])('rejects %s as unknown', (_name, text, reason) => {
    expect(parseFeed({ text, sourceType: 'rss', url: FEED_URL })).toEqual({
      format: 'unknown',
      items: [],
      rejected: [{ reason }],
    });
  });

  it('rejects a truncated feed and deeply nested XML without crashing', () => {
    const truncated =
      '<rss><channel><item><title>Half</title><link>https://e.example/1</link></item><item><title>cut';
    expect(timedParse(truncated).outcome.items).toEqual([]);
    const deep = `<rss><channel>${'<x>'.repeat(50_000)}${'</x>'.repeat(50_000)}</channel></rss>`;
    const { outcome, ms } = timedParse(deep);
    expect(outcome.items).toEqual([]);
    expect(ms).toBeLessThan(3_000);
  });

  it('never throws on non-string or odd input', () => {
    expect(
      parseFeed({ text: undefined as unknown as string, sourceType: 'rss', url: FEED_URL }).rejected,
    ).toEqual([{ reason: 'no document text' }]);
    expect(parseFeed({ text: '[1, 2, "x"]', sourceType: 'api', url: FEED_URL }).format).toBe('unknown');
    expect(
      parseFeed({
        text: '{"version":"https://jsonfeed.org/version/1.1","items":[null, 3, {"url": 5}]}',
        sourceType: 'api',
        url: FEED_URL,
      }).items,
    ).toEqual([]);
  });
});

describe('encodings (decoded by the fetcher, parsed here)', () => {
  it.each([
    ['utf8-bom-feed.xml', 'utf-8'],
    ['euc-kr-feed.xml', 'euc-kr'],
    ['utf16le-feed.xml', 'utf-16le'],
    ['utf16be-feed.xml', 'utf-16be'],
  ])('reads %s once decoded, BOM or not', (file, encoding) => {
    const { outcome } = timedParse(hostileFixture(file, encoding));
    expect(outcome.format).toBe('rss2');
    expect(outcome.rejected).toEqual([]);
    expect(outcome.items).toHaveLength(1);
    expect(outcome.items[0].link).toBe('https://example.com/ko/1');
    // Korean text came through, not mojibake.
    expect(outcome.items[0].title).toMatch(/[\uac00-\ud7a3]/);
    expect(outcome.items[0].title).not.toContain('\ufffd');
  });
});

describe('caps', () => {
  const item = (i: number, title = `Story ${i}`, body = '') =>
    `<item><title>${title}</title><link>https://e.example/${i}</link><description>${body}</description></item>`;
  const rss = (items: string) => `<rss version="2.0"><channel><title>t</title>${items}</channel></rss>`;

  it(`keeps at most ${PARSE_LIMITS.maxItems} items and says how many were dropped`, () => {
    const items = Array.from({ length: 1_000 }, (_, i) => item(i)).join('');
    const { outcome, ms } = timedParse(rss(items));
    expect(outcome.items).toHaveLength(PARSE_LIMITS.maxItems);
    expect(outcome.rejected).toEqual([{ reason: 'over the cap of 200 items: 800 dropped' }]);
    expect(ms).toBeLessThan(3_000);
  });

  it('truncates long titles, summaries and bodies instead of failing', () => {
    const longTitle = 'Big tech '.repeat(200);
    const longSummary = 'Blockchain '.repeat(1_000);
    const longBody = `<p>${'Model weights '.repeat(50_000)}</p>`;
    const text = rss(
      `<item><title>${longTitle}</title><link>https://e.example/1</link><description>${longSummary}</description><content:encoded xmlns:content="http://purl.org/rss/1.0/modules/content/"><![CDATA[${longBody}]]></content:encoded></item>`,
    );
    const [only] = timedParse(text).outcome.items;
    expect(only.title.length).toBe(PARSE_LIMITS.titleChars);
    expect(only.summary?.length).toBe(PARSE_LIMITS.summaryChars);
    expect(only.bodyHtml?.length).toBe(PARSE_LIMITS.bodyChars);
  });

  it('caps JSON items too', () => {
    const items = Array.from({ length: 300 }, (_, i) => ({
      id: i + 1,
      type: 'story',
      title: `HN ${i}`,
      url: `https://e.example/${i}`,
    }));
    const outcome = parseFeed({ text: JSON.stringify(items), sourceType: 'api', url: FEED_URL });
    expect(outcome.items).toHaveLength(PARSE_LIMITS.maxItems);
  });
});

/**
 * A malformed or hostile element in one item costs that item at most: the rest of the feed is read, and
 * the rejection says which item was dropped and why (docs/pipeline.md 'The news pipeline': feeds degrade per item). Before this,
 * one unclosed tag in one title made the XML check refuse the whole document, and every item with it.
 */
import { normaliseItems, readEach, type RawItem, type Rejected } from './normalise';
import { parseFeed } from './parse-feed';
import { FEED_URL, hostileFixture } from '../../testing/parsing/test-fixtures';

const parse = (text: string, sourceType: 'rss' | 'api' = 'rss') =>
  parseFeed({ text, sourceType, url: FEED_URL });

describe('one bad item in a feed', () => {
  it('reads the fixture’s three good items and names the two it drops', () => {
    const outcome = parse(hostileFixture('one-bad-item.xml'));
    expect(outcome.format).toBe('rss2');
    expect(outcome.items.map((item) => item.link)).toEqual([
      'https://news.example.com/chipmaker-record-quarter',
      'https://news.example.com/exchange-stablecoin',
      'https://news.example.com/cloud-region-seoul',
    ]);
    expect(outcome.items[2].bodyHtml).toBe('<p>The region opens with three zones.</p>');
    expect(outcome.rejected).toEqual([
      {
        reason: expect.stringMatching(/^item 2 \(line 13\): malformed XML: Expected closing tag 'b'/),
        title: 'Unclosed markup in a title',
      },
      {
        reason: expect.stringMatching(/^item 4 \(line 24\): malformed XML: /),
        title: 'Hostile enclosure',
      },
    ]);
  });

  it('does the same for an Atom feed and an RSS 1.0 document', () => {
    const atom = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://atom.example.com/">
      <title>t</title>
      <entry><title>First</title><link href="/a"/><id>urn:a</id></entry>
      <entry><title>Second <i>broken</title><link href="/b"/><id>urn:b</id></entry>
      <entry><title>Third</title><link href="/c"/><id>urn:c</id></entry>
    </feed>`;
    const outcome = parse(atom);
    expect(outcome.format).toBe('atom');
    // Links still resolve against the feed's xml:base: the shell around each entry is the real one.
    expect(outcome.items.map((item) => item.link)).toEqual([
      'https://atom.example.com/a',
      'https://atom.example.com/c',
    ]);
    expect(outcome.rejected).toEqual([
      { reason: expect.stringMatching(/^item 2 \(line 4\): malformed XML/), title: 'Second broken' },
    ]);

    const rdf = `<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
      <channel rdf:about="https://rdf.example.com/"><title>t</title><items><rdf:Seq><rdf:li rdf:resource="https://rdf.example.com/1"/></rdf:Seq></items></channel>
      <item rdf:about="https://rdf.example.com/1"><title>Good</title><link>https://rdf.example.com/1</link></item>
      <item rdf:about="https://rdf.example.com/2"><title>Bad &lt; <u>x</title><link>https://rdf.example.com/2</link></item>
    </rdf:RDF>`;
    const rdfOutcome = parse(rdf);
    expect(rdfOutcome.items.map((item) => item.link)).toEqual(['https://rdf.example.com/1']);
    expect(rdfOutcome.rejected).toHaveLength(1);
  });

  it('still refuses a document whose channel itself is broken or that declares entities', () => {
    const truncated =
      '<rss><channel><item><title>Half</title><link>https://e.example/1</link></item><item><title>cut';
    expect(parse(truncated).items).toEqual([]);
    expect(parse(hostileFixture('malformed.xml')).rejected).toHaveLength(1);
    expect(parse(hostileFixture('billion-laughs.xml')).rejected[0].reason).toMatch(
      /entity declarations refused/,
    );
  });

  it('drops only the item a reader or the normaliser fails on', () => {
    const rejected: Rejected = [];
    const raws = readEach(
      ['a', 'b', 'c'],
      (node) => {
        if (node === 'b') throw new Error('unexpected shape');
        return { title: node, link: `https://j.example/${node}` };
      },
      rejected,
    );
    expect(raws.map((raw) => raw.title)).toEqual(['a', 'c']);
    // A value that makes a rule throw (a getter here; a hostile value the rules never foresaw in practice).
    const hostile = { title: 'Hostile' } as RawItem;
    Object.defineProperty(hostile, 'link', {
      get() {
        throw new Error('bad link');
      },
    });
    const items = normaliseItems([raws[0], hostile, raws[1]], FEED_URL, rejected);
    expect(items.map((item) => item.title)).toEqual(['a', 'c']);
    expect(rejected).toEqual([
      { reason: 'item 2: parser error: unexpected shape' },
      { reason: 'normalise error: bad link', title: 'Hostile' },
    ]);
  });

  it('salvages at most the item cap, quickly, from a large broken feed', () => {
    const items = Array.from(
      { length: 400 },
      (_, i) =>
        `<item><title>${i % 50 === 7 ? 'Bad <b>one' : `Story ${i}`}</title><link>https://e.example/${i}</link></item>`,
    ).join('');
    const start = performance.now();
    const outcome = parse(`<rss version="2.0"><channel><title>t</title>${items}</channel></rss>`);
    expect(performance.now() - start).toBeLessThan(3_000);
    expect(outcome.items).toHaveLength(196);
    expect(outcome.rejected.filter((r) => r.reason.includes('malformed XML'))).toHaveLength(4);
    expect(outcome.rejected.at(-1)?.reason).toBe('over the cap of 200 items: 200 dropped');
  });
});

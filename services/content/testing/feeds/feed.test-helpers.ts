import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** Elements that may repeat (by path), so a feed of one item still parses to an array. */
const REPEATED = new Set([
  'rss.channel.item',
  'rss.channel.atom:link',
  'rss.channel.item.category',
  'feed.link',
  'feed.entry',
  'feed.entry.link',
  'feed.entry.category',
  'urlset.url',
  'sitemapindex.sitemap',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (_name, path) => REPEATED.has(String(path)),
});

/** Whatever the document holds; the tests check it field by field. */
type Parsed = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- any XML shape

/** Parses a feed the way a strict reader would: not well-formed XML fails the test. */
export function parseXml<T = Parsed>(body: string): T {
  const valid = XMLValidator.validate(body);
  if (valid !== true) throw new Error(`not well-formed XML: ${JSON.stringify(valid.err)}`);
  return parser.parse(body) as T;
}

/** Sun, 01 Mar 2026 01:00:00 GMT */
export const RFC_822 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;
/** RFC 3339 / W3C datetime as the store keeps it. */
export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

export const SITE = 'https://pulse.example.kr';

/**
 * The parsing stage's entry point: a fetched document in, the items it holds out. It never throws — a run
 * covers many sources, and one broken or hostile document must only ever cost that source its items, so
 * every failure (malformed, refused, unrecognised, a bug in a parser) becomes a rejection with its reason.
 * Within a document, a broken item costs only that item (salvage-items.ts, normalise.ts readEach).
 */
import type { ParseOutcome, ScrapeRules, SourceType } from '../pipeline/pipeline.types';
import { readAtom } from './atom.parser';
import { detectFormat, type FeedFormat } from './detect-format';
import { readHackerNews } from './hacker-news.parser';
import { readJsonFeed } from './json-feed.parser';
import { normaliseItems, PARSE_LIMITS, type RawItem, type Rejected } from './normalise';
import { readRss1 } from './rss1.parser';
import { readRss2 } from './rss2.parser';
import { readScrapedListing } from './scrape.parser';
import { salvageItems, type XmlFeedFormat } from './salvage-items';
import { parseXml, type XmlNode } from './xml';

export interface ParseFeedInput {
  /** The decoded document (the fetcher has already applied the charset). */
  text: string;
  contentType?: string;
  sourceType: SourceType;
  /** The document's final URL: relative links and images resolve against it. */
  url: string;
  /** Required for sourceType 'scrape'. */
  scrape?: ScrapeRules;
}

export function parseFeed(input: ParseFeedInput): ParseOutcome {
  let format: FeedFormat = 'unknown';
  const rejected: Rejected = [];
  try {
    if (typeof input.text !== 'string') return refuse(format, 'no document text');
    if (input.text.length > PARSE_LIMITS.documentChars) {
      return refuse(format, `document over ${PARSE_LIMITS.documentChars} characters`);
    }
    const detected = detectFormat(input.text, input.sourceType, input.contentType);
    format = detected.format;
    if (detected.format === 'unknown') return refuse(format, detected.reason);

    let raws: RawItem[] | string;
    let baseUrl = input.url;
    switch (detected.format) {
      case 'rss2':
      case 'rss1':
      case 'atom': {
        const xml = parseXml(input.text);
        if (xml.ok) {
          const read = readXmlFeed(detected.format, xml.root, input.url, rejected);
          raws = typeof read === 'string' ? read : read.items;
          if (typeof read !== 'string') baseUrl = read.baseUrl;
          break;
        }
        // Malformed somewhere: one broken item must cost only that item (salvage-items.ts).
        const roots = salvageItems(input.text, detected.format, rejected);
        if (!roots) return refuse(format, xml.reason);
        raws = [];
        for (const root of roots) {
          const read = readXmlFeed(detected.format, root, input.url, rejected);
          if (typeof read === 'string') return refuse(format, read);
          raws.push(...read.items);
          baseUrl = read.baseUrl;
        }
        break;
      }
      case 'jsonfeed':
        raws = readJsonFeed(detected.json, rejected);
        break;
      case 'hn-api':
        raws = readHackerNews(detected.json, rejected);
        break;
      case 'scrape': {
        if (!input.scrape?.item || !input.scrape.link)
          return refuse(format, 'scrape source without item and link selectors');
        const page = readScrapedListing(input.text, input.url, input.scrape, rejected);
        raws = typeof page === 'string' ? page : page.items;
        if (typeof page !== 'string') baseUrl = page.baseUrl;
        break;
      }
    }
    if (typeof raws === 'string') return refuse(format, raws);
    const items = normaliseItems(raws, baseUrl, rejected);
    return { format, items, rejected };
  } catch (error) {
    // A parser bug on some input must not take the run down; it is reported like any bad document.
    return refuse(format, `parser error: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** One XML document's items by its format; Atom also says the base its relative links resolve against. */
function readXmlFeed(
  format: XmlFeedFormat,
  root: XmlNode,
  url: string,
  rejected: Rejected,
): { items: RawItem[]; baseUrl: string } | string {
  if (format === 'atom') return readAtom(root, url, rejected);
  const items = format === 'rss2' ? readRss2(root, rejected) : readRss1(root, rejected);
  return typeof items === 'string' ? items : { items, baseUrl: url };
}

function refuse(format: FeedFormat, reason: string): ParseOutcome {
  return { format, items: [], rejected: [{ reason }] };
}

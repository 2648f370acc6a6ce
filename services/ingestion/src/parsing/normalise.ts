/**
 * What every parser does to a raw item before it leaves the parsing stage: the caps, plain-text summaries,
 * absolute http(s) links, ISO dates and YouTube ids. The parsers only pick fields out of their format;
 * keeping the rules here means RSS, Atom, JSON and scraped items are cleaned identically.
 */
import { parseHTML } from 'linkedom';
import type { FeedItem, ParseOutcome } from '../pipeline/pipeline.types';
import { toIsoUtc } from './dates';
import { extractYoutubeIds } from './youtube';

/** Limits on untrusted input: longer values are cut, never a crash or an unbounded allocation. */
export const PARSE_LIMITS = {
  maxItems: 200,
  titleChars: 500,
  summaryChars: 5_000,
  bodyChars: 500 * 1024,
  authorChars: 200,
  guidChars: 1_000,
  urlChars: 2_048,
  /** A whole document; the fetcher caps bytes too, this guards callers that skip it. */
  documentChars: 16 * 1024 * 1024,
} as const;

/** A summary derived from the body (when the feed gives none) is kept short: it is a lead, not the story. */
const DERIVED_SUMMARY_CHARS = 1_000;

/** An item as a parser found it: strings straight from the document, possibly HTML, possibly relative. */
export interface RawItem {
  title?: string;
  /** True when the title may contain markup (RSS in practice, Atom type="html"); false for plain text. */
  titleIsHtml?: boolean;
  link?: string;
  guid?: string;
  /** Used as the link when there is no link and the guid is a URL (RSS isPermaLink). */
  guidIsLink?: boolean;
  author?: string;
  published?: string | number;
  summaryHtml?: string;
  /** A summary that is already plain text (JSON Feed content_text, Atom type="text"). */
  summaryText?: string;
  bodyHtml?: string;
  imageUrl?: string;
  /** Extra strings to search for YouTube ids (e.g. media:content URLs). */
  extraText?: string[];
}

export type Rejected = ParseOutcome['rejected'];

/** Cleans one raw item; returns undefined (and records why) when it cannot become a FeedItem. */
export function normaliseItem(raw: RawItem, baseUrl: string, rejected: Rejected): FeedItem | undefined {
  const guid = cap(collapse(raw.guid ?? ''), PARSE_LIMITS.guidChars) || undefined;
  const link =
    resolveHttpUrl(raw.link, baseUrl) ?? (raw.guidIsLink ? resolveHttpUrl(guid, baseUrl) : undefined);
  const bodyHtml = raw.bodyHtml?.trim()
    ? cap(absolutiseHtmlUrls(raw.bodyHtml.trim(), baseUrl), PARSE_LIMITS.bodyChars)
    : undefined;
  const summary =
    cap(
      raw.summaryText !== undefined ? collapse(raw.summaryText) : htmlToText(raw.summaryHtml),
      PARSE_LIMITS.summaryChars,
    ) ||
    capAtWord(htmlToText(bodyHtml), DERIVED_SUMMARY_CHARS) ||
    undefined;
  const title =
    cap(
      raw.titleIsHtml === false ? collapse(raw.title ?? '') : htmlToText(raw.title),
      PARSE_LIMITS.titleChars,
    ) ||
    // RSS 2.0 and JSON Feed allow untitled items; the lead of the summary is the best title they have.
    capAtWord(summary ?? '', 120);
  const rawTitle = raw.title ? cap(collapse(raw.title), 200) : undefined;

  if (!link) {
    const given = raw.link?.trim();
    const reason = given ? `link is not an http(s) URL: ${cap(given, 200)}` : 'no link';
    rejected.push({ reason, title: title || rawTitle });
    return undefined;
  }
  if (!title) {
    rejected.push({ reason: 'no title' });
    return undefined;
  }
  const imageUrl =
    resolveHttpUrl(raw.imageUrl, baseUrl) ?? firstImageIn(bodyHtml ?? raw.summaryHtml, baseUrl);
  const author = cap(htmlToText(raw.author), PARSE_LIMITS.authorChars) || undefined;
  return {
    title,
    link,
    guid,
    author,
    publishedAt: toIsoUtc(raw.published),
    summary,
    bodyHtml,
    imageUrl,
    youtubeIds: extractYoutubeIds(
      raw.link,
      bodyHtml,
      raw.summaryHtml,
      raw.summaryText,
      ...(raw.extraText ?? []),
    ),
  };
}

/**
 * Reads each element of a feed with a format's reader. An element the reader fails on (a shape no test
 * foresaw) costs that item only: it is dropped with why, and the others are read.
 */
export function readEach<T>(nodes: readonly T[], read: (node: T) => RawItem, rejected: Rejected): RawItem[] {
  const raws: RawItem[] = [];
  for (const [index, node] of nodes.entries()) {
    try {
      raws.push(read(node));
    } catch (error) {
      rejected.push({ reason: `item ${index + 1}: parser error: ${errorText(error)}` });
    }
  }
  return raws;
}

const errorText = (error: unknown) => cap(error instanceof Error ? error.message : String(error), 300);

/** Normalises a parser's raw items under the item cap; items past the cap are counted in one rejection. */
export function normaliseItems(raws: RawItem[], baseUrl: string, rejected: Rejected): FeedItem[] {
  const items: FeedItem[] = [];
  for (const raw of raws.slice(0, PARSE_LIMITS.maxItems)) {
    try {
      const item = normaliseItem(raw, baseUrl, rejected);
      if (item) items.push(item);
    } catch (error) {
      // One item's hostile value (a link or body no rule foresaw) costs that item, not the feed.
      const title = typeof raw.title === 'string' ? cap(collapse(raw.title), 200) : undefined;
      rejected.push({ reason: `normalise error: ${errorText(error)}`, ...(title ? { title } : {}) });
    }
  }
  if (raws.length > PARSE_LIMITS.maxItems) {
    rejected.push({
      reason: `over the cap of ${PARSE_LIMITS.maxItems} items: ${raws.length - PARSE_LIMITS.maxItems} dropped`,
    });
  }
  return items;
}

/** Trims and collapses runs of whitespace (including non-breaking spaces) to one space. */
export function collapse(text: string): string {
  return text.replace(/[\s\u00a0\u200b\ufeff]+/g, ' ').trim();
}

export function cap(text: string, max: number): string {
  if (text.length <= max) return text;
  // Never leave half a surrogate pair at the cut.
  const cut = /[\ud800-\udbff]/.test(text[max - 1]) ? max - 1 : max;
  return text.slice(0, cut);
}

/** Caps at a word boundary with an ellipsis, for derived titles and leads. */
function capAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = cap(text, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}

const BLOCK_TAGS =
  /<\/?(?:p|div|br|li|ul|ol|h[1-6]|tr|td|th|table|blockquote|pre|section|article|figure|figcaption|hr)\b[^>]*>/gi;

/**
 * HTML to collapsed plain text. linkedom does the parsing so every named entity and broken tag is handled
 * the way a browser would; script, style and template contents are not text. Block tags become spaces so
 * paragraphs do not run together. Plain strings skip the parser.
 */
export function htmlToText(html: string | undefined): string {
  if (!html) return '';
  if (!/[<&]/.test(html)) return collapse(html);
  // Bound the work: text longer than the body cap is never needed in full.
  const bounded = cap(html, PARSE_LIMITS.bodyChars).replace(BLOCK_TAGS, ' ');
  const { document } = parseHTML(`<!doctype html><html><head></head><body>${bounded}</body></html>`);
  Array.from(document.querySelectorAll('script, style, template, noscript')).forEach((el) => el.remove());
  return collapse(document.body?.textContent ?? '');
}

/** An absolute http(s) URL, or undefined for anything else (javascript:, data:, mailto:, garbage). */
export function resolveHttpUrl(href: string | undefined | null, baseUrl: string): string | undefined {
  if (!href) return undefined;
  // Browsers strip these before resolving, so "java\tscript:" must be seen as javascript: too.
  const cleaned = href.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!cleaned || cleaned.length > PARSE_LIMITS.urlChars) return undefined;
  try {
    const url = new URL(cleaned, baseUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const URL_ATTRIBUTE = /(\s(?:href|src|poster)\s*=\s*)(?:"([^"]*)"|'([^']*)')/gi;

/**
 * Relative href/src values in body HTML made absolute, so the story still works off its source site.
 * Only relative ones are touched; other schemes are left for the sanitiser, which decides what survives.
 */
export function absolutiseHtmlUrls(html: string, baseUrl: string): string {
  return html.replace(URL_ATTRIBUTE, (whole, prefix: string, dq?: string, sq?: string) => {
    const value = dq ?? sq ?? '';
    if (/^\s*(?:[a-z][a-z0-9+.-]*:|#)/i.test(value)) return whole;
    const absolute = resolveHttpUrl(decodeAttributeAmps(value), baseUrl);
    return absolute ? `${prefix}"${absolute.replace(/&/g, '&amp;').replace(/"/g, '%22')}"` : whole;
  });
}

function decodeAttributeAmps(value: string): string {
  return value.replace(/&amp;/g, '&');
}

const IMG_SRC = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)')/i;

function firstImageIn(html: string | undefined, baseUrl: string): string | undefined {
  const m = html ? IMG_SRC.exec(html) : null;
  return m ? resolveHttpUrl(decodeAttributeAmps(m[1] ?? m[2] ?? ''), baseUrl) : undefined;
}

/**
 * The shapes passed between the ingestion pipeline's stages: fetch (fetching/) → parse (parsing/) →
 * canonicalise and cluster (clustering/) → emit article.collected (events/). Each stage is a plain,
 * separately tested module; the ingestion service wires them per source run.
 */

export type SourceType = 'rss' | 'api' | 'scrape';

/** How to read a scraped site: CSS selectors for the listing page; the body comes from readability. */
export interface ScrapeRules {
  /** Selector of each item on the listing page (e.g. 'article', '.post-card'). */
  item: string;
  /** Selector (inside an item) of the link to the story; its href, resolved against the page URL. */
  link: string;
  title?: string;
  summary?: string;
  publishedAt?: string;
  image?: string;
}

/** Where and how an outgoing request may go (the SSRF guard's input). */
export interface FetchRequest {
  url: string;
  /** Validators from the previous successful fetch, for a conditional GET. */
  etag?: string;
  lastModified?: string;
  /** Only for sources explicitly allowed to reach private addresses (the tests' fixture server). */
  allowPrivateNetwork?: boolean;
  /**
   * Sent as a POST of application/x-www-form-urlencoded instead of a GET: a WebSub subscription request
   * to a hub a feed named, under the same guard and limits as any fetch. Redirects are not followed.
   */
  form?: Record<string, string>;
  /** Overrides of the default limits, in milliseconds and bytes. */
  connectTimeoutMs?: number;
  totalTimeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

export type FetchFailureReason =
  | 'blocked-address' // SSRF guard: loopback, private, link-local, mapped or 6to4 address
  | 'bad-url'
  | 'timeout'
  | 'too-large'
  | 'too-many-redirects'
  | 'http-status'
  | 'network'
  | 'decode';

export type FetchOutcome =
  | {
      kind: 'fetched';
      status: number;
      /** After redirects. */
      finalUrl: string;
      contentType?: string;
      /** Decoded text: charset from BOM, then Content-Type, then the XML declaration / meta (EUC-KR as CP949). */
      text: string;
      charset: string;
      bytes: number;
      etag?: string;
      lastModified?: string;
      /** The HTTP Link header (RFC 8288), where a feed may name its WebSub hub and its own URL. */
      link?: string;
      /** Non-fatal notes, e.g. an unknown declared charset that was decoded as UTF-8 instead. */
      warnings?: string[];
      durationMs: number;
    }
  | { kind: 'not-modified'; status: 304; finalUrl: string; durationMs: number }
  | {
      kind: 'failed';
      reason: FetchFailureReason;
      status?: number;
      /** For 'network': the system or library error code (ENOTFOUND, ECONNREFUSED, CERT_HAS_EXPIRED…). */
      code?: string;
      message: string;
      durationMs: number;
    };

/** One story as read from a feed, API or scraped page, before canonicalisation. Untrusted throughout. */
export interface FeedItem {
  title: string;
  link: string;
  guid?: string;
  author?: string;
  /** ISO 8601, UTC. */
  publishedAt?: string;
  /** Plain text. */
  summary?: string;
  /** Raw HTML from the source; sanitised later, never rendered as is. */
  bodyHtml?: string;
  imageUrl?: string;
  /** YouTube video ids found in the item (for youtubeVideos). */
  youtubeIds: string[];
}

export interface ParseOutcome {
  /** 'unknown' when the document is none of the formats (it then has no items and one rejection). */
  format: 'rss2' | 'rss1' | 'atom' | 'jsonfeed' | 'hn-api' | 'scrape' | 'unknown';
  items: FeedItem[];
  /** Items dropped while parsing (no link, no title, bad date…), with why. */
  rejected: Array<{ reason: string; title?: string }>;
}

/** An item after canonicalisation: what dedup and clustering work on. */
export interface CanonicalItem extends FeedItem {
  sourceId: string;
  sourceName: string;
  /** Tracking parameters and fragment removed, host lower-cased, default port dropped. */
  canonicalUrl: string;
}

export type ClusterDecision =
  // The same canonical URL was seen before. `unconfirmed`: the run that first saw it did not confirm its
  // story stored (cut short); the caller writes it again, which the story writes make idempotent.
  | { outcome: 'duplicate'; clusterId: string; unconfirmed?: 'new' | 'joined' }
  | { outcome: 'joined'; clusterId: string } // near-duplicate of a story from another source
  | { outcome: 'new'; clusterId: string };

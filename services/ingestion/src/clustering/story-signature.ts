import type { FeedItem } from '../pipeline/pipeline.types';
import { lshBands, minhash } from './minhash';
import { tokenize } from './text-normalise';

/** How much of the summary (or body text) counts as the lead: about two sentences of a news item. */
export const LEAD_CHARS = 300;

/** What clustering keeps of an item: small enough to store on the cluster and compare in memory. */
export interface StorySignature {
  /** Distinct normalised title tokens. */
  titleTokens: string[];
  /** Distinct normalised tokens of title and lead together: the shingle set MinHash summarises. */
  contentTokens: string[];
  /** MinHash of contentTokens (K values). */
  minhash: number[];
  /** LSH band keys of `minhash`: what the clusters collection is looked up by. */
  bands: string[];
  /** Milliseconds since the epoch; null when the source gave no (valid) time. */
  publishedAtMs: number | null;
}

export type SignatureInput = Pick<FeedItem, 'title' | 'summary' | 'bodyHtml' | 'publishedAt'>;

/**
 * Word 1-shingles (single normalised tokens), not k-word shingles: two sources rewording one short
 * title and lead share words far more often than word pairs, and the decision rule (story-similarity)
 * brings the discrimination back with title overlap and time.
 */
export function signatureOf(item: SignatureInput): StorySignature {
  const titleTokens = unique(tokenize(item.title));
  const contentTokens = unique([...titleTokens, ...tokenize(leadOf(item))]);
  const hashes = minhash(contentTokens);
  const time = item.publishedAt ? Date.parse(item.publishedAt) : NaN;
  return {
    titleTokens,
    contentTokens,
    minhash: hashes,
    bands: contentTokens.length === 0 ? [] : lshBands(hashes),
    publishedAtMs: Number.isFinite(time) ? time : null,
  };
}

/** The first ~LEAD_CHARS characters of the summary, or else of the body's text, cut at a word boundary. */
export function leadOf(item: Pick<FeedItem, 'summary' | 'bodyHtml'>): string {
  const text = (item.summary?.trim() || htmlToText(item.bodyHtml ?? '')).replace(/\s+/g, ' ').trim();
  if (text.length <= LEAD_CHARS) return text;
  const cut = text.lastIndexOf(' ', LEAD_CHARS);
  return text.slice(0, cut > LEAD_CHARS / 2 ? cut : LEAD_CHARS);
}

/** Good enough for a lead: drop scripts, styles and tags, decode the common entities. */
function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

function unique(tokens: string[]): string[] {
  return [...new Set(tokens)];
}

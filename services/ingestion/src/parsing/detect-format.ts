/**
 * Which parser a document needs, decided from the document itself: the source's declared type and the
 * Content-Type header are often wrong (feeds served as text/html, JSON as text/plain), so they are only
 * tie-breakers. XML is recognised by its root element, JSON by its shape.
 */
import type { ParseOutcome, SourceType } from '../pipeline/pipeline.types';
import { stripBom } from './xml';

export type FeedFormat = ParseOutcome['format'];

export type Detection =
  | { format: 'rss2' | 'rss1' | 'atom' | 'scrape' }
  | { format: 'jsonfeed' | 'hn-api'; json: unknown }
  | { format: 'unknown'; reason: string };

export function detectFormat(text: string, sourceType: SourceType, contentType?: string): Detection {
  const head = stripBom(text).trimStart();
  if (sourceType === 'scrape') return { format: 'scrape' };
  if (!head) return { format: 'unknown', reason: 'empty document' };
  if (head[0] === '{' || head[0] === '[' || /\bjson\b/i.test(contentType ?? '')) return detectJson(head);
  if (head[0] === '<') return detectXml(head);
  return { format: 'unknown', reason: `not a feed: starts with ${JSON.stringify(head.slice(0, 20))}` };
}

function detectJson(text: string): Detection {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      format: 'unknown',
      reason: `malformed JSON: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  if (isJsonFeed(json)) return { format: 'jsonfeed', json };
  if (Array.isArray(json) ? json.length === 0 || json.some(isHnItem) : isHnItem(json))
    return { format: 'hn-api', json };
  return { format: 'unknown', reason: 'JSON is neither a JSON Feed nor Hacker News items' };
}

function isJsonFeed(json: unknown): boolean {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return false;
  const { version, items } = json as { version?: unknown; items?: unknown };
  return (
    typeof version === 'string' &&
    /^https?:\/\/jsonfeed\.org\/version\//.test(version) &&
    Array.isArray(items)
  );
}

/** The Hacker News API's item: a numeric id and a type ('story', 'job', 'comment', 'poll', 'pollopt'). */
function isHnItem(json: unknown): boolean {
  if (!json || typeof json !== 'object' || Array.isArray(json)) return false;
  const { id, type } = json as { id?: unknown; type?: unknown };
  return typeof id === 'number' && typeof type === 'string';
}

function detectXml(text: string): Detection {
  // Skip the declaration, comments, processing instructions and a DOCTYPE to reach the root element.
  const prolog = /^(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^[>]*(?:\[[\s\S]*?\])?\s*>)*/i.exec(text);
  const rest = text.slice(prolog ? prolog[0].length : 0);
  const root = /^<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)/.exec(rest);
  if (!root) return { format: 'unknown', reason: 'not a feed: no XML root element' };
  const name = root[2].toLowerCase();
  if (name === 'rss') return { format: 'rss2' };
  if (name === 'rdf') return { format: 'rss1' };
  if (name === 'feed') return { format: 'atom' };
  if (name === 'html')
    return { format: 'unknown', reason: 'not a feed: an HTML page (is this a scrape source?)' };
  return { format: 'unknown', reason: `not a feed: XML root element <${root[0].slice(1)}>` };
}

import { createHash } from 'node:crypto';

/** ~5 minutes for readers and crawlers; the server-side cache lives as long (FeedCache). */
export const FEED_MAX_AGE_SECONDS = 300;

/** A rendered feed or sitemap with what conditional GET needs. Plain data, so the cache port can hold it. */
export interface FeedDocument {
  body: string;
  contentType: string;
  /** Strong validator: a hash of the body, the same on every replica that renders the same content. */
  etag: string;
  /** ISO time of the newest change the document shows, or null when it shows none. */
  lastModified: string | null;
}

export function feedDocument(body: string, contentType: string, lastModified: string | null): FeedDocument {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  return { body, contentType, etag, lastModified };
}

/** The response headers of a document (also sent with a 304, as RFC 9110 asks). */
export function feedHeaders(document: FeedDocument): Record<string, string> {
  return {
    'content-type': document.contentType,
    'cache-control': `public, max-age=${FEED_MAX_AGE_SECONDS}`,
    etag: document.etag,
    ...(document.lastModified ? { 'last-modified': new Date(document.lastModified).toUTCString() } : {}),
  };
}

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/**
 * Whether the client's copy is current (RFC 9110 §13.1): If-None-Match when sent (weak comparison, '*'
 * matches), otherwise If-Modified-Since against Last-Modified at one-second precision.
 */
export function isNotModified(
  document: FeedDocument,
  headers: { 'if-none-match'?: string | string[]; 'if-modified-since'?: string | string[] },
): boolean {
  const ifNoneMatch = [headers['if-none-match'] ?? []].flat().join(',');
  if (ifNoneMatch.trim()) {
    const tags = ifNoneMatch.split(',').map(opaque);
    return tags.includes('*') || tags.includes(opaque(document.etag));
  }
  const ifModifiedSince = [headers['if-modified-since'] ?? []].flat()[0];
  if (!ifModifiedSince || !document.lastModified) return false;
  const since = Date.parse(ifModifiedSince);
  if (Number.isNaN(since)) return false;
  return Math.floor(Date.parse(document.lastModified) / 1000) * 1000 <= since;
}

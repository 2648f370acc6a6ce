import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

/**
 * Content types by extension. No charset parameter on purpose: the fetcher's charset detection must find
 * the encoding in the document (BOM, XML declaration, meta), which is what the hostile fixtures test.
 */
const CONTENT_TYPES: Record<string, string> = {
  '.xml': 'application/xml',
  '.rss': 'application/rss+xml',
  '.atom': 'application/atom+xml',
  '.rdf': 'application/rdf+xml',
  '.json': 'application/json',
  '.html': 'text/html',
  '.htm': 'text/html',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.jsonl': 'application/x-ndjson',
};

export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Resolves a URL path inside root, or undefined if it would escape it (../, encoded or not). */
export function resolveInside(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  return file === root || file.startsWith(root + path.sep) ? file : undefined;
}

/**
 * Serves one file with a strong ETag (content hash) and Last-Modified (mtime), answering 304 to a matching
 * If-None-Match, or — only when there is no If-None-Match, as RFC 9110 says — to an If-Modified-Since not
 * older than the file. `overrides` lets scripted routes serve a file under another content type.
 */
export async function serveFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  overrides: { contentType?: string } = {},
): Promise<boolean> {
  let body: Buffer;
  let mtime: Date;
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) return false;
    body = await fs.readFile(file);
    mtime = stat.mtime;
  } catch {
    return false;
  }
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  // HTTP dates have whole seconds; compare at that precision or a fresh copy always looks modified.
  const lastModified = new Date(Math.floor(mtime.getTime() / 1000) * 1000);
  const headers = {
    etag,
    'last-modified': lastModified.toUTCString(),
    'content-type': overrides.contentType ?? contentTypeFor(file),
  };

  const ifNoneMatch = req.headers['if-none-match'];
  const ifModifiedSince = req.headers['if-modified-since'];
  const notModified = ifNoneMatch
    ? ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*')
    : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= lastModified.getTime();
  if (notModified) {
    res.writeHead(304, { etag: headers.etag, 'last-modified': headers['last-modified'] });
    res.end();
    return true;
  }
  res.writeHead(200, { ...headers, 'content-length': body.length });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

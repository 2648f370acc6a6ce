import { CATEGORY_FEED_PATH_PATTERN, CONTENT_FEED_PATHS } from '@pulse/contracts';

/**
 * What a request is for, from its path alone. The edge plugins decide by it: API calls, feeds and HTML
 * documents count against rate limits; assets (hashed bundles a page pulls by the dozen) and probes do not.
 */
export type RequestKind = 'api' | 'feed' | 'document' | 'asset' | 'probe';

const FEEDS: ReadonlySet<string> = new Set(CONTENT_FEED_PATHS);
const PROBES: ReadonlySet<string> = new Set(['/healthz', '/readyz']);

export function pathnameOf(url: string): string {
  const end = url.search(/[?#]/);
  return end < 0 ? url : url.slice(0, end);
}

export function requestKind(url: string): RequestKind {
  const pathname = pathnameOf(url);
  if (PROBES.has(pathname)) return 'probe';
  if (pathname === '/api' || pathname.startsWith('/api/')) return 'api';
  if (FEEDS.has(pathname) || CATEGORY_FEED_PATH_PATTERN.test(pathname)) return 'feed';
  // A dot in the last segment means a file (a bundle, the favicon, env-config.json), never a page.
  if (pathname.startsWith('/remotes/') || /\.[^/]*$/.test(pathname)) return 'asset';
  return 'document';
}

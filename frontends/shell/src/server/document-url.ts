import type { ServerRemotes } from '../federation/server-remotes';
import { mountOf } from '../federation/remote-mounts';

/**
 * The query parameters each of the shell's pages reads (category-query.ts, archive-query.ts,
 * search-query.ts); a remote's pages name theirs in its server module (queryParameters). A page absent
 * here reads none. A parameter read only in an effect or a handler (ScrollToTop's `page`) changes no
 * markup and is not listed. A page that starts reading a new parameter must be listed, or its server render
 * shows the page without it (the browser's render still reads it).
 */
const SHELL_QUERY_PARAMETERS: ReadonlyArray<{ path: RegExp; reads: readonly string[] }> = [
  { path: /^\/search$/, reads: ['q', 'tag', 'page'] },
  { path: /^\/archive$/, reads: ['category', 'sort', 'timeframe', 'q', 'page'] },
  { path: /^\/category\/[^/]+$/, reads: ['sort', 'filter', 'page'] },
];

const NOTHING: readonly string[] = [];

/**
 * The one spelling of a document path: %-escapes decoded and re-encoded, empty segments and a trailing
 * slash gone (they name the same page). A path whose escapes are malformed is kept as it came.
 */
export function normalisedPath(pathname: string): string {
  try {
    const segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
    return `/${segments.map(encodeURIComponent).join('/')}`;
  } catch {
    return pathname;
  }
}

/**
 * The URL a page document is keyed on and rendered from (the gateway holds it under this): its normalised
 * path and the parameters its page reads, in a fixed order, each with every value it was given. Anything
 * else in the query (a cache-buster, a tracking tag) is dropped: it neither starts a render nor makes a
 * copy of its own, and since the render is of this URL the markup cannot depend on it.
 */
export function documentUrl(url: string, remotes: ServerRemotes = {}): string {
  const queryStart = url.indexOf('?');
  const path = normalisedPath(queryStart < 0 ? url : url.slice(0, queryStart));
  if (queryStart < 0) return path;
  const remote = mountOf(path)?.remote;
  const reads = remote
    ? (remotes[remote]?.queryParameters?.(path) ?? NOTHING)
    : (SHELL_QUERY_PARAMETERS.find((page) => page.path.test(path))?.reads ?? NOTHING);
  if (reads.length === 0) return path;
  const given = new URLSearchParams(url.slice(queryStart + 1));
  const kept = new URLSearchParams();
  for (const name of reads) for (const value of given.getAll(name)) kept.append(name, value);
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}

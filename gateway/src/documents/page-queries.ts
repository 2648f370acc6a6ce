import { normalisedPath } from './page-route';

/**
 * The query parameters each page reads, the one place the gateway knows them: a page document is held,
 * de-duplicated and rendered under its path plus these parameters only (canonicalDocumentUrl), so
 * `/?cb=<random>` is the home page's held copy, not a render. A page absent here reads none. Taken from the
 * front ends: the shell's category-query.ts, archive-query.ts and search-query.ts (CategoryPage,
 * ArchivePage, SearchPage read `location.search` through them), and the remotes' `useSearchParams`
 * (news NewsListPage, trending TrendingPage, tech-analysis TechAnalysisListPage, qa QuestionListPage and
 * AskPage). A parameter read only in an effect or a handler (ScrollToTop's `page`, the menu closing on
 * navigation) changes no markup and is not listed. A page that starts reading a new parameter must be
 * listed here, or its server render shows the page without it (the browser's render still reads it).
 */
const PAGE_QUERY_PARAMETERS: ReadonlyArray<{ path: RegExp; reads: readonly string[] }> = [
  { path: /^\/search$/, reads: ['q', 'tag', 'page'] },
  { path: /^\/archive$/, reads: ['category', 'sort', 'timeframe', 'q', 'page'] },
  { path: /^\/category\/[^/]+$/, reads: ['sort', 'filter', 'page'] },
  { path: /^\/news$/, reads: ['tab'] },
  { path: /^\/trending$/, reads: ['tab', 'period', 'type'] },
  { path: /^\/tech-analysis$/, reads: ['category'] },
  { path: /^\/community\/qa$/, reads: ['q', 'category', 'sort'] },
  { path: /^\/community\/qa\/ask$/, reads: ['articleId'] },
];

const NOTHING: readonly string[] = [];

/** The query parameters the page at `path` (normalised) reads, in a fixed order. */
export function queryParametersOf(path: string): readonly string[] {
  return PAGE_QUERY_PARAMETERS.find((page) => page.path.test(path))?.reads ?? NOTHING;
}

/**
 * The URL a page document is keyed on and rendered from: its normalised path and the parameters its page
 * reads, in the table's order, each with every value it was given (in order; a page reads the first, so
 * the others only split the key, never the markup). Everything else in the query (a cache-buster, a
 * tracking tag) is dropped: it neither starts a render nor makes a copy of its own, and since the render is
 * of this URL the markup cannot depend on it. The head's canonical link was already built from the route
 * and never carried the query (page-route.ts).
 */
export function canonicalDocumentUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = normalisedPath(queryStart < 0 ? url : url.slice(0, queryStart));
  const reads = queryParametersOf(path);
  if (queryStart < 0 || reads.length === 0) return path;
  const given = new URLSearchParams(url.slice(queryStart + 1));
  const kept = new URLSearchParams();
  for (const name of reads) for (const value of given.getAll(name)) kept.append(name, value);
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}

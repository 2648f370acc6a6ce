import { ApiError } from './errors';
import { compileFilter } from './filter';
import { format } from './format';
import type { StubIndex } from './index-registry';
import { compareForSort, matchQuery } from './matcher';
import { LOCALES } from './settings';

const SEARCH_KEYS = (
  'q offset limit page hitsPerPage filter sort facets attributesToRetrieve attributesToHighlight attributesToCrop ' +
  'cropLength cropMarker highlightPreTag highlightPostTag showMatchesPosition showRankingScore ' +
  'showRankingScoreDetails matchingStrategy attributesToSearchOn locales distinct hybrid vector ' +
  'rankingScoreThreshold retrieveVectors'
).split(' ');

/**
 * POST /indexes/:uid/search: the parameters checked as Meilisearch checks them, the filter and sort
 * limited to the declared attributes, and the documents found by the simple matcher (matcher.ts).
 */
export function search(index: StubIndex, body: unknown): Record<string, unknown> {
  const params = (body ?? {}) as Record<string, unknown>;
  checkParams(params);
  const { settings } = index;
  const predicate = compileFilter(params.filter, settings.filterableAttributes);
  const sort = parseSort(params.sort as string[] | undefined, settings.sortableAttributes);
  const docs = [...index.docs.values()].filter(predicate);
  const { found, words, allWords } = matchQuery(
    docs,
    String(params.q ?? ''),
    settings.searchableAttributes,
    (settings.synonyms as Record<string, string[]> | undefined) ?? {},
  );
  found.sort((a, b) => compareForSort(a.doc, b.doc, sort) || a.rank - b.rank);

  // Meilisearch pages by offset and limit unless page or hitsPerPage is given, and answers in kind.
  const byOffset = params.page === undefined && params.hitsPerPage === undefined;
  const hitsPerPage =
    (params.hitsPerPage as number | undefined) ?? (params.limit as number | undefined) ?? 20;
  const page = (params.page as number | undefined) ?? 1;
  const offset = byOffset ? ((params.offset as number | undefined) ?? 0) : (page - 1) * hitsPerPage;
  const hits = found.slice(offset, offset + hitsPerPage).map(({ doc }) => {
    const shown = settings.displayedAttributes.includes('*')
      ? { ...doc }
      : Object.fromEntries(Object.entries(doc).filter(([k]) => settings.displayedAttributes.includes(k)));
    const hit: Record<string, unknown> = { ...shown, _formatted: format(shown, words, params) };
    if (params.showRankingScore)
      hit._rankingScore = allWords.length === 0 ? 1 : words.length / allWords.length;
    if (params.showRankingScoreDetails && allWords.length > 0)
      hit._rankingScoreDetails = {
        words: {
          order: 0,
          matchingWords: words.length,
          maxMatchingWords: allWords.length,
          score: words.length / allWords.length,
        },
      };
    return hit;
  });
  const base = { hits, query: params.q ?? '', processingTimeMs: 0 };
  if (byOffset) return { ...base, offset, limit: hitsPerPage, estimatedTotalHits: found.length };
  return {
    ...base,
    page,
    hitsPerPage,
    totalHits: found.length,
    totalPages: Math.ceil(found.length / hitsPerPage),
  };
}

function checkParams(params: Record<string, unknown>): void {
  for (const key of Object.keys(params))
    if (!SEARCH_KEYS.includes(key)) throw new ApiError(400, 'bad_request', `Unknown field \`${key}\``);
  for (const locale of (params.locales as string[] | undefined) ?? [])
    if (!LOCALES.includes(locale))
      throw new ApiError(400, 'invalid_search_locales', `Unknown value \`${locale}\` at \`.locales\``);
  if (
    params.matchingStrategy !== undefined &&
    !['last', 'all', 'frequency'].includes(params.matchingStrategy as string)
  ) {
    throw new ApiError(400, 'invalid_search_matching_strategy', 'Unknown matching strategy');
  }
}

/** `field:asc` or `field:desc` entries, each on a sortable attribute. */
function parseSort(sort: string[] | undefined, sortable: string[]): Array<{ field: string; order: string }> {
  return (sort ?? []).map((entry) => {
    const [field, order] = entry.split(':');
    if (!sortable.includes(field) || (order !== 'asc' && order !== 'desc')) {
      throw new ApiError(
        400,
        'invalid_search_sort',
        `Attribute \`${field}\` is not sortable. Available sortable attributes are: \`${sortable.join(', ')}\`.`,
      );
    }
    return { field, order };
  });
}

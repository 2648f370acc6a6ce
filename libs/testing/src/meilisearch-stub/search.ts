import { randomUUID } from 'node:crypto';
import { ApiError } from './errors';
import { compileFilter } from './filter';
import { format } from './format';
import type { StubIndex } from './index-registry';
import { compareForSort, matchQuery } from './matcher';
import { LOCALES } from './settings';

// Meilisearch 1.50's search parameters, in the order its error message lists them.
const SEARCH_KEYS = (
  'q offset limit page hitsPerPage attributesToRetrieve attributesToCrop cropLength cropMarker ' +
  'attributesToHighlight highlightPreTag highlightPostTag showMatchesPosition filter sort distinct facets ' +
  'matchingStrategy attributesToSearchOn rankingScoreThreshold locales hybrid vector retrieveVectors media ' +
  'personalize useNetwork showRankingScore showRankingScoreDetails showPerformanceDetails'
).split(' ');

/**
 * POST /indexes/:uid/search: the parameters checked as Meilisearch checks them, the filter and sort
 * limited to the declared attributes, and the documents found by the simple matcher (matcher.ts).
 */
export function search(index: StubIndex, body: unknown): Record<string, unknown> {
  const params = (body ?? {}) as Record<string, unknown>;
  checkParams(params);
  const { settings } = index;
  const { predicate, sort } = inIndex(index.uid, () => ({
    predicate: compileFilter(params.filter, settings.filterableAttributes),
    sort: parseSort(params.sort as string[] | undefined, settings.sortableAttributes),
  }));
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
    const hit: Record<string, unknown> = { ...shown };
    // Meilisearch sends _formatted only when asked to highlight or crop, every value in it a string.
    if (params.attributesToHighlight !== undefined || params.attributesToCrop !== undefined)
      hit._formatted = format(shown, words, params);
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
  const base = { hits, query: params.q ?? '', processingTimeMs: 0, requestUid: randomUUID() };
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
    if (!SEARCH_KEYS.includes(key))
      throw new ApiError(
        400,
        'bad_request',
        `Unknown field \`${key}\`: expected one of ${SEARCH_KEYS.map((k) => `\`${k}\``).join(', ')}`,
      );
  ((params.locales as string[] | undefined) ?? []).forEach((locale, i) => {
    if (!LOCALES.includes(locale))
      throw new ApiError(
        400,
        'invalid_search_locales',
        `Unknown value \`${locale}\` at \`.locales[${i}]\`: expected one of ${LOCALES.map((code) => `\`${code}\``).join(', ')}`,
      );
  });
  const strategies = ['last', 'all', 'frequency'];
  if (params.matchingStrategy !== undefined && !strategies.includes(params.matchingStrategy as string)) {
    throw new ApiError(
      400,
      'invalid_search_matching_strategy',
      `Unknown value \`${String(params.matchingStrategy)}\` at \`.matchingStrategy\`: expected one of \`last\`, \`all\`, \`frequency\``,
    );
  }
}

/** Meilisearch names the index in the errors of a filter or sort that names an undeclared attribute. */
function inIndex<T>(uid: string, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof ApiError && error.message.startsWith('Attribute '))
      throw new ApiError(error.status, error.code, `Index \`${uid}\`: ${error.message}`);
    throw error;
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

import MiniSearch, { type Query } from 'minisearch';
import {
  renderHighlight,
  type IndexSettings,
  type SearchDocument,
  type SearchHit,
  type SearchQuery,
  type SearchResult,
} from '@pulse/platform';
import { analyseQuery, analyseText, type QueryTerm } from '@pulse/platform/search/embedded/analyser';
import { fieldText } from '@pulse/platform/search/embedded/engine-index';
import { compareSortKeys, compileFilters, sortKeysOf } from '@pulse/platform/search/embedded/filters';
import { findSpans, type Needles } from '@pulse/platform/search/embedded/highlighter';
import { allowedTypos } from '@pulse/platform/search/embedded/edit-distance';
import { normaliseQuery } from '@pulse/platform/search/search.validation';

/**
 * MiniSearch (a maintained in-memory engine) with the project's Korean analyser as its tokenizer, answering
 * the bench's queries as the embedded engine does, to compare the two on one corpus in one run. A document
 * is indexed by its terms (words and particle-stripped stems) and their 초성; a query word matches any of
 * its forms, Latin words with Meilisearch's typo thresholds, the last word by prefix. What MiniSearch has no
 * equivalent for is left out, not imitated: compound parts (the embedded engine's substring match), the
 * synonym table, and the fallback to partial matches is a plain OR. Filters, sorts and highlights use the
 * embedded engine's own code, so those costs are the same on both sides.
 */
export class MiniSearchEngine {
  readonly adapterName = 'minisearch';
  private settings!: IndexSettings;
  private mini!: MiniSearch<SearchDocument>;
  private readonly docs = new Map<string, SearchDocument>();

  async ensureIndex(_index: string, settings: IndexSettings): Promise<void> {
    this.settings = settings;
    const boost = Object.fromEntries(settings.searchable.map((field, f) => [field, 1 / (f + 1)]));
    this.mini = new MiniSearch<SearchDocument>({
      fields: [...settings.searchable],
      extractField: (doc, field) => (field === 'id' ? doc.id : fieldText(doc, field)),
      tokenize: (text) => {
        const analysed = analyseText(text);
        return [...analysed.terms, ...analysed.choseong];
      },
      processTerm: (term) => term,
      searchOptions: { boost, tokenize: (text) => [text], processTerm: (term) => term },
    });
  }

  async upsert(_index: string, docs: readonly SearchDocument[]): Promise<void> {
    for (const doc of docs) {
      const copy = structuredClone(doc);
      if (this.docs.has(doc.id)) this.mini.discard(doc.id);
      this.mini.add(copy);
      this.docs.set(doc.id, copy);
    }
  }

  async search<D extends SearchDocument = SearchDocument>(
    _index: string,
    input: SearchQuery,
  ): Promise<SearchResult<D>> {
    const query = normaliseQuery(input, this.settings);
    const terms = analyseQuery(query.q);
    const passes = compileFilters(query.filters);
    const filter = (result: { id: string }) => passes(this.docs.get(result.id)!);
    let found = terms.length > 0 ? this.mini.search(queryOf(terms, 'AND'), { filter }) : [];
    let allWordsMatched = true;
    if (found.length === 0 && terms.length > 1) {
      found = this.mini.search(queryOf(terms, 'OR'), { filter });
      allWordsMatched = false;
    }
    const ranked = found.map((result, rank) => ({
      id: result.id as string,
      score: result.score,
      rank,
      keys: sortKeysOf(this.docs.get(result.id)!, query.sort),
    }));
    if (query.sort.length > 0)
      ranked.sort((a, b) => compareSortKeys(a.keys, b.keys, query.sort) || a.rank - b.rank);
    const from = (query.page - 1) * query.hitsPerPage;
    const needles = needlesOf(terms);
    const hits = ranked.slice(from, from + query.hitsPerPage).map(({ id, score }): SearchHit<D> => {
      const doc = this.docs.get(id)! as D;
      const highlights: Record<string, string> = {};
      for (const field of query.highlight) {
        const text = fieldText(doc, field).normalize('NFC');
        highlights[field] = renderHighlight(text, findSpans(text, needles), {
          cropLength: query.crop?.fields.includes(field) ? query.crop.length : undefined,
        });
      }
      return { id, doc, score, highlights };
    });
    return {
      hits,
      total: ranked.length,
      page: query.page,
      hitsPerPage: query.hitsPerPage,
      totalPages: Math.ceil(ranked.length / query.hitsPerPage),
      allWordsMatched,
    };
  }

  async close(): Promise<void> {
    this.docs.clear();
  }
}

/** Each word any of its forms; Latin words with typos, the last word also by prefix. */
function queryOf(terms: readonly QueryTerm[], combineWith: 'AND' | 'OR'): Query {
  return {
    combineWith,
    queries: terms.map((term) => ({
      combineWith: 'OR',
      queries: term.forms,
      fuzzy: term.script === 'latin' ? allowedTypos(term.text.length) || false : false,
      prefix: term.isLast && (term.script !== 'latin' || term.text.length >= 3),
    })),
  };
}

function needlesOf(terms: readonly QueryTerm[]): Needles {
  const needles: Needles = {
    substrings: new Set(),
    hangulWords: new Set(),
    choseong: new Set(),
    terms: new Set(),
  };
  for (const term of terms) {
    if (term.script === 'jamo') needles.choseong.add(term.text);
    else if (term.script === 'hangul')
      for (const form of term.forms) (form.length >= 2 ? needles.substrings : needles.hangulWords).add(form);
    else needles.terms.add(term.text);
  }
  return needles;
}

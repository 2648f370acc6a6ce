import type { HealthResult } from '../../lifecycle';
import { renderHighlight } from '../search.highlight';
import { SearchIndexNotFoundError } from '../search.errors';
import type {
  IndexSettings,
  SearchDocument,
  SearchHit,
  SearchIndex,
  SearchQuery,
  SearchResult,
} from '../search.port';
import { assertDocuments, assertIndexName, assertSettings, normaliseQuery } from '../search.validation';
import { analyseQuery } from './analyser';
import { EngineIndex, fieldText, fieldValue } from './engine-index';
import { compareSortKeys } from './filters';
import { findSpans, type Needles } from './highlighter';
import { matchQuery } from './query-matcher';
import { firstInOrder } from './ranking';

/**
 * The in-process search engine for embedded mode and tests. It holds everything in memory: services own
 * their documents in the document store and re-index them at start, and `exportState`/`importState`
 * carry the documents and settings (not the postings, which are rebuilt) for callers that prefer a
 * snapshot to a re-read.
 */

export interface EmbeddedSearchState {
  version: 1;
  indexes: Record<string, { settings: IndexSettings; documents: SearchDocument[] }>;
}

export interface EmbeddedSearchOptions {
  /** Merge recent postings into the sealed block after this many (0: after every document; for tests). */
  recentPostingsMax?: number;
}

export class EmbeddedSearchIndex implements SearchIndex {
  readonly adapterName = 'embedded';
  private readonly indexes = new Map<string, EngineIndex>();

  constructor(private readonly options: EmbeddedSearchOptions = {}) {}

  async check(): Promise<HealthResult> {
    return { ok: true };
  }

  async close(): Promise<void> {
    this.indexes.clear();
  }

  async ensureIndex(index: string, settings: IndexSettings): Promise<void> {
    assertIndexName(index);
    assertSettings(settings);
    const existing = this.indexes.get(index);
    if (existing && JSON.stringify(existing.settings) === JSON.stringify(copySettings(settings))) return;
    if (existing && sameIndexing(existing.settings, settings)) {
      existing.replaceSynonyms(copySettings(settings));
      return;
    }
    // New settings change what is indexed and how fields weigh: rebuild from the documents held.
    const rebuilt = new EngineIndex(copySettings(settings), this.options.recentPostingsMax);
    for (const { doc } of existing?.all() ?? []) rebuilt.upsert(doc);
    this.indexes.set(index, rebuilt);
  }

  async upsert<D extends SearchDocument>(index: string, docs: readonly D[]): Promise<void> {
    const target = this.indexFor(index);
    assertDocuments(docs);
    // A copy, as a remote engine would hold: later changes to the caller's objects must not leak in.
    for (const doc of docs) target.upsert(structuredClone(doc));
  }

  async remove(index: string, ids: readonly string[]): Promise<void> {
    const target = this.indexFor(index);
    for (const id of ids) target.remove(id);
  }

  async clear(index: string): Promise<void> {
    this.indexFor(index).clear();
  }

  async search<D extends SearchDocument = SearchDocument>(
    index: string,
    input: SearchQuery,
  ): Promise<SearchResult<D>> {
    const target = this.indexFor(index);
    const query = normaliseQuery(input, target.settings);
    const terms = analyseQuery(query.q);
    const passes = target.columns.compile(query.filters);
    const filtered = query.filters.length > 0;
    // Matching tests the filters itself, before scoring: only what passes is scored.
    const matched = terms.length > 0 ? matchQuery(target, terms, filtered ? passes : undefined) : undefined;
    // The matches that pass, as parallel arrays of numbers: no object per match.
    let nos: ArrayLike<number>;
    let scores: ArrayLike<number>;
    if (matched) ({ nos, scores } = matched);
    else {
      const listed: number[] = [];
      for (const { no } of target.all()) if (passes(no)) listed.push(no);
      [nos, scores] = [listed, new Float64Array(listed.length)];
    }
    const keys =
      query.sort.length > 0 ? Array.from(nos, (no) => target.columns.sortKeys(no, query.sort)) : undefined;

    // Sort fields first, then relevance, then insertion order (Meilisearch's final tie-break).
    const from = (query.page - 1) * query.hitsPerPage;
    const page = firstInOrder(
      Array.from(nos, (_, i) => i),
      from + query.hitsPerPage,
      (a, b) =>
        (keys ? compareSortKeys(keys[a], keys[b], query.sort) : 0) ||
        scores[b] - scores[a] ||
        nos[a] - nos[b],
    )
      .slice(from)
      .map((i) => ({ stored: target.get(nos[i])!, score: scores[i] }));
    const hits = page.map(({ stored, score }): SearchHit<D> => ({
      id: stored.doc.id,
      doc: project(stored.doc, target.settings.displayed) as D,
      score: matched ? score : undefined,
      highlights: highlight(stored.doc, query.highlight, matched?.needles, query.crop),
    }));
    return {
      hits,
      total: nos.length,
      page: query.page,
      hitsPerPage: query.hitsPerPage,
      totalPages: Math.ceil(nos.length / query.hitsPerPage),
      allWordsMatched: matched?.allTermsMatched ?? true,
    };
  }

  exportState(): EmbeddedSearchState {
    const indexes: EmbeddedSearchState['indexes'] = {};
    for (const [name, index] of this.indexes) {
      indexes[name] = {
        settings: copySettings(index.settings),
        documents: [...index.all()].map(({ doc }) => structuredClone(doc)),
      };
    }
    return { version: 1, indexes };
  }

  /** Replaces every index with the snapshot's, rebuilding postings (as costly as re-upserting). */
  importState(state: EmbeddedSearchState): void {
    if (state.version !== 1)
      throw new Error(`Unsupported embedded search state version ${String(state.version)}`);
    this.indexes.clear();
    for (const [name, { settings, documents }] of Object.entries(state.indexes)) {
      assertIndexName(name);
      assertSettings(settings);
      assertDocuments(documents);
      const index = new EngineIndex(copySettings(settings), this.options.recentPostingsMax);
      for (const doc of documents) index.upsert(structuredClone(doc));
      this.indexes.set(name, index);
    }
  }

  private indexFor(index: string): EngineIndex {
    const found = this.indexes.get(index);
    if (!found) throw new SearchIndexNotFoundError(index);
    return found;
  }
}

function copySettings(settings: IndexSettings): IndexSettings {
  return {
    searchable: [...settings.searchable],
    filterable: [...settings.filterable],
    sortable: [...settings.sortable],
    ...(settings.displayed ? { displayed: [...settings.displayed] } : {}),
    // Kept so exportState round-trips the settings; the analyser needs no language hint.
    ...(settings.locales ? { locales: copyLocales(settings.locales) } : {}),
    ...(settings.synonyms ? { synonyms: settings.synonyms.map((group) => [...group]) } : {}),
  };
}

/** Whether two settings index the same way (they may differ in synonyms, which only queries read). */
function sameIndexing(a: IndexSettings, b: IndexSettings): boolean {
  const indexing = (settings: IndexSettings) =>
    JSON.stringify({ ...copySettings(settings), synonyms: undefined });
  return indexing(a) === indexing(b);
}

function copyLocales(locales: NonNullable<IndexSettings['locales']>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(locales).map(([field, codes]) => [field, [...codes]]));
}

function project(doc: SearchDocument, displayed: readonly string[] | undefined): SearchDocument {
  const copy = structuredClone(doc);
  if (!displayed) return copy;
  const out: SearchDocument = { id: copy.id };
  for (const field of displayed) {
    const value = fieldValue(copy, field);
    if (value !== undefined) setPath(out, field, value);
  }
  return out;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  node[parts[parts.length - 1]] = value;
}

function highlight(
  doc: SearchDocument,
  fields: readonly string[],
  needles: Needles | undefined,
  crop: { fields: readonly string[]; length: number } | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of fields) {
    const text = fieldText(doc, field).normalize('NFC');
    const spans = needles ? findSpans(text, needles) : [];
    out[field] = renderHighlight(text, spans, {
      cropLength: crop?.fields.includes(field) ? crop.length : undefined,
    });
  }
  return out;
}

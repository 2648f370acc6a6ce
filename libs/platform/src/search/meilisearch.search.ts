import { Meilisearch, type EnqueuedTask, type Hit, type SearchParams, type Task } from 'meilisearch';
import type { HealthResult } from '../lifecycle';
import { findSpans, type Needles } from './embedded/highlighter';
import { analysedFields, analysedQuery, HIDDEN_FIELDS, queryNeedles } from './meilisearch.analysis';
import { matchesNothing, toMeilisearchFilter } from './meilisearch.filter';
import { toMeilisearchSettings } from './meilisearch.settings';
import { SearchBackendError, SearchIndexNotFoundError } from './search.errors';
import { renderHighlight, type Span } from './search.highlight';
import type {
  IndexSettings,
  SearchDocument,
  SearchHit,
  SearchIndex,
  SearchQuery,
  SearchResult,
} from './search.port';
import {
  assertDocuments,
  assertIndexName,
  assertSettings,
  normaliseQuery,
  type NormalisedQuery,
} from './search.validation';
import type { SearchLogger } from './search.logger';
import { SynonymTable } from './synonyms/synonym-table';

/**
 * The production search adapter, over the official client. Writes wait for their Meilisearch task, so a
 * write is searchable when its promise resolves (the contract every caller relies on).
 */

export interface MeilisearchSearchIndexOptions {
  url: string;
  apiKey?: string;
  /** Prepended to every index name, so several deployments can share one Meilisearch. */
  indexPrefix?: string;
  logger?: SearchLogger;
  /** How long a write may wait for Meilisearch to process it before failing. */
  taskTimeoutMs?: number;
}

// Private-use characters as highlight markers: they cannot be confused with document text, and the
// markup is built by renderHighlight, which escapes everything else. Meilisearch itself does not escape
// HTML in _formatted, so its <mark>…</mark> output would not be safe to insert.
const PRE = '\uE000';
const POST = '\uE001';
const UPSERT_BATCH = 1000;

export class MeilisearchSearchIndex implements SearchIndex {
  readonly adapterName = 'meilisearch';
  private readonly client: Meilisearch;
  private readonly prefix: string;
  private readonly ensured = new Map<string, { settings: IndexSettings; synonyms: SynonymTable }>();

  constructor(private readonly options: MeilisearchSearchIndexOptions) {
    this.prefix = options.indexPrefix ?? '';
    this.client = new Meilisearch({
      host: options.url,
      apiKey: options.apiKey,
      timeout: 10_000,
      defaultWaitOptions: { timeout: options.taskTimeoutMs ?? 30_000, interval: 50 },
    });
  }

  async check(): Promise<HealthResult> {
    try {
      await this.client.health();
      return { ok: true };
    } catch (error) {
      return { ok: false, reason: error instanceof Error ? error.message : String(error) };
    }
  }

  async close(): Promise<void> {
    // The client holds no connections of its own (it uses fetch); nothing to release.
    this.ensured.clear();
  }

  async ensureIndex(index: string, settings: IndexSettings): Promise<void> {
    assertIndexName(index);
    assertSettings(settings);
    const uid = this.prefix + index;
    const created = await this.waitFor(
      this.client.createIndex(uid, { primaryKey: 'id' }),
      `create index ${uid}`,
      ['index_already_exists'],
    );
    if (created.status === 'succeeded') this.options.logger?.info({ index: uid }, 'search index created');
    await this.waitFor(
      this.client.index(uid).updateSettings(toMeilisearchSettings(settings)),
      `update settings of ${uid}`,
    );
    this.ensured.set(index, { settings, synonyms: new SynonymTable(settings.synonyms) });
  }

  async upsert<D extends SearchDocument>(index: string, docs: readonly D[]): Promise<void> {
    const { settings } = this.ensuredOf(index);
    assertDocuments(docs);
    const analysed = docs.map((doc) => ({ ...doc, ...analysedFields(doc, settings.searchable) }));
    for (let i = 0; i < analysed.length; i += UPSERT_BATCH) {
      const batch = analysed.slice(i, i + UPSERT_BATCH);
      await this.waitFor(
        this.indexOf(index).addDocuments(batch, { primaryKey: 'id' }),
        `add documents to ${index}`,
      );
    }
  }

  async remove(index: string, ids: readonly string[]): Promise<void> {
    this.ensuredOf(index);
    if (ids.length === 0) return;
    await this.waitFor(this.indexOf(index).deleteDocuments([...ids]), `delete documents from ${index}`);
  }

  async clear(index: string): Promise<void> {
    this.ensuredOf(index);
    await this.waitFor(this.indexOf(index).deleteAllDocuments(), `clear ${index}`);
  }

  async search<D extends SearchDocument = SearchDocument>(
    index: string,
    input: SearchQuery,
  ): Promise<SearchResult<D>> {
    const { settings, synonyms } = this.ensuredOf(index);
    const query = normaliseQuery(input, settings);
    if (matchesNothing(query.filters)) {
      return {
        hits: [],
        total: 0,
        page: query.page,
        hitsPerPage: query.hitsPerPage,
        totalPages: 0,
        allWordsMatched: true,
      };
    }
    const words = analysedQuery(query.q, synonyms).split(' ');
    let q = words.join(' ');
    let response = await this.indexOf(index).search(q, toSearchParams(query));
    // matchingStrategy 'last' drops words from the end, so a first word that no document has ('냉장고
    // 블록체인 유통') leaves nothing, where the embedded engine ranks by how many words match. Nothing found
    // means the first word matches no document (Meilisearch's last try is that word alone): drop it and
    // ask again, which loses no document.
    let dropped = 0;
    while (response.totalHits === 0 && dropped < words.length - 1) {
      dropped += 1;
      q = words.slice(dropped).join(' ');
      response = await this.indexOf(index).search(q, toSearchParams(query));
    }
    const needles = query.highlight.length > 0 ? queryNeedles(query.q, synonyms) : undefined;
    return {
      hits: response.hits.map((hit) => toHit<D>(hit, query, needles)),
      total: response.totalHits,
      page: response.page,
      hitsPerPage: response.hitsPerPage,
      totalPages: response.totalPages,
      allWordsMatched: dropped === 0 && (await this.allWordsMatched(index, q, query, response.hits)),
    };
  }

  /**
   * With matchingStrategy 'last' Meilisearch ranks documents with every word first (its 'words' rule), so
   * the best hit says whether any document has them all: the first hit of page 1, or of a one-hit query
   * when this page is a later one and holds a partial hit.
   */
  private async allWordsMatched(index: string, q: string, query: NormalisedQuery, hits: Hit[]) {
    const complete = (hit: Hit | undefined) => {
      const words = (hit?._rankingScoreDetails as { words?: WordsDetail } | undefined)?.words;
      return !words || words.matchingWords >= words.maxMatchingWords;
    };
    if (hits.every(complete)) return true;
    if (query.page === 1) return complete(hits[0]);
    const best = await this.indexOf(index).search(q, { ...toSearchParams(query), page: 1, hitsPerPage: 1 });
    return complete(best.hits[0]);
  }

  private ensuredOf(index: string) {
    const ensured = this.ensured.get(index);
    if (!ensured) throw new SearchIndexNotFoundError(index);
    return ensured;
  }

  private indexOf(index: string) {
    return this.client.index(this.prefix + index);
  }

  /** Waits for the task and turns a failed one into an error (the client resolves failed tasks too). */
  private async waitFor(
    enqueued: Promise<EnqueuedTask>,
    what: string,
    tolerated: string[] = [],
  ): Promise<Task> {
    const task = await this.client.tasks.waitForTask(await enqueued);
    if (task.status === 'succeeded' || (task.error && tolerated.includes(task.error.code))) return task;
    throw new SearchBackendError(
      `Meilisearch could not ${what}: ${task.error?.code ?? task.status} ${task.error?.message ?? ''}`.trim(),
    );
  }
}

/** Meilisearch's ranking-score detail of its 'words' rule. */
interface WordsDetail {
  matchingWords: number;
  maxMatchingWords: number;
}

// page/hitsPerPage (not offset/limit) make Meilisearch count every hit, which the port's totals need.
type PagedSearchParams = SearchParams & { page: number; hitsPerPage: number };

function toSearchParams(query: NormalisedQuery): PagedSearchParams {
  const params: PagedSearchParams = {
    page: query.page,
    hitsPerPage: query.hitsPerPage,
    filter: toMeilisearchFilter(query.filters),
    sort: query.sort.length > 0 ? query.sort.map(({ field, order }) => `${field}:${order}`) : undefined,
    showRankingScore: true,
    // The 'words' detail says how many of the query's words a hit matched (allWordsMatched).
    showRankingScoreDetails: true,
    matchingStrategy: 'last',
    // Short queries are the ones language detection gets wrong; our queries are Korean (with Latin words).
    locales: ['kor'],
  };
  if (query.highlight.length > 0) {
    Object.assign(params, {
      attributesToHighlight: query.highlight,
      highlightPreTag: PRE,
      highlightPostTag: POST,
    });
  }
  // No attributesToCrop: Meilisearch would crop around its own matches, which miss what only the hidden
  // fields matched (a 초성 or a compound part). The adapter crops the whole text around the first of its
  // marks instead, with renderHighlight, as the embedded engine does.
  return params;
}

/**
 * A Meilisearch hit in the port's shape. Highlights mark, on the original text, the union of what
 * Meilisearch marked there (typos, prefixes, synonyms) and what the query's analysed terms find in it
 * (the noun in '블록체인의', the syllables of a 초성 query, a compound part): see meilisearch.analysis.ts.
 */
function toHit<D extends SearchDocument>(
  hit: Hit,
  query: NormalisedQuery,
  needles: Needles | undefined,
): SearchHit<D> {
  const { _formatted: formatted, _rankingScore: score, _rankingScoreDetails: _details, ...rest } = hit;
  for (const field of HIDDEN_FIELDS) delete rest[field];
  const highlights: Record<string, string> = {};
  for (const field of query.highlight) {
    const value = formattedValue(formatted as Record<string, unknown> | undefined, field);
    const text = Array.isArray(value)
      ? value.filter((v) => typeof v === 'string').join('\n')
      : typeof value === 'string'
        ? value
        : '';
    const { plain, spans } = parseMarkers(text.normalize('NFC'));
    const ours = needles ? findSpans(plain, needles) : [];
    const cropLength = query.crop?.fields.includes(field) ? query.crop.length : undefined;
    highlights[field] = renderHighlight(plain, [...spans, ...ours], { cropLength });
  }
  return { id: String(rest.id), doc: rest as D, score, highlights };
}

/** A possibly dotted field ('source.name') of _formatted. */
function formattedValue(formatted: Record<string, unknown> | undefined, path: string): unknown {
  let value: unknown = formatted;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** Meilisearch's marked-up text → plain text and match spans. */
export function parseMarkers(formatted: string): { plain: string; spans: Span[] } {
  let plain = '';
  const spans: Span[] = [];
  let open = -1;
  for (const char of formatted) {
    if (char === PRE) open = plain.length;
    else if (char === POST) {
      if (open >= 0) spans.push({ start: open, end: plain.length });
      open = -1;
    } else plain += char;
  }
  return { plain, spans };
}

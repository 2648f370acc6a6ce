import { Meilisearch, type EnqueuedTask, type Hit, type SearchParams, type Task } from 'meilisearch';
import type { HealthResult } from '../lifecycle';
import { CHOSEONG_FIELD, choseongFieldValue, rewriteChoseongQuery } from './meilisearch.choseong';
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

// Private-use characters as highlight and crop markers: they cannot be confused with document text, and
// the markup is built by renderHighlight, which escapes everything else. Meilisearch itself does not
// escape HTML in _formatted, so its <mark>…</mark> output would not be safe to insert.
const PRE = '\uE000';
const POST = '\uE001';
const CROP = '\uE002';
const UPSERT_BATCH = 1000;

export class MeilisearchSearchIndex implements SearchIndex {
  readonly adapterName = 'meilisearch';
  private readonly client: Meilisearch;
  private readonly prefix: string;
  private readonly ensured = new Map<string, IndexSettings>();

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
    this.ensured.set(index, settings);
  }

  async upsert<D extends SearchDocument>(index: string, docs: readonly D[]): Promise<void> {
    const settings = this.settingsOf(index);
    assertDocuments(docs);
    const withChoseong = docs.map((doc) => ({
      ...doc,
      [CHOSEONG_FIELD]: choseongFieldValue(doc, settings.searchable),
    }));
    for (let i = 0; i < withChoseong.length; i += UPSERT_BATCH) {
      const batch = withChoseong.slice(i, i + UPSERT_BATCH);
      await this.waitFor(
        this.indexOf(index).addDocuments(batch, { primaryKey: 'id' }),
        `add documents to ${index}`,
      );
    }
  }

  async remove(index: string, ids: readonly string[]): Promise<void> {
    this.settingsOf(index);
    if (ids.length === 0) return;
    await this.waitFor(this.indexOf(index).deleteDocuments([...ids]), `delete documents from ${index}`);
  }

  async clear(index: string): Promise<void> {
    this.settingsOf(index);
    await this.waitFor(this.indexOf(index).deleteAllDocuments(), `clear ${index}`);
  }

  async search<D extends SearchDocument = SearchDocument>(
    index: string,
    input: SearchQuery,
  ): Promise<SearchResult<D>> {
    const query = normaliseQuery(input, this.settingsOf(index));
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
    const q = rewriteChoseongQuery(query.q);
    const response = await this.indexOf(index).search(q, toSearchParams(query));
    return {
      hits: response.hits.map((hit) => toHit<D>(hit, query)),
      total: response.totalHits,
      page: response.page,
      hitsPerPage: response.hitsPerPage,
      totalPages: response.totalPages,
      allWordsMatched: await this.allWordsMatched(index, q, query, response.hits),
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

  private settingsOf(index: string): IndexSettings {
    const settings = this.ensured.get(index);
    if (!settings) throw new SearchIndexNotFoundError(index);
    return settings;
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
  if (query.crop) {
    // Meilisearch crops by words; ask for about one word per two characters so its cut is never shorter
    // than ours, then renderHighlight cuts to the exact character length the port promises.
    Object.assign(params, {
      attributesToCrop: query.crop.fields,
      cropLength: Math.max(10, Math.ceil(query.crop.length / 2)),
      cropMarker: CROP,
    });
  }
  return params;
}

function toHit<D extends SearchDocument>(hit: Hit, query: NormalisedQuery): SearchHit<D> {
  const { _formatted: formatted, _rankingScore: score, _rankingScoreDetails: _details, ...rest } = hit;
  delete rest[CHOSEONG_FIELD];
  const highlights: Record<string, string> = {};
  for (const field of query.highlight) {
    const value = (formatted as Record<string, unknown> | undefined)?.[field];
    const text = Array.isArray(value)
      ? value.filter((v) => typeof v === 'string').join('\n')
      : typeof value === 'string'
        ? value
        : '';
    const { plain, spans, cutBefore, cutAfter } = parseMarkers(text);
    const cropLength = query.crop?.fields.includes(field) ? query.crop.length : undefined;
    highlights[field] = renderHighlight(plain, spans, { cropLength, cutBefore, cutAfter });
  }
  return { id: String(rest.id), doc: rest as D, score, highlights };
}

/** Meilisearch's marked-up text → plain text, match spans, and whether it was cropped at either end. */
export function parseMarkers(formatted: string): {
  plain: string;
  spans: Span[];
  cutBefore: boolean;
  cutAfter: boolean;
} {
  let plain = '';
  const spans: Span[] = [];
  let open = -1;
  let cutBefore = false;
  let cutAfter = false;
  for (const char of formatted) {
    if (char === PRE) open = plain.length;
    else if (char === POST) {
      if (open >= 0) spans.push({ start: open, end: plain.length });
      open = -1;
    } else if (char === CROP) {
      if (plain.length === 0) cutBefore = true;
      else cutAfter = true;
    } else plain += char;
  }
  return { plain, spans, cutBefore, cutAfter };
}

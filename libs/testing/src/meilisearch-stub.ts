import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A STUB of Meilisearch's HTTP API, for the Meilisearch adapter's contract suite on machines where
 * Meilisearch cannot be installed. It is a protocol stub, not a second search engine:
 *
 * - It checks what a client sends the way Meilisearch does: unknown settings and search parameters,
 *   malformed ranking rules, typo tolerance and localized attributes are rejected; filters are parsed
 *   (so an unescaped value fails) and may only name filterable attributes; sorts only sortable ones.
 * - It answers searches with a deliberately simple matcher: case-insensitive substrings over the
 *   searchable attributes. No tokenisation, no Korean analysis, no typo tolerance, no real ranking.
 *   Relevance must never be judged against it.
 * - Write tasks are applied only when a client polls for them (GET /tasks/:uid), so an adapter that does
 *   not wait for its tasks sees its writes missing.
 */

export interface MeilisearchStub {
  url: string;
  apiKey?: string;
  /** Every request received, in order. */
  readonly requests: ReadonlyArray<{ method: string; path: string; body: unknown }>;
  /** The effective settings of an index, or undefined if it does not exist. */
  settingsOf(uid: string): Record<string, unknown> | undefined;
  /** Deletes an index behind the client's back, as an operator might. */
  dropIndex(uid: string): void;
  close(): Promise<void>;
}

interface StubIndex {
  uid: string;
  primaryKey: string | null;
  settings: Record<string, unknown> & {
    searchableAttributes: string[];
    filterableAttributes: string[];
    sortableAttributes: string[];
    displayedAttributes: string[];
  };
  docs: Map<string, Record<string, unknown>>;
}

interface StubTask {
  uid: number;
  indexUid: string | null;
  type: string;
  status: 'enqueued' | 'succeeded' | 'failed';
  error: ApiError | null;
  enqueuedAt: string;
  apply: () => void;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
  toJSON() {
    const type = this.status === 401 || this.status === 403 ? 'auth' : 'invalid_request';
    return {
      message: this.message,
      code: this.code,
      type,
      link: `https://docs.meilisearch.com/errors#${this.code}`,
    };
  }
}

const SETTINGS_KEYS = (
  'displayedAttributes searchableAttributes filterableAttributes sortableAttributes rankingRules stopWords ' +
  'nonSeparatorTokens separatorTokens dictionary synonyms distinctAttribute proximityPrecision typoTolerance ' +
  'faceting pagination embedders searchCutoffMs localizedAttributes facetSearch prefixSearch'
).split(' ');
const SEARCH_KEYS = (
  'q offset limit page hitsPerPage filter sort facets attributesToRetrieve attributesToHighlight attributesToCrop ' +
  'cropLength cropMarker highlightPreTag highlightPostTag showMatchesPosition showRankingScore ' +
  'showRankingScoreDetails matchingStrategy attributesToSearchOn locales distinct hybrid vector ' +
  'rankingScoreThreshold retrieveVectors'
).split(' ');
const BUILTIN_RULES = ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness'];
// A sample of the ISO 639-3 and 639-1 codes Meilisearch accepts; enough to reject a typo like 'kr'.
const LOCALES = 'kor ko eng en jpn ja cmn zh deu de fra fr spa es'.split(' ');
const INDEX_UID = /^[A-Za-z0-9_-]{1,400}$/;
const DOCUMENT_ID = /^[A-Za-z0-9_-]{1,511}$/;

export async function startMeilisearchStub(options: { apiKey?: string } = {}): Promise<MeilisearchStub> {
  const indexes = new Map<string, StubIndex>();
  const tasks: StubTask[] = [];
  const requests: Array<{ method: string; path: string; body: unknown }> = [];

  const enqueue = (indexUid: string | null, type: string, apply: () => void) => {
    const task: StubTask = {
      uid: tasks.length,
      indexUid,
      type,
      status: 'enqueued',
      error: null,
      enqueuedAt: new Date().toISOString(),
      apply,
    };
    tasks.push(task);
    return {
      status: 202,
      body: { taskUid: task.uid, indexUid, status: 'enqueued', type, enqueuedAt: task.enqueuedAt },
    };
  };
  const processUpTo = (uid: number) => {
    for (const task of tasks.slice(0, uid + 1)) {
      if (task.status !== 'enqueued') continue;
      try {
        task.apply();
        task.status = 'succeeded';
      } catch (error) {
        task.status = 'failed';
        task.error = error instanceof ApiError ? error : new ApiError(500, 'internal', String(error));
      }
    }
  };
  const indexOrThrow = (uid: string) => {
    const index = indexes.get(uid);
    if (!index) throw new ApiError(404, 'index_not_found', `Index \`${uid}\` not found.`);
    return index;
  };
  const createIndex = (uid: string, primaryKey: string | null) => {
    const index: StubIndex = {
      uid,
      primaryKey,
      settings: {
        searchableAttributes: ['*'],
        filterableAttributes: [],
        sortableAttributes: [],
        displayedAttributes: ['*'],
        rankingRules: [...BUILTIN_RULES],
      },
      docs: new Map(),
    };
    indexes.set(uid, index);
    return index;
  };

  const route = (
    method: string,
    path: string,
    query: URLSearchParams,
    body: unknown,
    contentType: string | undefined,
  ) => {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/indexes') {
      const { uid, primaryKey } = body as { uid?: string; primaryKey?: string };
      if (typeof uid !== 'string' || !INDEX_UID.test(uid))
        throw new ApiError(400, 'invalid_index_uid', `\`${String(uid)}\` is not a valid index uid.`);
      return enqueue(uid, 'indexCreation', () => {
        if (indexes.has(uid))
          throw new ApiError(409, 'index_already_exists', `Index \`${uid}\` already exists.`);
        createIndex(uid, primaryKey ?? null);
      });
    }
    if ((m = path.match(/^\/tasks\/(\d+)$/)) && method === 'GET') {
      const task = tasks[Number(m[1])];
      if (!task) throw new ApiError(404, 'task_not_found', `Task \`${m[1]}\` not found.`);
      processUpTo(task.uid);
      const { apply: _apply, ...view } = task;
      return {
        status: 200,
        body: {
          ...view,
          batchUid: task.uid,
          canceledBy: null,
          duration: 'PT0S',
          startedAt: task.enqueuedAt,
          finishedAt: task.enqueuedAt,
        },
      };
    }
    if (!(m = path.match(/^\/indexes\/([^/]+)(\/.*)?$/))) throw new ApiError(404, 'not_found', 'Not found.');
    const uid = decodeURIComponent(m[1]);
    const rest = m[2] ?? '';
    if (method === 'GET' && rest === '') {
      const index = indexOrThrow(uid);
      return { status: 200, body: { uid, primaryKey: index.primaryKey } };
    }
    if (rest === '/settings' && method === 'GET') return { status: 200, body: indexOrThrow(uid).settings };
    if (rest === '/settings' && method === 'PATCH') {
      const settings = validateSettings(body);
      return enqueue(uid, 'settingsUpdate', () =>
        Object.assign((indexes.get(uid) ?? createIndex(uid, null)).settings, settings),
      );
    }
    if (rest === '/documents' && method === 'POST') {
      if (!contentType?.startsWith('application/json'))
        throw new ApiError(415, 'invalid_content_type', 'The Content-Type must be application/json.');
      if (!Array.isArray(body) || body.some((doc) => typeof doc !== 'object' || doc === null))
        throw new ApiError(400, 'malformed_payload', 'Expected an array of objects.');
      const primaryKey = query.get('primaryKey');
      return enqueue(uid, 'documentAdditionOrUpdate', () => {
        const index = indexes.get(uid) ?? createIndex(uid, primaryKey);
        const key = index.primaryKey ?? primaryKey ?? 'id';
        for (const doc of body as Array<Record<string, unknown>>) {
          const id = doc[key];
          if ((typeof id !== 'string' && typeof id !== 'number') || !DOCUMENT_ID.test(String(id)))
            throw new ApiError(
              400,
              'invalid_document_id',
              `Document identifier \`${String(id)}\` is invalid.`,
            );
        }
        for (const doc of body as Array<Record<string, unknown>>)
          index.docs.set(String(doc[key]), structuredClone(doc));
      });
    }
    if (rest === '/documents/delete-batch' && method === 'POST') {
      if (!Array.isArray(body)) throw new ApiError(400, 'bad_request', 'Expected an array of document ids.');
      return enqueue(uid, 'documentDeletion', () =>
        body.forEach((id) => indexOrThrow(uid).docs.delete(String(id))),
      );
    }
    if (rest === '/documents' && method === 'DELETE')
      return enqueue(uid, 'documentDeletion', () => indexOrThrow(uid).docs.clear());
    if (rest === '/search' && method === 'POST')
      return { status: 200, body: search(indexOrThrow(uid), body) };
    throw new ApiError(404, 'not_found', 'Not found.');
  };

  const server = createServer((req, res) => void handle(req, res));
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    const raw = await readBody(req);
    let status = 200;
    let body: unknown;
    try {
      const parsed = raw === '' ? undefined : parseJson(raw);
      requests.push({ method: req.method ?? 'GET', path: url.pathname, body: parsed });
      if (url.pathname === '/health') body = { status: 'available' };
      else {
        checkAuth(req, options.apiKey);
        ({ status, body } = route(
          req.method ?? 'GET',
          url.pathname,
          url.searchParams,
          parsed,
          req.headers['content-type'],
        ));
      }
    } catch (error) {
      const apiError = error instanceof ApiError ? error : new ApiError(500, 'internal', String(error));
      status = apiError.status;
      body = apiError;
    }
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey: options.apiKey,
    requests,
    settingsOf: (uid) => indexes.get(uid)?.settings,
    dropIndex: (uid) => void indexes.delete(uid),
    close: () =>
      new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

function checkAuth(req: IncomingMessage, apiKey: string | undefined): void {
  if (!apiKey) return;
  const header = req.headers.authorization;
  if (!header)
    throw new ApiError(401, 'missing_authorization_header', 'The Authorization header is missing.');
  if (header !== `Bearer ${apiKey}`)
    throw new ApiError(403, 'invalid_api_key', 'The provided API key is invalid.');
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req
      .on('data', (chunk: Buffer) => chunks.push(chunk))
      .on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
      .on('error', reject);
  });
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new ApiError(400, 'malformed_payload', 'The JSON payload is malformed.');
  }
}

// ---- settings ------------------------------------------------------------------------------------

function validateSettings(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ApiError(400, 'bad_request', 'Settings must be an object.');
  const settings = body as Record<string, unknown>;
  const fail = (key: string, why: string): never => {
    throw new ApiError(
      400,
      `invalid_settings_${key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`,
      `Invalid value at \`.${key}\`: ${why}`,
    );
  };
  for (const [key, value] of Object.entries(settings)) {
    if (!SETTINGS_KEYS.includes(key))
      throw new ApiError(
        400,
        'bad_request',
        `Unknown field \`${key}\`: expected one of ${SETTINGS_KEYS.join(', ')}`,
      );
    if (
      ['displayedAttributes', 'searchableAttributes', 'filterableAttributes', 'sortableAttributes'].includes(
        key,
      ) &&
      !isStringArray(value)
    )
      fail(key, 'expected an array of strings');
  }
  const rules = settings.rankingRules;
  if (rules !== undefined) {
    if (!isStringArray(rules)) fail('rankingRules', 'expected an array of strings');
    for (const rule of rules as string[]) {
      if (!BUILTIN_RULES.includes(rule) && !/^[A-Za-z0-9_.]+:(asc|desc)$/.test(rule))
        fail('rankingRules', `\`${rule}\` ranking rule is invalid`);
    }
  }
  const typo = settings.typoTolerance as Record<string, unknown> | undefined;
  if (typo !== undefined) {
    const allowed = [
      'enabled',
      'minWordSizeForTypos',
      'disableOnWords',
      'disableOnAttributes',
      'disableOnNumbers',
    ];
    if (typeof typo !== 'object' || typo === null || Object.keys(typo).some((k) => !allowed.includes(k)))
      fail('typoTolerance', `expected keys among ${allowed.join(', ')}`);
    const sizes = typo.minWordSizeForTypos as { oneTypo?: unknown; twoTypos?: unknown } | undefined;
    if (
      sizes &&
      (!Number.isInteger(sizes.oneTypo) ||
        !Number.isInteger(sizes.twoTypos) ||
        (sizes.oneTypo as number) > (sizes.twoTypos as number))
    ) {
      fail('typoTolerance', '`minWordSizeForTypos` needs integer oneTypo ≤ twoTypos');
    }
    if (typo.disableOnAttributes !== undefined && !isStringArray(typo.disableOnAttributes))
      fail('typoTolerance', '`disableOnAttributes` must be strings');
  }
  const localized = settings.localizedAttributes;
  if (localized !== undefined && localized !== null) {
    if (!Array.isArray(localized)) fail('localizedAttributes', 'expected an array');
    for (const rule of localized as Array<Record<string, unknown>>) {
      const keys = Object.keys(rule ?? {})
        .sort()
        .join(',');
      if (
        keys !== 'attributePatterns,locales' ||
        !isStringArray(rule.attributePatterns) ||
        !isStringArray(rule.locales)
      ) {
        fail(
          'localizedAttributes',
          'each rule needs exactly `attributePatterns` and `locales`, both string arrays',
        );
      }
      for (const locale of rule.locales as string[])
        if (!LOCALES.includes(locale)) fail('localizedAttributes', `unknown locale \`${locale}\``);
    }
  }
  const pagination = settings.pagination as { maxTotalHits?: unknown } | undefined;
  if (
    pagination !== undefined &&
    (!Number.isInteger(pagination.maxTotalHits) || (pagination.maxTotalHits as number) < 1)
  ) {
    fail('pagination', '`maxTotalHits` must be a positive integer');
  }
  return settings;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

// ---- search --------------------------------------------------------------------------------------

function search(index: StubIndex, body: unknown): Record<string, unknown> {
  const params = (body ?? {}) as Record<string, unknown>;
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
  const { settings } = index;
  const predicate = compileFilter(params.filter, settings.filterableAttributes);
  const sort = ((params.sort as string[] | undefined) ?? []).map((entry) => {
    const [field, order] = entry.split(':');
    if (!settings.sortableAttributes.includes(field) || (order !== 'asc' && order !== 'desc')) {
      throw new ApiError(
        400,
        'invalid_search_sort',
        `Attribute \`${field}\` is not sortable. Available sortable attributes are: \`${settings.sortableAttributes.join(', ')}\`.`,
      );
    }
    return { field, order };
  });

  // The simple matcher: every query word must occur as a substring of some searchable attribute,
  // dropping trailing words while nothing matches (the shape of matchingStrategy 'last').
  const searchable = (doc: Record<string, unknown>) =>
    (settings.searchableAttributes.includes('*') ? Object.keys(doc) : settings.searchableAttributes).map(
      (field) => textOf(doc[field]).toLowerCase(),
    );
  const allWords = String(params.q ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 10);
  const docs = [...index.docs.values()].filter(predicate);
  let words = allWords;
  let found = docs.map((doc) => ({ doc, rank: 0 }));
  for (let kept = allWords.length; kept >= 1; kept -= 1) {
    words = allWords.slice(0, kept);
    found = docs.flatMap((doc) => {
      const fields = searchable(doc);
      if (!words.every((word) => fields.some((text) => text.includes(word)))) return [];
      return [{ doc, rank: fields.findIndex((text) => words.some((word) => text.includes(word))) }];
    });
    if (found.length > 0) break;
  }
  found.sort((a, b) => compareForSort(a.doc, b.doc, sort) || a.rank - b.rank);

  const hitsPerPage =
    (params.hitsPerPage as number | undefined) ?? (params.limit as number | undefined) ?? 20;
  const page = (params.page as number | undefined) ?? 1;
  const offset =
    params.page === undefined && params.hitsPerPage === undefined
      ? ((params.offset as number | undefined) ?? 0)
      : (page - 1) * hitsPerPage;
  const hits = found.slice(offset, offset + hitsPerPage).map(({ doc }) => {
    const shown = settings.displayedAttributes.includes('*')
      ? { ...doc }
      : Object.fromEntries(Object.entries(doc).filter(([k]) => settings.displayedAttributes.includes(k)));
    const hit: Record<string, unknown> = { ...shown, _formatted: format(shown, words, params) };
    if (params.showRankingScore)
      hit._rankingScore = allWords.length === 0 ? 1 : words.length / allWords.length;
    return hit;
  });
  const base = { hits, query: params.q ?? '', processingTimeMs: 0 };
  if (params.page === undefined && params.hitsPerPage === undefined)
    return { ...base, offset, limit: hitsPerPage, estimatedTotalHits: found.length };
  return {
    ...base,
    page,
    hitsPerPage,
    totalHits: found.length,
    totalPages: Math.ceil(found.length / hitsPerPage),
  };
}

function textOf(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  if (Array.isArray(value)) return value.map(textOf).join(' ');
  return '';
}

function compareForSort(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  sort: Array<{ field: string; order: string }>,
): number {
  for (const { field, order } of sort) {
    const x = a[field] as number | string | undefined;
    const y = b[field] as number | string | undefined;
    if (x === y) continue;
    if (x === undefined || y === undefined) return x === undefined ? 1 : -1;
    return (x < y ? -1 : 1) * (order === 'asc' ? 1 : -1);
  }
  return 0;
}

/** _formatted: highlight (pre/post tags around substring matches) and crop (by words, as Meilisearch does). */
function format(
  doc: Record<string, unknown>,
  words: string[],
  params: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...doc };
  const pick = (list: unknown) =>
    ((list as string[] | undefined) ?? []).flatMap((f) => (f === '*' ? Object.keys(doc) : [f]));
  const toCrop = pick(params.attributesToCrop);
  const toHighlight = pick(params.attributesToHighlight);
  const pre = (params.highlightPreTag as string | undefined) ?? '<em>';
  const post = (params.highlightPostTag as string | undefined) ?? '</em>';
  const each = (value: unknown, fn: (text: string) => string): unknown =>
    typeof value === 'string' ? fn(value) : Array.isArray(value) ? value.map((v) => each(v, fn)) : value;
  for (const field of toCrop) {
    out[field] = each(out[field], (text) =>
      cropWords(
        text,
        words,
        (params.cropLength as number | undefined) ?? 10,
        (params.cropMarker as string | undefined) ?? '…',
      ),
    );
  }
  for (const field of toHighlight) {
    out[field] = each(out[field], (text) => {
      if (words.length === 0) return text;
      const pattern = new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gi');
      return text.replace(pattern, (match) => pre + match + post);
    });
  }
  return out;
}

function cropWords(text: string, words: string[], length: number, marker: string): string {
  const parts = text.split(/\s+/).filter(Boolean);
  if (parts.length <= length) return text;
  const first = Math.max(
    0,
    parts.findIndex((part) => words.some((w) => part.toLowerCase().includes(w))),
  );
  const start = Math.max(0, Math.min(first - Math.floor((length - 1) / 2), parts.length - length));
  const end = start + length;
  return (start > 0 ? marker : '') + parts.slice(start, end).join(' ') + (end < parts.length ? marker : '');
}

// ---- filters -------------------------------------------------------------------------------------

type Predicate = (doc: Record<string, unknown>) => boolean;

/** Parses Meilisearch filter syntax (comparisons, IN, TO, AND, OR, NOT, parentheses), strictly. */
function compileFilter(filter: unknown, filterable: string[]): Predicate {
  if (filter === undefined || filter === null) return () => true;
  if (Array.isArray(filter)) {
    const parts = filter.map((f) => compileFilter(f, filterable));
    return (doc) => parts.every((p) => p(doc));
  }
  if (typeof filter !== 'string')
    throw new ApiError(400, 'invalid_search_filter', 'Filter must be a string or an array.');
  const tokens = lexFilter(filter);
  let at = 0;
  const fail = (why: string): never => {
    throw new ApiError(400, 'invalid_search_filter', `${why} in filter \`${filter}\``);
  };
  const peek = () => tokens[at];
  const keyword = (word: string) => peek()?.kind === 'word' && peek()!.text.toUpperCase() === word;
  const take = () => tokens[at++] ?? fail('Unexpected end');
  const value = () => {
    const token = take();
    if (token.kind !== 'word' && token.kind !== 'string') fail(`Expected a value, found \`${token.text}\``);
    return token.text;
  };
  const orExpr = (): Predicate => {
    const parts = [andExpr()];
    while (keyword('OR')) {
      at += 1;
      parts.push(andExpr());
    }
    return (doc) => parts.some((p) => p(doc));
  };
  const andExpr = (): Predicate => {
    const parts = [notExpr()];
    while (keyword('AND')) {
      at += 1;
      parts.push(notExpr());
    }
    return (doc) => parts.every((p) => p(doc));
  };
  const notExpr = (): Predicate => {
    if (!keyword('NOT')) return primary();
    at += 1;
    const inner = notExpr();
    return (doc) => !inner(doc);
  };
  const primary = (): Predicate => {
    if (peek()?.text === '(' && peek()?.kind === 'punct') {
      at += 1;
      const inner = orExpr();
      if (take().text !== ')') fail('Expected `)`');
      return inner;
    }
    const attribute = take();
    if (attribute.kind !== 'word') fail(`Expected an attribute, found \`${attribute.text}\``);
    if (!filterable.includes(attribute.text)) {
      throw new ApiError(
        400,
        'invalid_search_filter',
        `Attribute \`${attribute.text}\` is not filterable. Available filterable attributes are: \`${filterable.join(', ')}\`.`,
      );
    }
    const field = attribute.text;
    if (keyword('IN')) {
      at += 1;
      if (take().text !== '[') fail('Expected `[` after IN');
      const values: string[] = [];
      while (peek()?.text !== ']') {
        values.push(value());
        if (peek()?.text === ',') at += 1;
        else if (peek()?.text !== ']') fail('Expected `,` or `]`');
      }
      at += 1;
      return (doc) => valuesOf(doc[field]).some((v) => values.some((x) => equal(v, x)));
    }
    const operator = take();
    if (operator.kind === 'op') {
      const operand = value();
      return (doc) => valuesOf(doc[field]).some((v) => compare(v, operator.text, operand));
    }
    at -= 1;
    const from = value();
    if (!keyword('TO')) fail(`Expected an operator after \`${field}\``);
    at += 1;
    const to = value();
    return (doc) => valuesOf(doc[field]).some((v) => compare(v, '>=', from) && compare(v, '<=', to));
  };
  const predicate = orExpr();
  if (at !== tokens.length) fail(`Unexpected \`${tokens[at].text}\``);
  return predicate;
}

interface FilterToken {
  kind: 'word' | 'string' | 'op' | 'punct';
  text: string;
}

function lexFilter(source: string): FilterToken[] {
  const tokens: FilterToken[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i];
    if (/\s/.test(char)) i += 1;
    else if (char === '"' || char === "'") {
      let text = '';
      i += 1;
      while (i < source.length && source[i] !== char) {
        if (source[i] === '\\') i += 1;
        text += source[i] ?? '';
        i += 1;
      }
      if (i >= source.length)
        throw new ApiError(400, 'invalid_search_filter', `Unterminated string in filter \`${source}\``);
      i += 1;
      tokens.push({ kind: 'string', text });
    } else if ('()[],'.includes(char)) tokens.push({ kind: 'punct', text: source[i++] });
    else {
      const op = source.slice(i).match(/^(!=|>=|<=|=|>|<)/);
      if (op) {
        tokens.push({ kind: 'op', text: op[1] });
        i += op[1].length;
      } else {
        const word = source.slice(i).match(/^[^\s()[\],=<>!"']+/);
        if (!word)
          throw new ApiError(400, 'invalid_search_filter', `Unexpected \`${char}\` in filter \`${source}\``);
        tokens.push({ kind: 'word', text: word[0] });
        i += word[0].length;
      }
    }
  }
  return tokens;
}

function valuesOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
}

function equal(value: unknown, literal: string): boolean {
  if (typeof value === 'number' && literal.trim() !== '' && !Number.isNaN(Number(literal)))
    return value === Number(literal);
  return String(value).toLowerCase() === literal.toLowerCase();
}

function compare(value: unknown, operator: string, literal: string): boolean {
  if (operator === '=') return equal(value, literal);
  if (operator === '!=') return !equal(value, literal);
  const number = Number(literal);
  if (typeof value !== 'number' || Number.isNaN(number)) return false;
  return operator === '>'
    ? value > number
    : operator === '>='
      ? value >= number
      : operator === '<'
        ? value < number
        : value <= number;
}

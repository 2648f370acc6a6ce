/**
 * Content search bench: the article index on the embedded engine at 10,000 and 100,000 synthetic Korean
 * articles. Each article goes through the content service's own mapping (toSearchDocument: HTML body to
 * text, tags, categories) and is upserted in the ArticleIndexer's batches; the queries are the ones the
 * search page and the archive send (searchPageIndexQuery, archiveIndexQuery: filters, sorts, highlighted
 * title, 120-character snippet from summary or body), 12 hits a page.
 *
 *   npm run bench:content-search [-- sizes=10000,100000 queries=N engines=embedded,minisearch]
 *   (default N: 1,000 at 10k, 200 at 100k)
 *
 * Two engines on the same corpus and queries, one after the other: the embedded engine and MiniSearch with
 * the project's analyser as its tokenizer (content-search/minisearch-engine.ts). Before the sizes, each
 * answers the 45-query relevance suite directly; after each size, how many top-three ids they share.
 *
 * Prints, per size: index time (mapping + upsert; wall and CPU, since the machine may be shared), heap
 * after indexing (after a full GC; array buffers included), query latency p50/p95/p99 over the mixed set with p95 per kind
 * (wall and CPU), and
 * the CPU time per query (on a busy machine wall-clock latency mostly measures waiting for a core).
 * Single process, sequential queries: figures are per core.
 */
import os from 'node:os';
import {
  ARTICLE_INDEX,
  ARTICLE_INDEX_SETTINGS,
  toSearchDocument,
} from '@pulse/content/src/search/article-document';
import { archiveIndexQuery, searchPageIndexQuery } from '@pulse/content/src/search/index-queries';
import { archiveQuerySchema, PAGE_SIZES, searchPageQuerySchema } from '@pulse/contracts';
import { EmbeddedSearchIndex, type SearchIndex, type SearchQuery } from '@pulse/platform';
import { RELEVANCE_CORPUS } from '@pulse/content/testing/search/relevance/relevance-corpus';
import { RELEVANCE_QUERIES } from '@pulse/content/testing/search/relevance/relevance-queries';
import { articleGenerator } from './content-search/generate-articles';
import { MiniSearchEngine } from './content-search/minisearch-engine';

/** What the bench calls on an engine: the port's methods (MiniSearchEngine implements only these). */
type BenchEngine = Pick<SearchIndex, 'adapterName' | 'ensureIndex' | 'upsert' | 'search' | 'close'>;
const ENGINES: Record<string, () => BenchEngine> = {
  embedded: () => new EmbeddedSearchIndex(),
  minisearch: () => new MiniSearchEngine(),
};

const args = Object.fromEntries(process.argv.slice(2).map((arg) => arg.split('=') as [string, string]));
const SIZES = (args.sizes ?? '10000,100000').split(',').map(Number);
const ENGINE_NAMES = (args.engines ?? 'embedded,minisearch').split(',');
/** Fewer at 100,000, where each query costs more, so the whole run stays within a few minutes. */
const queriesFor = (size: number) => Number(args.queries ?? Math.max(200, Math.round(10_000_000 / size)));
const BATCH = 500; // CONTENT_SEARCH_REINDEX_BATCH's default
const NOW = Date.UTC(2026, 2, 2, 3);

/** The mix: [kind, request] as the browser sends it, turned into index queries by the service's code. */
const MIX: Array<[string, Record<string, string>, 'search' | 'archive']> = [
  ['particle', { q: '블록체인의' }, 'search'],
  ['particle', { q: '반도체를' }, 'search'],
  ['mixed script', { q: 'OpenAI 투자' }, 'search'],
  ['mixed script', { q: 'Nvidia칩' }, 'search'],
  ['초성', { q: 'ㅂㄹㅊㅇ' }, 'search'],
  ['typo', { q: 'etherum' }, 'search'],
  ['typo', { q: 'microsft' }, 'search'],
  ['compound', { q: '생성형인공지능' }, 'search'],
  ['two words', { q: '가상자산 규제' }, 'search'],
  ['5th page', { q: '클라우드', page: '5' }, 'search'],
  ['filters', { q: '데이터센터', category: 'gen-ai', type: 'news', period: 'month' }, 'search'],
  ['sort popular', { q: '이더리움', sort: 'popular' }, 'search'],
  ['archive q', { q: '클라우드', category: 'all', sort: 'views', timeframe: 'year' }, 'archive'],
];

// Tag pages (no q) and the archive without q read the store, not the index: not part of this bench.
const indexQuery = ([, request, endpoint]: (typeof MIX)[number]): SearchQuery => {
  if (endpoint === 'search') {
    const query = searchPageQuerySchema.parse(request);
    return { ...searchPageIndexQuery(query, NOW), page: query.page, hitsPerPage: PAGE_SIZES.search };
  }
  const query = archiveQuerySchema.parse(request);
  return { ...archiveIndexQuery(query, NOW), page: query.page, hitsPerPage: PAGE_SIZES.archive };
};

const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const line = (label: string, value: string) => process.stdout.write(`${label.padEnd(30)} ${value}\n`);
/** The JS heap and typed arrays' buffers, which live outside it (the engine's sealed postings do). */
const heapOf = (memory: NodeJS.MemoryUsage) => memory.heapUsed + memory.arrayBuffers;
const gc = () => (global as { gc?: () => void }).gc?.();

/** Top three ids of each query in MIX, by engine: how far two engines agree on the same corpus. */
type TopThree = string[][];

async function run(size: number, name: string): Promise<TopThree> {
  gc();
  const heapBefore = heapOf(process.memoryUsage());
  const engine = ENGINES[name]();
  await engine.ensureIndex(ARTICLE_INDEX, ARTICLE_INDEX_SETTINGS);
  const generate = articleGenerator({ seed: 42, now: NOW });

  let indexWall = 0;
  let indexCpu = 0;
  for (let from = 0; from < size; from += BATCH) {
    const records = Array.from({ length: Math.min(BATCH, size - from) }, (_, i) => generate(from + i, size));
    const wall = performance.now();
    const cpu = process.cpuUsage();
    await engine.upsert(ARTICLE_INDEX, records.map(toSearchDocument));
    indexWall += performance.now() - wall;
    indexCpu += cpuMs(cpu);
  }
  gc();
  const memory = process.memoryUsage();

  const queries = MIX.map((entry) => [entry[0], indexQuery(entry)] as const);
  const topThree: TopThree = [];
  for (const [, query] of queries)
    topThree.push((await engine.search(ARTICLE_INDEX, query)).hits.slice(0, 3).map((hit) => hit.id));
  for (let i = 0; i < 100; i += 1) await engine.search(ARTICLE_INDEX, queries[i % queries.length][1]);
  const latencies: number[] = [];
  const cpuTimes: number[] = [];
  const byKind = new Map<string, number[]>();
  const cpuByKind = new Map<string, number[]>();
  let matched = 0;
  const count = queriesFor(size);
  for (let i = 0; i < count; i += 1) {
    const [kind, query] = queries[i % queries.length];
    const started = performance.now();
    const cpu = process.cpuUsage();
    const result = await engine.search(ARTICLE_INDEX, query);
    const spent = cpuMs(cpu);
    cpuTimes.push(spent);
    cpuByKind.set(kind, [...(cpuByKind.get(kind) ?? []), spent]);
    const took = performance.now() - started;
    matched += result.total;
    latencies.push(took);
    byKind.set(kind, [...(byKind.get(kind) ?? []), took]);
  }
  latencies.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);

  line('engine', name);
  line('articles', size.toLocaleString('en'));
  line(
    'index time (map + upsert)',
    `${(indexWall / 1000).toFixed(1)} s wall, ${(indexCpu / 1000).toFixed(1)} s CPU ` +
      `(${Math.round((size / indexCpu) * 1000)} articles/s of CPU)`,
  );
  line('heap after indexing', `${mb(heapOf(memory) - heapBefore)} (rss ${mb(memory.rss)})`);
  line('queries', `${count} sequential, mean ${Math.round(matched / count)} matches each`);
  line(
    'latency p50 / p95 / p99',
    [50, 95, 99].map((p) => `${percentile(latencies, p).toFixed(1)} ms`).join(' / '),
  );
  line(
    'CPU per query p50 / p95 / p99',
    [50, 95, 99].map((p) => `${percentile(cpuTimes, p).toFixed(1)} ms`).join(' / '),
  );
  for (const [kind, values] of byKind) {
    values.sort((a, b) => a - b);
    const cpu = cpuByKind.get(kind)!.sort((a, b) => a - b);
    line(
      `  p95 ${kind}`,
      `${percentile(values, 95).toFixed(1)} ms (CPU ${percentile(cpu, 95).toFixed(1)} ms)`,
    );
  }
  await engine.close();
  return topThree;
}

/** The 45-query relevance suite's corpus and queries, asked of the engine directly (not through the API). */
async function relevanceHits(name: string): Promise<number> {
  const engine = ENGINES[name]();
  await engine.ensureIndex(ARTICLE_INDEX, ARTICLE_INDEX_SETTINGS);
  await engine.upsert(
    ARTICLE_INDEX,
    RELEVANCE_CORPUS.map((article) => ({
      id: article.id,
      title: article.title,
      summary: article.summary,
      body: article.paragraphs.join(' '),
      tags: article.tags,
      tagSlugs: [],
      categories: [article.category],
      type: article.type,
      state: 'published',
      publishedAt: NOW - article.daysAgo * 86_400_000,
      likesCount: 0,
      views: 0,
    })),
  );
  let hits = 0;
  for (const { q, expected } of RELEVANCE_QUERIES) {
    const result = await engine.search(ARTICLE_INDEX, indexQuery(['relevance', { q }, 'search']));
    if (result.hits.slice(0, 3).some((hit) => hit.id === expected)) hits += 1;
  }
  await engine.close();
  return hits;
}

/** Share of the top-three ids two engines have in common, over the MIX queries. */
function agreement(a: TopThree, b: TopThree): string {
  let shared = 0;
  let of = 0;
  a.forEach((ids, i) => {
    shared += ids.filter((id) => b[i].includes(id)).length;
    of += Math.max(ids.length, b[i].length);
  });
  return `${Math.round((shared / Math.max(1, of)) * 100)} % of top-3 ids shared`;
}

async function main(): Promise<void> {
  if (!(global as { gc?: unknown }).gc)
    process.stdout.write('(run with --expose-gc for exact heap figures)\n');
  const started = performance.now();
  line(
    'load average at start',
    os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' '),
  );
  for (const name of ENGINE_NAMES)
    line(
      `relevance suite, ${name}`,
      `${await relevanceHits(name)} of ${RELEVANCE_QUERIES.length} in the top 3`,
    );
  for (const size of SIZES) {
    const tops: TopThree[] = [];
    for (const name of ENGINE_NAMES) {
      process.stdout.write('\n');
      tops.push(await run(size, name));
    }
    if (tops.length === 2) line(`\n${ENGINE_NAMES.join(' vs ')}`, agreement(tops[0], tops[1]));
  }
  process.stdout.write('\n');
  line(
    'load average at end',
    os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' '),
  );
  line('total run', `${((performance.now() - started) / 1000).toFixed(0)} s`);
}

void main();

/**
 * Development aid for the content search bench: builds the 100,000-article index once (as
 * bench/content-search.ts does) and prints each query's CPU time (median and worst of `repeat` runs) and
 * match count, so a change to the query path shows which queries it helped.
 *
 *   node --expose-gc -r @swc-node/register bench/content-search/query-costs.ts [size=100000] [repeat=20]
 *     [only=<index in QUERIES>] [q=<one more query>]
 *
 * With `node --cpu-prof` and only=…, a profile of one query's path.
 */
import {
  ARTICLE_INDEX,
  ARTICLE_INDEX_SETTINGS,
  toSearchDocument,
} from '@pulse/content/src/search/article-document';
import { searchPageIndexQuery } from '@pulse/content/src/search/index-queries';
import { PAGE_SIZES, searchPageQuerySchema } from '@pulse/contracts';
import { EmbeddedSearchIndex } from '@pulse/platform';
import { articleGenerator } from './generate-articles';

const args = Object.fromEntries(process.argv.slice(2).map((arg) => arg.split('=') as [string, string]));
const SIZE = Number(args.size ?? 100_000);
const REPEAT = Number(args.repeat ?? 20);
/** Runs before the timed ones: the first runs of a query also time compilation. */
const WARM = 10;
const NOW = Date.UTC(2026, 2, 2, 3);
const QUERIES: Array<Record<string, string>> = [
  { q: '블록체인의' },
  { q: '반도체를' },
  { q: 'OpenAI 투자' },
  { q: 'Nvidia칩' },
  { q: 'ㅂㄹㅊㅇ' },
  { q: 'etherum' },
  { q: 'microsft' },
  { q: '생성형인공지능' },
  { q: '가상자산 규제' },
  { q: '클라우드', page: '5' },
  { q: '데이터센터', category: 'gen-ai', type: 'news', period: 'month' },
  { q: '이더리움', sort: 'popular' },
  { q: '블록채인' },
  { q: '구글 양자컴퓨타' },
  ...(args.q ? [{ q: args.q }] : []),
];

async function main(): Promise<void> {
  const engine = new EmbeddedSearchIndex();
  await engine.ensureIndex(ARTICLE_INDEX, ARTICLE_INDEX_SETTINGS);
  const generate = articleGenerator({ seed: 42, now: NOW });
  const started = process.cpuUsage();
  for (let from = 0; from < SIZE; from += 500) {
    const docs = Array.from({ length: Math.min(500, SIZE - from) }, (_, i) =>
      toSearchDocument(generate(from + i, SIZE)),
    );
    await engine.upsert(ARTICLE_INDEX, docs);
  }
  const used = process.cpuUsage(started);
  process.stdout.write(`indexed ${SIZE} in ${((used.user + used.system) / 1e6).toFixed(1)} s CPU\n`);
  for (const request of args.only ? [QUERIES[Number(args.only)]] : QUERIES) {
    const parsed = searchPageQuerySchema.parse(request);
    const query = { ...searchPageIndexQuery(parsed, NOW), page: parsed.page, hitsPerPage: PAGE_SIZES.search };
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < WARM; i += 1) await engine.search(ARTICLE_INDEX, query);
    for (let i = 0; i < REPEAT; i += 1) {
      const cpu = process.cpuUsage();
      total = (await engine.search(ARTICLE_INDEX, query)).total;
      const spent = process.cpuUsage(cpu);
      times.push((spent.user + spent.system) / 1000);
    }
    times.sort((a, b) => a - b);
    const label = JSON.stringify(request);
    process.stdout.write(
      `${label.padEnd(70)} median ${times[times.length >> 1].toFixed(1).padStart(6)} ms  worst ${times[times.length - 1].toFixed(1).padStart(6)} ms  ${total} matches\n`,
    );
  }
}

void main();

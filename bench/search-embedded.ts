/**
 * Embedded search engine bench: indexes 5,000 synthetic Korean articles, then times a mix of the
 * queries Pulse serves (particles, 초성, typos, compounds, mixed scripts, filtered listings), each with
 * highlights and a cropped body as the search page asks. Prints indexing rate, snapshot rebuild time,
 * queries per second and latency percentiles.
 *
 *   node -r @swc-node/register bench/search-embedded.ts [docs=5000] [queries=3000]
 *
 * Single process, sequential queries: the figures are per core.
 */
import { EmbeddedSearchIndex, type SearchDocument, type SearchQuery } from '@pulse/platform';

const DOCS = Number(process.argv[2] ?? 5000);
const QUERIES = Number(process.argv[3] ?? 3000);

// Deterministic, so runs compare: mulberry32.
let seed = 42;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];

const NOUNS = (
  '블록체인 인공지능 반도체 스타트업 데이터센터 가상자산 클라우드 자율주행 메타버스 보안 규제 투자 시장 플랫폼 ' +
  '서비스 모델 개발자 기업 정부 네트워크 스마트폰 검색 광고 결제 로봇 칩 거래소 스테이블코인 엔비디아 ' +
  '마이크로소프트 구글 애플 삼성전자 이더리움 비트코인 오픈소스 에이전트 추론 학습 전력 수요 실적 점유율 특허'
).split(' ');
const COMPOUND_PREFIXES = ['생성형', '차세대', '초거대', '온디바이스'];
const LATIN =
  'OpenAI Nvidia Google Apple Microsoft Ethereum Bitcoin Tesla Meta Amazon GPT Gemini Claude Solana Samsung'.split(
    ' ',
  );
const PARTICLES = [
  '',
  '',
  '',
  '의',
  '은',
  '는',
  '이',
  '가',
  '을',
  '를',
  '에서',
  '으로',
  '와',
  '과',
  '도',
  '에게',
];
const VERBS = '발표했다 공개했다 출시했다 강화한다 투자했다 확대된다 밝혔다 전망했다 늘었다 줄었다'.split(
  ' ',
);

// Real articles use far more words than the topical ones above: filler nouns made of random syllables
// give bodies a realistic vocabulary, so a topical query matches a share of the corpus, not all of it.
const SYLLABLES =
  '가나다라마바사아자차카타파하고노도로모보소오조초코토포호구누두루무부수우주추쿠투푸후기니디리미비시이지치키티피히'.split(
    '',
  );
const FILLER = Array.from({ length: 3000 }, () =>
  Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(SYLLABLES)).join(''),
);

const word = (topical: number) => () => {
  const roll = random();
  if (roll > topical) return pick(FILLER) + pick(PARTICLES);
  if (roll < topical * 0.15) return pick(LATIN);
  if (roll < topical * 0.22) return pick(COMPOUND_PREFIXES) + pick(NOUNS);
  return pick(NOUNS) + pick(PARTICLES);
};
const sentence = (words: number, topical = 1) =>
  Array.from({ length: words }, word(topical)).join(' ') + ' ' + pick(VERBS) + '.';

const T0 = Date.UTC(2025, 0, 1);
const docs: SearchDocument[] = Array.from({ length: DOCS }, (_, i) => ({
  id: `a${i}`,
  title: sentence(4),
  summary: sentence(10, 0.5),
  body: Array.from({ length: 6 }, () => sentence(9, 0.1)).join(' '),
  tags: [pick(NOUNS), pick(LATIN)],
  category: pick(['ai', 'blockchain', 'bigtech']),
  type: pick(['news', 'insight', 'analysis']),
  publishedAt: T0 + i * 600_000,
  views: Math.floor(random() * 10_000),
}));

const shown = { highlight: ['title'], crop: { fields: ['body'], length: 120 } } as const;
const QUERY_MIX: Array<[string, SearchQuery]> = [
  ['particle', { q: '블록체인의', ...shown }],
  ['particle', { q: '반도체를', ...shown }],
  ['two words', { q: 'OpenAI 투자', ...shown }],
  ['mixed script', { q: 'Nvidia칩', ...shown }],
  ['초성', { q: 'ㅂㄹㅊㅇ', ...shown }],
  ['초성 prefix', { q: 'ㅅㅌㅇ', ...shown }],
  ['typo', { q: 'etherum', ...shown }],
  ['typo', { q: 'microsft', ...shown }],
  ['compound part', { q: '인공지능', ...shown }],
  ['prefix', { q: 'ethe', ...shown }],
  [
    'filter + sort',
    { filters: { category: 'ai' }, sort: [{ field: 'publishedAt', order: 'desc' }], ...shown },
  ],
  [
    'query + filters + sort',
    {
      q: '가상자산 규제',
      filters: { type: ['news', 'analysis'], publishedAt: { gte: T0 + 86_400_000 * 7 } },
      sort: [{ field: 'views', order: 'desc' }],
      ...shown,
    },
  ],
];

const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main(): Promise<void> {
  const engine = new EmbeddedSearchIndex();
  await engine.ensureIndex('articles', {
    searchable: ['title', 'summary', 'body', 'tags'],
    filterable: ['category', 'type', 'publishedAt'],
    sortable: ['publishedAt', 'views'],
  });

  let start = process.hrtime.bigint();
  for (let i = 0; i < docs.length; i += 500) await engine.upsert('articles', docs.slice(i, i + 500));
  const indexMs = ms(start);
  const heapMb = process.memoryUsage().heapUsed / 2 ** 20;

  start = process.hrtime.bigint();
  const state = engine.exportState();
  const rebuilt = new EmbeddedSearchIndex();
  rebuilt.importState(state);
  const rebuildMs = ms(start);

  for (let i = 0; i < 200; i += 1) await engine.search('articles', QUERY_MIX[i % QUERY_MIX.length][1]); // warm-up

  const latencies: number[] = [];
  const byKind = new Map<string, number[]>();
  let hits = 0;
  const all = process.hrtime.bigint();
  for (let i = 0; i < QUERIES; i += 1) {
    const [kind, query] = QUERY_MIX[i % QUERY_MIX.length];
    start = process.hrtime.bigint();
    const result = await engine.search('articles', query);
    const took = ms(start);
    hits += result.total;
    latencies.push(took);
    byKind.set(kind, [...(byKind.get(kind) ?? []), took]);
  }
  const totalMs = ms(all);
  latencies.sort((a, b) => a - b);

  const line = (label: string, value: string) => process.stdout.write(`${label.padEnd(34)} ${value}\n`);
  line('documents', `${DOCS}`);
  line('indexing', `${indexMs.toFixed(0)} ms (${((DOCS / indexMs) * 1000).toFixed(0)} docs/s)`);
  line('heap after indexing', `${heapMb.toFixed(0)} MB`);
  line('exportState + importState rebuild', `${rebuildMs.toFixed(0)} ms`);
  line('queries', `${QUERIES} (mean ${(hits / QUERIES).toFixed(0)} matches each)`);
  line('throughput', `${((QUERIES / totalMs) * 1000).toFixed(0)} queries/s`);
  line(
    'latency p50 / p95 / p99',
    [50, 95, 99].map((p) => `${percentile(latencies, p).toFixed(2)} ms`).join(' / '),
  );
  for (const [kind, values] of byKind) {
    values.sort((a, b) => a - b);
    line(`  p95 ${kind}`, `${percentile(values, 95).toFixed(2)} ms`);
  }
}

void main();

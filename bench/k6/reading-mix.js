// Mixed anonymous reading at a constant arrival rate (issue 'High-traffic reads'): home, article HTML and
// JSON, lists, a category, hot topics, search, feeds and the sidebar, in the shares below. Run through
// `npm run bench:soak`, which starts the site, samples its memory and plots both over time.
// Settings: BASE_URL, RATE (requests/s, 1000), DURATION (10m), WARMUP (30s), BUCKET_S (30: latency is
// reported per bucket of this many seconds so the run can be plotted), BUCKETS (how many buckets it spans).
// The warm-up ramps from a tenth of RATE to RATE before the measured run starts (JIT, caches, k6's own VUs);
// the thresholds and the figures are the measured run's only ({scenario:reading}).
import http from 'k6/http';
import { check, fail } from 'k6';
import exec from 'k6/execution';
import { Trend } from 'k6/metrics';

const BASE_URL = __ENV.BASE_URL || 'http://127.0.0.1:3000';
const BUCKET_S = Number(__ENV.BUCKET_S || 30);
const BUCKETS = Number(__ENV.BUCKETS || 20);

/** Latency by time bucket: the summary has one p95 per bucket only for submetrics named in thresholds. */
const latency = new Trend('mix_latency', true);
const bucketThresholds = {};
for (let bucket = 0; bucket < BUCKETS; bucket += 1)
  bucketThresholds[`mix_latency{bucket:${bucket}}`] = ['max>=0'];

const RATE = Number(__ENV.RATE || 1000);
const WARMUP = __ENV.WARMUP || '30s';

export const options = {
  scenarios: {
    warmup: {
      executor: 'ramping-arrival-rate',
      startRate: Math.max(1, Math.round(RATE / 10)),
      timeUnit: '1s',
      stages: [{ target: RATE, duration: WARMUP }],
      preAllocatedVUs: Number(__ENV.VUS || 400),
      maxVUs: Number(__ENV.MAX_VUS || 1000),
      tags: { phase: 'warmup' },
    },
    reading: {
      executor: 'constant-arrival-rate',
      startTime: WARMUP,
      rate: RATE,
      timeUnit: '1s',
      duration: __ENV.DURATION || '10m',
      preAllocatedVUs: Number(__ENV.VUS || 400),
      maxVUs: Number(__ENV.MAX_VUS || 1000),
    },
  },
  summaryTrendStats: ['med', 'p(95)', 'p(99)', 'max', 'count'],
  thresholds: {
    'http_req_duration{scenario:reading}': ['p(95)<100'],
    'http_req_failed{scenario:reading}': ['rate<0.001'],
    'http_reqs{scenario:reading}': ['count>=0'],
    'dropped_iterations{scenario:reading}': ['count<1'],
    'dropped_iterations{scenario:warmup}': ['count>=0'],
    ...bucketThresholds,
  },
};

const QUERIES = ['AI', '블록체인', '오픈AI', '엔비디아', '이더리움', '생성형', 'GPU', '규제'];

export function setup() {
  const list = http.get(`${BASE_URL}/api/content/news?limit=50`);
  const ids = (list.json('articles') || []).map((article) => article.id);
  if (ids.length === 0) fail('no published article to read');
  // Buckets count from the measured run's start, after the warm-up.
  return { ids, started: Date.now() + seconds(WARMUP) * 1000 };
}

/** [share, tag, path] — shares add up to 100. */
const MIX = [
  [15, 'home', () => '/'],
  [20, 'article-html', (ids) => `/article/${pick(ids)}`],
  [20, 'article-json', (ids) => `/api/articles/${pick(ids)}`],
  [10, 'news-list', () => `/api/content/news?limit=20&offset=${20 * Math.floor(Math.random() * 3)}`],
  [5, 'category', () => '/api/articles/category/gen-ai'],
  [10, 'hot-topics', () => '/api/trending/hot-topics'],
  [10, 'search', () => `/api/articles/search?q=${encodeURIComponent(pick(QUERIES))}`],
  [5, 'feed', () => '/rss.xml'],
  [5, 'sidebar', () => '/api/sidebar-data'],
];

const pick = (values) => values[Math.floor(Math.random() * values.length)];

/** '30s' / '1m' → seconds. */
function seconds(duration) {
  const match = /^(\d+)(s|m)$/.exec(duration);
  return match ? Number(match[1]) * (match[2] === 'm' ? 60 : 1) : 0;
}

export default function (data) {
  let roll = Math.random() * 100;
  let chosen = MIX[MIX.length - 1];
  for (const entry of MIX) {
    if (roll < entry[0]) {
      chosen = entry;
      break;
    }
    roll -= entry[0];
  }
  const [, name, pathOf] = chosen;
  const response = http.get(`${BASE_URL}${pathOf(data.ids)}`, { tags: { name } });
  check(response, { 'status 200': (r) => r.status === 200 });
  if (exec.scenario.name !== 'reading') return;
  const bucket = Math.floor((Date.now() - data.started) / 1000 / BUCKET_S);
  latency.add(response.timings.duration, { bucket: String(Math.max(0, bucket)) });
}

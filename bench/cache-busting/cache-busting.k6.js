// One phase of `npm run bench:cache-busting` (bench/cache-busting.ts). Two scenarios side by side:
// `burst`, VUS virtual users flat out on the pages (MODE: held = `/` and `/article/{id}` as they are;
// random = the same with random query strings; search = `/search?q=<random>`, a distinct document each),
// unless MODE=none; and `reader`, another reader's `GET /api/articles/{id}` at READER_RATE per second
// (constant arrival), tagged `api`. Pages are counted by answer: served (200), busy (503) or failed.
import http from 'k6/http';
import { Counter } from 'k6/metrics';

const base = __ENV.BASE_URL;
const article = __ENV.ARTICLE_ID;
const duration = __ENV.DURATION || '20s';
const mode = __ENV.MODE || 'random';

const served = new Counter('pages_served');
const busy = new Counter('pages_busy');
const failed = new Counter('pages_failed');

const scenarios = {
  reader: {
    executor: 'constant-arrival-rate',
    exec: 'reader',
    rate: Number(__ENV.READER_RATE || 100),
    timeUnit: '1s',
    duration,
    preAllocatedVUs: 20,
    maxVUs: 200,
  },
};
if (mode !== 'none')
  scenarios.burst = { executor: 'constant-vus', exec: 'burst', vus: Number(__ENV.VUS || 20), duration };

export const options = {
  scenarios,
  summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max'],
  // The bench measures the site, not k6 reading bodies it never looks at.
  discardResponseBodies: true,
  // Listed so the summary carries the tagged metrics; the bench prints figures, it does not gate on them.
  thresholds: {
    'http_req_duration{name:api}': ['p(99)<60000'],
    'http_req_duration{name:page}': ['p(99)<60000'],
    'http_req_failed{name:api}': ['rate<=1'],
  },
};

const random = () => Math.random().toString(36).slice(2, 12);

function pageUrl() {
  if (mode === 'search') return `${base}/search?q=${random()}`;
  const page = Math.random() < 0.5 ? '/' : `/article/${article}`;
  return mode === 'held' ? `${base}${page}` : `${base}${page}?cb=${random()}&utm_source=${random()}`;
}

export function burst() {
  const response = http.get(pageUrl(), {
    tags: { name: 'page' },
    headers: { 'accept-encoding': 'br, gzip' },
    responseCallback: http.expectedStatuses(200, 503),
  });
  if (response.status === 200) served.add(1);
  else if (response.status === 503) busy.add(1);
  else failed.add(1);
}

export function reader() {
  http.get(`${base}/api/articles/${article}`, { tags: { name: 'api' } });
}

// One route of `npm run bench:reads` (bench/reads.ts): GET BASE_URL + ROUTE, tagged `read`. MODE=vus runs
// VUS virtual users flat out for DURATION (the saturation rate); MODE=rate holds RATE requests per second
// (constant arrival) for DURATION, to read the latency below saturation.
import http from 'k6/http';
import { check } from 'k6';

const url = `${__ENV.BASE_URL}${__ENV.ROUTE}`;
const duration = __ENV.DURATION || '20s';
const steady =
  __ENV.MODE === 'rate'
    ? {
        executor: 'constant-arrival-rate',
        rate: Number(__ENV.RATE),
        timeUnit: '1s',
        duration,
        preAllocatedVUs: 50,
        maxVUs: 200,
      }
    : { executor: 'constant-vus', vus: Number(__ENV.VUS || 20), duration };

export const options = {
  scenarios: { steady },
  summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max'],
  // Listed so the summary carries the tagged metric; the bench prints figures, it does not gate on them.
  thresholds: { 'http_req_duration{name:read}': ['p(99)<60000'] },
};

export default function () {
  const response = http.get(url, { tags: { name: 'read' } });
  check(response, { 'status 200': (r) => r.status === 200 });
}

// Baseline load on the gateway before any feature exists: its own answer (/env-config.json), a routed
// call that reaches every service in process (/readyz), and an unknown API path (404 from the proxy).
// Run through `npm run load:gateway`, which starts the site and points BASE_URL at it.
import http from 'k6/http';
import { check } from 'k6';

const BASE_URL = __ENV.BASE_URL || 'http://127.0.0.1:3000';

export const options = {
  scenarios: {
    steady: { executor: 'constant-vus', vus: Number(__ENV.VUS || 20), duration: __ENV.DURATION || '20s' },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{name:readyz}': ['p(95)<250'],
  },
};

export default function () {
  const config = http.get(`${BASE_URL}/env-config.json`, { tags: { name: 'env-config' } });
  check(config, { 'env-config 200': (r) => r.status === 200 });
  const ready = http.get(`${BASE_URL}/readyz`, { tags: { name: 'readyz' } });
  check(ready, { 'readyz 200': (r) => r.status === 200 });
  const missing = http.get(`${BASE_URL}/api/not-a-route`, {
    tags: { name: 'api-404' },
    responseCallback: http.expectedStatuses(404),
  });
  check(missing, { 'unknown API 404': (r) => r.status === 404 });
}

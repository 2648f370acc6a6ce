// Load on the trending page's hot-topics call (docs/spec-content.md §7: GET /api/trending/hot-topics?limit=10) of a
// trending service holding a populated day. Run through bench/trending-hot-topics.ts, which starts the
// service, fills it and points BASE_URL at it; VUS and DURATION as in the gateway baseline.
import http from 'k6/http';
import { check } from 'k6';
import { steadyOptions } from '../k6/steady-options.js';

const BASE_URL = __ENV.BASE_URL || 'http://127.0.0.1:3104';

export const options = steadyOptions('hot-topics');

export default function () {
  const response = http.get(`${BASE_URL}/api/trending/hot-topics?limit=10`, { tags: { name: 'hot-topics' } });
  check(response, {
    'hot-topics 200': (r) => r.status === 200,
    'ten articles': (r) => r.status === 200 && r.json('articles').length === 10,
  });
}

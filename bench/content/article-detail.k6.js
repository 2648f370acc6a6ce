// Load on the article page's call (docs/spec-content.md §7: GET /api/articles/{id}) straight to the content service.
// Run through bench/content-detail.ts, which starts the service, publishes ARTICLES articles with ids
// `${PREFIX}{0..ARTICLES-1}` and points BASE_URL at it. Each request picks a random article.
import http from 'k6/http';
import { check } from 'k6';
import { steadyOptions } from '../k6/steady-options.js';

const BASE_URL = __ENV.BASE_URL || 'http://127.0.0.1:3101';
const ARTICLES = Number(__ENV.ARTICLES || 1000);
const PREFIX = __ENV.PREFIX || 'bench-';

export const options = steadyOptions('article');

export default function () {
  const id = `${PREFIX}${Math.floor(Math.random() * ARTICLES)}`;
  const response = http.get(`${BASE_URL}/api/articles/${id}`, { tags: { name: 'article' } });
  check(response, { 'article 200': (r) => r.status === 200 });
}

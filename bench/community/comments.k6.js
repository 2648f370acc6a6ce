// Reading an article's comments through the gateway: one article holding 1,000 comments in a
// thread tree — 100 top-level comments, each with 3 replies, each of those with a reply, each of those
// with a reply (1 + 3 + 3 + 3 = 10 per thread, depths 0–3) — and a few likes and dislikes so the sorts
// have something to order. setup() writes it all through the gateway. Two scenarios side by side:
//   first:  the first page (20 threads, 200 comments) in the default order, as a reader opening the article;
//   paged:  a random page (1–5) in a random one of the four orders.
// Run through bench/community-load.sh (`npm run load:comments`).
import http from 'k6/http';
import { check } from 'k6';

const BASE_URL = __ENV.BASE_URL || 'http://127.0.0.1:3000';
const VUS = Number(__ENV.VUS || 6);
const DURATION = __ENV.DURATION || '20s';
const THREADS = Number(__ENV.THREADS || 100);
const IDENTITIES = 20;
const SORTS = ['popular', 'latest', 'oldest', 'controversial'];

const scenario = (exec) => ({ executor: 'constant-vus', vus: VUS, duration: DURATION, exec });

export const options = {
  setupTimeout: '300s',
  scenarios: { first: scenario('first'), paged: scenario('paged') },
  summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max'],
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{name:first}': ['p(95)<1000'],
    'http_req_duration{name:paged}': ['p(95)<1000'],
    'http_reqs{name:first}': ['count>0'],
    'http_reqs{name:paged}': ['count>0'],
  },
};

export function setup() {
  const run = Date.now().toString(36);
  const article = `bench-comments-${run}`;
  const tokens = [];
  for (let i = 0; i < IDENTITIES; i += 1) {
    const response = http.post(
      `${BASE_URL}/api/community/auth/anonymous`,
      JSON.stringify({ username: `댓글부하${run}${i}` }),
      { headers: { 'content-type': 'application/json' } },
    );
    if (response.status !== 201) throw new Error(`sign-up ${response.status}: ${response.body}`);
    tokens.push(response.json('data.token'));
  }
  let written = 0;
  const post = (url, content) => {
    const author = tokens[written % tokens.length];
    written += 1;
    const response = http.post(`${BASE_URL}${url}`, JSON.stringify({ content }), {
      headers: { 'content-type': 'application/json', authorization: `Bearer ${author}` },
    });
    if (response.status !== 201) throw new Error(`comment ${response.status}: ${response.body}`);
    return response.json('data.id');
  };
  for (let t = 0; t < THREADS; t += 1) {
    const top = post(
      `/api/community/articles/${article}/comments`,
      `부하 시험 댓글 ${t}: 이번 발표가 업계에 미칠 영향이 궁금합니다. (${run})`,
    );
    for (let r = 0; r < 3; r += 1) {
      let parent = top;
      for (let depth = 1; depth <= 3; depth += 1)
        parent = post(`/api/community/comments/${parent}/replies`, `${t}-${r}-${depth} 단계 답글입니다`);
    }
    // Likes and dislikes from a few identities that did not write it (own comments take no reactions).
    for (let v = 0; v < t % 5; v += 1) {
      const voter = tokens[(written + 1 + v) % tokens.length];
      http.post(
        `${BASE_URL}/api/community/comments/${top}/vote`,
        JSON.stringify({ voteType: v % 2 ? 'dislike' : 'like' }),
        { headers: { 'content-type': 'application/json', authorization: `Bearer ${voter}` } },
      );
    }
  }
  const check1 = http.get(`${BASE_URL}/api/community/articles/${article}/comments`);
  if (check1.json('data.totalCount') !== THREADS * 10)
    throw new Error(`expected ${THREADS * 10} comments, got ${check1.json('data.totalCount')}`);
  return { article };
}

export function first(data) {
  const response = http.get(`${BASE_URL}/api/community/articles/${data.article}/comments`, {
    tags: { name: 'first' },
  });
  check(response, { 'first 200': (r) => r.status === 200 });
}

export function paged(data) {
  const sort = SORTS[Math.floor(Math.random() * SORTS.length)];
  const page = 1 + Math.floor(Math.random() * 5);
  const response = http.get(
    `${BASE_URL}/api/community/articles/${data.article}/comments?sort=${sort}&page=${page}`,
    { tags: { name: 'paged' } },
  );
  check(response, { 'paged 200': (r) => r.status === 200 });
}

// The community reads a page makes, through the gateway, as the same bytes for every reader
// (services/community/README.md 'The reader's state'): the question list, a question holding 200 answers
// (its detail and its answers), and the first page of an article holding 1,000 comments in a thread tree
// on the newest published article (as bench/community/comments.k6.js writes it, first page newest first), each its own scenario side by side. Read anonymously, as a
// crawler or a first-time reader; the `member` scenario reads the thread as a signed-in browser does (the
// credential cookie), and with STATE=1 also makes the page's one reader-state call for the page's comment
// ids. setup() writes everything through the gateway.
// Run through bench/community-load.sh: `BENCH_SCRIPT=reader-pages npm run load:community`.
import http from 'k6/http';
import { check } from 'k6';

const BASE_URL = __ENV.BASE_URL || 'http://127.0.0.1:3000';
const VUS = Number(__ENV.VUS || 4);
const DURATION = __ENV.DURATION || '20s';
const STATE = __ENV.STATE === '1';
const THREADS = 100;
const ANSWERS = 200;
const IDENTITIES = 20;
const SCENARIOS = (__ENV.SCENARIOS || 'list,detail,thread,member').split(',');

const scenario = (exec) => ({ executor: 'constant-vus', vus: VUS, duration: DURATION, exec });

export const options = {
  setupTimeout: '600s',
  scenarios: Object.fromEntries(SCENARIOS.map((name) => [name, scenario(name)])),
  summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max'],
  thresholds: Object.fromEntries([
    ['http_req_failed', ['rate<0.01']],
    ...[...SCENARIOS, ...(STATE && SCENARIOS.includes('member') ? ['member-state'] : [])].flatMap((name) => [
      [`http_req_duration{name:${name}}`, ['p(95)<2000']],
      [`http_reqs{name:${name}}`, ['count>0']],
    ]),
  ]),
};

const json = { 'content-type': 'application/json' };

export function setup() {
  const run = Date.now().toString(36);
  const tokens = [];
  for (let i = 0; i < IDENTITIES; i += 1) {
    const response = http.post(
      `${BASE_URL}/api/community/auth/anonymous`,
      JSON.stringify({ username: `읽기부하${run}${i}` }),
      { headers: json },
    );
    if (response.status !== 201) throw new Error(`sign-up ${response.status}: ${response.body}`);
    tokens.push(response.json('data.token'));
  }
  let written = 0;
  const post = (url, body, status = 201) => {
    const author = tokens[written % tokens.length];
    written += 1;
    const response = http.post(`${BASE_URL}${url}`, JSON.stringify(body), {
      headers: { ...json, authorization: `Bearer ${author}` },
    });
    if (response.status !== status) throw new Error(`${url} ${response.status}: ${response.body}`);
    return response.json('data.id');
  };
  const question = post('/api/community/questions', {
    title: `읽기 부하 질문 ${run}: 긴 대화의 토큰 비용을 줄이는 방법`,
    content: `대화 기록이 길어질수록 토큰 비용이 늘어납니다. 좋은 방법이 있을까요? 실행 ${run}.`,
    category: 'gen-ai',
    tagIds: [],
    tags: ['ChatGPT'],
  });
  for (let i = 1; i < ANSWERS + 1; i += 1)
    post(`/api/community/questions/${question}/answers`, {
      content: `${i}번째 답변: 최근 메시지만 남기고 나머지는 요약해서 넣습니다. (${run})`,
    });
  // Comments are taken only on an article content publishes: the newest one, with what it already holds.
  const article = http.get(`${BASE_URL}/api/content/news?limit=1&offset=0`).json('articles.0.id');
  const url = `${BASE_URL}/api/community/articles/${article}/comments`;
  const before = http.get(url).json('data.totalCount');
  for (let t = 0; t < THREADS; t += 1) {
    const top = post(`/api/community/articles/${article}/comments`, {
      content: `읽기 부하 댓글 ${t}: 이번 발표가 업계에 미칠 영향이 궁금합니다. (${run})`,
    });
    for (let r = 0; r < 3; r += 1) {
      let parent = top;
      for (let depth = 1; depth <= 3; depth += 1) {
        parent = post(`/api/community/comments/${parent}/replies`, { content: `${t}-${r}-${depth} 답글` });
      }
    }
  }
  const first = http.get(`${url}?sort=latest`);
  if (first.json('data.totalCount') !== before + THREADS * 10)
    throw new Error(`expected ${before + THREADS * 10} comments, got ${first.json('data.totalCount')}`);
  const answers = http.get(`${BASE_URL}/api/community/questions/${question}/answers?sortBy=popular`);
  if (answers.json('data').length !== ANSWERS) throw new Error(`expected ${ANSWERS} answers`);
  // The first page's comment ids, as the page asks for them (20 threads of 10).
  const shown = [];
  const walk = (list) => list.forEach((c) => (shown.push(c.id), walk(c.replies)));
  walk(first.json('data.comments'));
  return { question, article, member: tokens[0], shown };
}

export function list() {
  const response = http.get(`${BASE_URL}/api/community/questions?page=1&sort=latest&category=all`, {
    tags: { name: 'list' },
  });
  check(response, { 'list 200': (r) => r.status === 200 });
}

export function detail(data) {
  const [question, answers] = http.batch([
    ['GET', `${BASE_URL}/api/community/questions/${data.question}`, null, { tags: { name: 'detail' } }],
    [
      'GET',
      `${BASE_URL}/api/community/questions/${data.question}/answers?sortBy=popular`,
      null,
      { tags: { name: 'detail' } },
    ],
  ]);
  check(question, { 'detail 200': (r) => r.status === 200 });
  check(answers, { 'answers 200': (r) => r.status === 200 });
}

export function thread(data) {
  const response = http.get(`${BASE_URL}/api/community/articles/${data.article}/comments?sort=latest`, {
    tags: { name: 'thread' },
  });
  check(response, { 'thread 200': (r) => r.status === 200 });
}

export function member(data) {
  const headers = { cookie: `pulse_community=${data.member}` };
  const response = http.get(`${BASE_URL}/api/community/articles/${data.article}/comments?sort=latest`, {
    headers,
    tags: { name: 'member' },
  });
  check(response, { 'member 200': (r) => r.status === 200 });
  if (!STATE) return;
  const state = http.get(`${BASE_URL}/api/community/me/state?comments=${data.shown.join(',')}`, {
    headers,
    tags: { name: 'member-state' },
  });
  check(state, { 'state 200': (r) => r.status === 200 });
}

// Load on the Q&A through the gateway: the question list, question detail and votes, each its
// own scenario running side by side. setup() signs up IDENTITIES nicknames and asks QUESTIONS questions
// through the gateway, so the figures include the gateway's proxying and the service's credential checks.
// Run through bench/community-load.sh (embedded or local stack).
import http from 'k6/http';
import { check } from 'k6';

const BASE_URL = __ENV.BASE_URL || 'http://127.0.0.1:3000';
const VUS = Number(__ENV.VUS || 6);
const DURATION = __ENV.DURATION || '20s';
const IDENTITIES = Number(__ENV.IDENTITIES || 40);
const QUESTIONS = Number(__ENV.QUESTIONS || 60);

// SCENARIOS=vote runs the votes alone (a comma-separated subset of list, detail, vote): beside the reads a
// vote's figures are mostly its wait for the shared event loop (docs/benchmarks.md 'Community Q&A').
const SCENARIOS = (__ENV.SCENARIOS || 'list,detail,vote').split(',');

// READ_RATE (requests/s, split between list and detail) and VOTE_RATE (votes/s) hold the load at a fixed
// rate instead of a closed loop, so a vote's latency is measured beside a known read rate
// (docs/benchmarks.md 'Votes beside a fixed read rate'). Unset: each scenario is VUS looping as fast as it can.
const READ_RATE = Number(__ENV.READ_RATE || 0);
const VOTE_RATE = Number(__ENV.VOTE_RATE || 0);
const MAX_VUS = Number(__ENV.MAX_VUS || 200);

const rateOf = (exec) => (exec === 'vote' ? VOTE_RATE : READ_RATE / 2);
const scenario = (exec) =>
  rateOf(exec) > 0
    ? {
        executor: 'constant-arrival-rate',
        rate: rateOf(exec),
        timeUnit: '1s',
        duration: DURATION,
        preAllocatedVUs: Math.min(MAX_VUS, Math.max(VUS, Math.ceil(rateOf(exec) / 20))),
        maxVUs: MAX_VUS,
        exec,
      }
    : { executor: 'constant-vus', vus: VUS, duration: DURATION, exec };

export const options = {
  setupTimeout: '120s',
  scenarios: Object.fromEntries(SCENARIOS.map((name) => [name, scenario(name)])),
  summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max'],
  thresholds: Object.fromEntries([
    ['http_req_failed', ['rate<0.01']],
    ...SCENARIOS.flatMap((name) => [
      [`http_req_duration{name:${name}}`, ['p(95)<500']],
      [`http_reqs{name:${name}}`, ['count>0']],
    ]),
  ]),
};

const json = { headers: { 'content-type': 'application/json' } };
const CATEGORIES = ['gen-ai', 'blockchain', 'big-tech', 'development', 'other'];

export function setup() {
  const run = Date.now().toString(36);
  const tokens = [];
  for (let i = 0; i < IDENTITIES; i += 1) {
    const response = http.post(
      `${BASE_URL}/api/community/auth/anonymous`,
      JSON.stringify({ username: `부하${run}${i}` }),
      json,
    );
    if (response.status !== 201) throw new Error(`sign-up ${response.status}: ${response.body}`);
    tokens.push(response.json('data.token'));
  }
  const questions = [];
  for (let i = 0; i < QUESTIONS; i += 1) {
    const body = {
      title: `부하 시험 질문 ${run}-${i}: 토큰 비용을 줄이는 방법`,
      content: `대화 기록이 길어질수록 토큰 비용이 늘어납니다. 좋은 방법이 있을까요? 질문 번호 ${i}, 실행 ${run}.`,
      category: CATEGORIES[i % CATEGORIES.length],
      tagIds: [],
      tags: ['ChatGPT', `태그${i % 7}`],
    };
    const author = tokens[i % tokens.length];
    const response = http.post(`${BASE_URL}/api/community/questions`, JSON.stringify(body), {
      headers: { 'content-type': 'application/json', authorization: `Bearer ${author}` },
    });
    if (response.status !== 201) throw new Error(`ask ${response.status}: ${response.body}`);
    questions.push({ id: response.json('data.id'), author: i % tokens.length });
  }
  return { tokens, questions };
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];

export function list() {
  const page = 1 + Math.floor(Math.random() * 3);
  const response = http.get(`${BASE_URL}/api/community/questions?page=${page}`, { tags: { name: 'list' } });
  check(response, { 'list 200': (r) => r.status === 200 });
}

export function detail(data) {
  const response = http.get(`${BASE_URL}/api/community/questions/${pick(data.questions).id}`, {
    tags: { name: 'detail' },
  });
  check(response, { 'detail 200': (r) => r.status === 200 });
}

export function vote(data) {
  const question = pick(data.questions);
  let voter = Math.floor(Math.random() * data.tokens.length);
  if (voter === question.author) voter = (voter + 1) % data.tokens.length;
  const response = http.post(
    `${BASE_URL}/api/community/questions/${question.id}/vote`,
    JSON.stringify({ voteType: 'upvote' }),
    {
      headers: { 'content-type': 'application/json', authorization: `Bearer ${data.tokens[voter]}` },
      tags: { name: 'vote' },
    },
  );
  check(response, { 'vote 200': (r) => r.status === 200 });
}

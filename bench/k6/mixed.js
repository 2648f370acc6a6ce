// Mixed reading and writing at constant arrival rates, run through `npm run bench:mixed` (bench/mixed-soak.ts),
// which starts the site, seeds the community, creates the readers' identities and reads the counts back.
// Reads (READ_RATE/s, anonymous): home, articles (HTML and JSON), lists, a category, hot topics, search,
// feeds, the sidebar, the question list, question details and answers, article comment threads.
// Writes (WRITE_RATE/s, signed-in readers): question and answer upvotes, comment reactions, comments and
// article views, each from an identity of the pool the runner created before the run (FIXTURE), with its
// cookies and CSRF header as the browser sends them.
// The abuse limits stay at their defaults. Each VU is one reader of a crowd: it has a loopback address of
// its own (K6_LOCAL_IPS, set by the runner) and pauses after each request (READ_THINK_S after a page,
// WRITE_THINK_S on average after a write) before it takes another, which keeps each address inside the per-address
// limits. Without the pause k6 hands nearly every iteration to the few VUs that are free first, and one
// address would make most of the requests.
// Settings: BASE_URL, FIXTURE, IDENTITIES, READ_RATE (1000), WRITE_RATE (100), DURATION (10m), WARMUP (30s),
// BUCKET_S, BUCKETS, READ_THINK_S (0.25), WRITE_THINK_S (5).
import http from 'k6/http';
import { check, sleep } from 'k6';
import exec from 'k6/execution';
import { SharedArray } from 'k6/data';
import { Counter, Trend } from 'k6/metrics';

const BASE_URL = __ENV.BASE_URL || 'http://127.0.0.1:3000';
const BUCKET_S = Number(__ENV.BUCKET_S || 30);
const BUCKETS = Number(__ENV.BUCKETS || 20);
const READ_RATE = Number(__ENV.READ_RATE || 1000);
const WRITE_RATE = Number(__ENV.WRITE_RATE || 100);
const WARMUP = __ENV.WARMUP || '30s';
const DURATION = __ENV.DURATION || '10m';
const READ_THINK_S = Number(__ENV.READ_THINK_S || 0.25);
const WRITE_THINK_S = Number(__ENV.WRITE_THINK_S || 5);
/** Enough VUs for the rate while each pauses between requests; at most, room for answers 0.75 s slow. */
const READ_VUS = Math.ceil(READ_RATE * (READ_THINK_S + 0.15));
const READ_MAX_VUS = Math.ceil(READ_RATE * (READ_THINK_S + 0.75));
const WRITE_VUS = Math.ceil(WRITE_RATE * (WRITE_THINK_S + 0.5));
const WRITE_MAX_VUS = Math.ceil(WRITE_RATE * (WRITE_THINK_S + 1.5));

/** The seeded targets: {run, articleIds, threadArticleIds, questions: [{id}], answerIds, commentIds}. */
const fixture = JSON.parse(open(__ENV.FIXTURE));
// [{token, csrf, readerSession}]; shared, since every VU would otherwise hold its own copy of the tokens.
const identities = new SharedArray('identities', () => JSON.parse(open(__ENV.IDENTITIES)));

/** Latency by time bucket: the summary has one p95 per bucket only for submetrics named in thresholds. */
const readLatency = new Trend('read_latency', true);
const writeLatency = new Trend('write_latency', true);
const bucketThresholds = {};
for (let bucket = 0; bucket < BUCKETS; bucket += 1) {
  bucketThresholds[`read_latency{bucket:${bucket}}`] = ['max>=0'];
  bucketThresholds[`write_latency{bucket:${bucket}}`] = ['max>=0'];
}

/** Writes the site accepted, by kind, over the whole run (warm-up included): compared with the site's counts. */
const accepted = {
  'question-vote': new Counter('accepted_question_votes'),
  'answer-vote': new Counter('accepted_answer_votes'),
  reaction: new Counter('accepted_reactions'),
  comment: new Counter('accepted_comments'),
  view: new Counter('accepted_views'),
};
/**
 * Writes k6 gave up on (no answer within its 60 s timeout, status 0): the site may still have applied them,
 * so its counts may exceed the accepted ones by at most these.
 */
const unanswered = {
  'question-vote': new Counter('unanswered_question_votes'),
  'answer-vote': new Counter('unanswered_answer_votes'),
  reaction: new Counter('unanswered_reactions'),
  comment: new Counter('unanswered_comments'),
  view: new Counter('unanswered_views'),
};
/** Views answered 200 but not counted (the caps, or a session seen before): reported, not compared. */
const viewsNotCounted = new Counter('views_not_counted');
const refused = new Counter('writes_refused_429');
const readsRefused = new Counter('reads_refused_429');
/** A few failed requests of each VU are printed, so a run's errors can be told apart. */
let shown = 0;
function report(kind, name, response) {
  if (shown >= 2) return;
  shown += 1;
  console.warn(
    `${kind} ${name}: ${response.status} ${response.error || String(response.body).slice(0, 120)}`,
  );
}

// A write still under way when its scenario ends is given until k6's 60 s request timeout to finish (the
// default 30 s would cut it off unrecorded: neither accepted nor unanswered, though the site may apply it).
const writeScenario = (executor) => ({
  ...executor,
  gracefulStop: '70s',
  timeUnit: '1s',
  preAllocatedVUs: WRITE_VUS,
  maxVUs: WRITE_MAX_VUS,
  exec: 'write',
});

export const options = {
  scenarios: {
    warmup: {
      executor: 'ramping-arrival-rate',
      startRate: Math.max(1, Math.round(READ_RATE / 10)),
      timeUnit: '1s',
      stages: [{ target: READ_RATE, duration: WARMUP }],
      preAllocatedVUs: READ_VUS,
      maxVUs: READ_MAX_VUS,
      exec: 'read',
    },
    reading: {
      executor: 'constant-arrival-rate',
      startTime: WARMUP,
      rate: READ_RATE,
      timeUnit: '1s',
      duration: DURATION,
      preAllocatedVUs: READ_VUS,
      maxVUs: READ_MAX_VUS,
      exec: 'read',
    },
    // WRITE_RATE=0: the same reading without the writes, a baseline for the writes' effect on the reads.
    ...(WRITE_RATE > 0
      ? {
          'write-warmup': writeScenario({
            executor: 'ramping-arrival-rate',
            startRate: Math.max(1, Math.round(WRITE_RATE / 10)),
            stages: [{ target: WRITE_RATE, duration: WARMUP }],
          }),
          writing: writeScenario({
            executor: 'constant-arrival-rate',
            startTime: WARMUP,
            rate: WRITE_RATE,
            duration: DURATION,
          }),
        }
      : {}),
  },
  summaryTrendStats: ['med', 'p(95)', 'p(99)', 'max', 'count'],
  thresholds: {
    'http_req_duration{scenario:reading}': ['p(95)<50'],
    'http_req_duration{scenario:writing}': ['p(95)<100'],
    'http_req_failed{scenario:reading}': ['rate<0.001'],
    'http_req_failed{scenario:writing}': ['rate<0.001'],
    'http_reqs{scenario:reading}': ['count>=0'],
    'http_reqs{scenario:writing}': ['count>=0'],
    'dropped_iterations{scenario:reading}': ['count<1'],
    'dropped_iterations{scenario:writing}': ['count<1'],
    'dropped_iterations{scenario:warmup}': ['count>=0'],
    'dropped_iterations{scenario:write-warmup}': ['count>=0'],
    writes_refused_429: ['count<1'],
    reads_refused_429: ['count<1'],
    ...Object.fromEntries(
      ['question-vote', 'answer-vote', 'reaction', 'comment', 'view'].map((kind) => [
        `http_req_duration{scenario:writing,name:${kind}}`,
        ['max>=0'],
      ]),
    ),
    ...bucketThresholds,
  },
};

const QUERIES = ['AI', '블록체인', '오픈AI', '엔비디아', '이더리움', '생성형', 'GPU', '규제'];
const pick = (values) => values[Math.floor(Math.random() * values.length)];

/** [share, tag, path] — shares add up to 100. */
const READS = [
  [12, 'home', () => '/'],
  [14, 'article-html', () => `/article/${pick(fixture.articleIds)}`],
  [14, 'article-json', () => `/api/articles/${pick(fixture.articleIds)}`],
  [8, 'news-list', () => `/api/content/news?limit=20&offset=${20 * Math.floor(Math.random() * 3)}`],
  [4, 'category', () => '/api/articles/category/gen-ai'],
  [7, 'hot-topics', () => '/api/trending/hot-topics'],
  [7, 'search', () => `/api/articles/search?q=${encodeURIComponent(pick(QUERIES))}`],
  [3, 'feed', () => '/rss.xml'],
  [3, 'sidebar', () => '/api/sidebar-data'],
  [8, 'question-list', () => `/api/community/questions?page=${1 + Math.floor(Math.random() * 2)}`],
  [8, 'question-detail', () => `/api/community/questions/${pick(fixture.questions).id}`],
  [4, 'answers', () => `/api/community/questions/${pick(fixture.questions).id}/answers`],
  [8, 'comments', () => `/api/community/articles/${pick(fixture.threadArticleIds)}/comments`],
];

const bucketOf = () => String(Math.max(0, Math.floor((Date.now() - fixture.startedAt) / 1000 / BUCKET_S)));

export function setup() {
  // Buckets count from the measured run's start, after the warm-up.
  fixture.startedAt = Date.now() + seconds(WARMUP) * 1000;
  return { startedAt: fixture.startedAt };
}

/** '30s' / '1m' → seconds. */
function seconds(duration) {
  const match = /^(\d+)(s|m)$/.exec(duration);
  return match ? Number(match[1]) * (match[2] === 'm' ? 60 : 1) : 0;
}

/** The reader's pause: the rest of THINK_S after the request started. */
const pause = (startedMs, thinkS) => sleep(Math.max(0, thinkS - (Date.now() - startedMs) / 1000));

export function read(data) {
  const started = Date.now();
  fixture.startedAt = data.startedAt;
  let roll = Math.random() * 100;
  let chosen = READS[READS.length - 1];
  for (const entry of READS) {
    if (roll < entry[0]) {
      chosen = entry;
      break;
    }
    roll -= entry[0];
  }
  const [, name, pathOf] = chosen;
  const response = http.get(`${BASE_URL}${pathOf()}`, { tags: { name } });
  check(response, { 'read 200': (r) => r.status === 200 });
  if (response.status === 429) readsRefused.add(1);
  if (response.status !== 200) report('read', name, response);
  if (exec.scenario.name === 'reading') readLatency.add(response.timings.duration, { bucket: bucketOf() });
  pause(started, READ_THINK_S);
}

/**
 * The write schedule: iteration n of the run's writes is slot n % 20 of this table and identity n % P of the
 * pool (P is prime to 20, so each identity goes through every slot in turn). An identity's k-th write of a
 * kind names the kind's k-th target from an offset of its own, so no identity votes or reacts twice on one
 * target (a second vote would take the first back) and no session views one article twice: every
 * accepted write must then show in the site's counts exactly once.
 */
const SLOTS = [
  'question-vote',
  'answer-vote',
  'reaction',
  'view',
  'answer-vote',
  'reaction',
  'view',
  'comment',
  'answer-vote',
  'reaction',
  'view',
  'question-vote',
  'answer-vote',
  'reaction',
  'view',
  'comment',
  'answer-vote',
  'reaction',
  'view',
  'view',
];

/** How many writes of `kind` identity `i` made before its `use`-th write (slot (i + use) % 20). */
function priorOfKind(i, use, kind) {
  let count = 0;
  SLOTS.forEach((slotKind, slot) => {
    if (slotKind !== kind) return;
    const first = (((slot - i) % SLOTS.length) + SLOTS.length) % SLOTS.length;
    if (use > first) count += Math.ceil((use - first) / SLOTS.length);
  });
  return count;
}

const BODY = { 'content-type': 'application/json' };

export function write(data) {
  const started = Date.now();
  fixture.startedAt = data.startedAt;
  const measured = exec.scenario.name === 'writing';
  // Warm-up writes first, then the measured ones: one sequence over the whole run (the ramp makes fewer
  // than WRITE_RATE × WARMUP, so the two never share a number).
  const warmupWrites = WRITE_RATE * seconds(WARMUP);
  const n = measured ? warmupWrites + exec.scenario.iterationInTest : exec.scenario.iterationInTest;
  const pool = identities.length;
  const i = n % pool;
  const use = Math.floor(n / pool);
  const kind = SLOTS[(i + use) % SLOTS.length];
  const k = priorOfKind(i, use, kind);
  const identity = identities[i];
  const community = {
    ...BODY,
    cookie: `pulse_community=${identity.token}; pulse_csrf=${identity.csrf}`,
    'x-csrf-token': identity.csrf,
  };
  // A fresh jar: the cookies are the identity's, never a Set-Cookie another identity's write left in the VU.
  const params = (headers) => ({ headers, tags: { name: kind }, jar: new http.CookieJar() });
  const target = (list) => list[(k + i) % list.length];
  let response;
  if (kind === 'question-vote') {
    response = http.post(
      `${BASE_URL}/api/community/questions/${target(fixture.questions).id}/vote`,
      JSON.stringify({ voteType: 'upvote' }),
      params(community),
    );
  } else if (kind === 'answer-vote') {
    response = http.post(
      `${BASE_URL}/api/community/answers/${target(fixture.answerIds)}/vote`,
      JSON.stringify({ voteType: 'upvote' }),
      params(community),
    );
  } else if (kind === 'reaction') {
    response = http.post(
      `${BASE_URL}/api/community/comments/${target(fixture.commentIds)}/vote`,
      JSON.stringify({ voteType: 'like' }),
      params(community),
    );
  } else if (kind === 'comment') {
    response = http.post(
      `${BASE_URL}/api/community/articles/${fixture.threadArticleIds[n % fixture.threadArticleIds.length]}/comments`,
      JSON.stringify({
        content: `${fixture.run}번째 실행의 ${n}번째 댓글: 요약이 잘 되어 있어서 흐름을 따라가기 쉬웠습니다.`,
      }),
      params(community),
    );
  } else {
    response = http.post(
      `${BASE_URL}/api/articles/${target(fixture.articleIds)}/view`,
      null,
      params({ cookie: `pulse_sid=${identity.readerSession}` }),
    );
  }
  const ok = response.status >= 200 && response.status < 300;
  check(response, { 'write 2xx': () => ok });
  if (response.status === 429) refused.add(1);
  if (!ok) report('write', kind, response);
  if (response.status === 0) unanswered[kind].add(1);
  if (ok) {
    if (kind !== 'view') accepted[kind].add(1);
    else if (response.json('counted') === true) accepted.view.add(1);
    else viewsNotCounted.add(1);
  }
  if (measured) writeLatency.add(response.timings.duration, { bucket: bucketOf() });
  // Varied, not fixed: with a fixed pause the VUs take their turns in a fixed order of about
  // WRITE_RATE × WRITE_THINK_S iterations (500), a multiple of the 20-slot schedule, so each VU kept
  // writing one kind, and the VUs writing comments passed the community's 30 posts per network in
  // 10 minutes. Varied, each VU's kinds follow the schedule's shares.
  pause(started, WRITE_THINK_S * (0.5 + Math.random()));
}

// Readers behind a load balancer in front of several gateways, for the rolling-restart test
// (test/support/k6-readers.ts starts it and reads what it prints). Each iteration reads the next path of
// PATHS from one gateway, alternating; when that gateway never answered (connection refused, or closed
// before a response), the load balancer's one retry goes to the other gateway. Prints, for the test to
// follow live: `answered <n>` every ANSWERED_EVERY successes of a VU, `handover <ms> <error code>`, and
// `failed <ms> <status> <path> <detail>`. Runs until interrupted (SIGINT), then writes its summary.
import http from 'k6/http';
import { Counter } from 'k6/metrics';

const GATEWAYS = __ENV.GATEWAYS.split(',');
const TARGETS = JSON.parse(__ENV.TARGETS); // [{ path, headers? }]
const ANSWERED_EVERY = 10;

export const options = {
  scenarios: {
    readers: {
      executor: 'constant-vus',
      vus: Number(__ENV.VUS || 8),
      duration: __ENV.DURATION || '60m',
      gracefulStop: '15s',
    },
  },
  summaryTrendStats: ['med', 'p(95)', 'p(99)', 'max', 'count'],
  // The summary lists a tagged submetric only when a threshold names it: one per path, always met.
  thresholds: Object.fromEntries(
    TARGETS.map((target) => [`reader_reads{path:${target.path}}`, ['count>=0']]),
  ),
};

const reads = new Counter('reader_reads');
const answeredCount = new Counter('reader_answered');
const handovers = new Counter('reader_handovers');

// k6's codes for a request that never reached a server: dial errors (refused, timed out) and a
// connection reset before any response (https://grafana.com/docs/k6/latest/javascript-api/error-codes/).
const NEVER_ANSWERED = new Set([1210, 1211, 1212, 1213, 1220]);

let iteration = 0;
let answered = 0;

function read(gateway, target) {
  return http.get(`${gateway}${target.path}`, {
    headers: target.headers || {},
    timeout: '15s',
    tags: { name: target.path },
    responseCallback: http.expectedStatuses(200),
  });
}

export default function () {
  iteration += 1;
  const target = TARGETS[(__VU + iteration) % TARGETS.length];
  const [first, second] = iteration % 2 === 0 ? GATEWAYS : [...GATEWAYS].reverse();
  let response = read(first, target);
  if (response.status === 0 && NEVER_ANSWERED.has(response.error_code) && second) {
    handovers.add(1);
    console.log(`handover ${Date.now()} ${response.error_code}`);
    response = read(second, target);
  }
  // Stopping k6 (SIGINT, when the test is done) cancels the requests still in flight: the site neither
  // answered nor refused those, so they are not reads.
  if (response.status === 0 && /context canceled/.test(String(response.error))) return;
  reads.add(1, { path: target.path });
  if (response.status === 200) {
    answeredCount.add(1);
    answered += 1;
    if (answered % ANSWERED_EVERY === 0) console.log(`answered ${ANSWERED_EVERY}`);
    return;
  }
  const detail = String(response.status === 0 ? response.error : response.body).slice(0, 200);
  console.log(`failed ${Date.now()} ${response.status} ${target.path} ${detail.replace(/\s+/g, ' ')}`);
}

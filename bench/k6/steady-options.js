// The k6 options the benches share: VUS virtual users for DURATION (as in the gateway baseline), the
// percentiles bench/k6-run.ts prints, and the thresholds its table reports on: under 1 % failures and a
// p95 below 250 ms for the requests tagged `name`.
export function steadyOptions(name) {
  return {
    scenarios: {
      steady: { executor: 'constant-vus', vus: Number(__ENV.VUS || 20), duration: __ENV.DURATION || '20s' },
    },
    summaryTrendStats: ['avg', 'med', 'p(95)', 'p(99)', 'max'],
    thresholds: {
      http_req_failed: ['rate<0.01'],
      [`http_req_duration{name:${name}}`]: ['p(95)<250'],
    },
  };
}

// Read-and-write load for bench/fleet-rollout.ts, run by k6 inside the fleet's edge namespace (where the
// Gateway API's proxies would send from). Readers GET public reads; writers sign up a fresh address each
// (newsletter), printing ACCEPTED <email> for every 202 so the bench can look for each one afterwards.
// Every request carries its own client address in X-Forwarded-For, as the proxy would add it: the
// gateway trusts one hop (TRUSTED_PROXY_HOPS), so its per-network limits see many clients, not one.
import http from 'k6/http';
import { Counter } from 'k6/metrics';

const BASE = __ENV.BASE_URL;
const TAG = __ENV.RUN_TAG;
const READS = [
  '/api/content/news',
  '/api/content/insights',
  '/api/newsletter/editions',
  '/api/articles/archive',
];

export const options = {
  // The hosts file is the Service's endpoint list: read it for every connection (k6 would keep an address
  // for 5 minutes, long after its pod is gone), and spread over the ready pods as a load balancer does.
  dns: { ttl: '0', select: 'random', policy: 'onlyIPv4' },
  scenarios: {
    readers: {
      executor: 'constant-vus',
      vus: Number(__ENV.READERS || 4),
      duration: __ENV.DURATION,
      exec: 'read',
    },
    writers: {
      executor: 'constant-arrival-rate',
      rate: Number(__ENV.WRITES_PER_S || 2),
      timeUnit: '1s',
      duration: __ENV.DURATION,
      preAllocatedVUs: 4,
      maxVUs: 16,
      exec: 'write',
    },
  },
};

const readsFailed = new Counter('reads_failed');
const readsRetried = new Counter('reads_retried');
const writesAccepted = new Counter('writes_accepted');
const writesFailed = new Counter('writes_failed');
const octet = () => Math.floor(Math.random() * 254) + 1;
const clientAddress = () => `100.${64 + Math.floor(Math.random() * 64)}.${octet()}.${octet()}`;

export function read() {
  const path = READS[Math.floor(Math.random() * READS.length)];
  const get = () =>
    http.get(`${BASE}${path}`, { headers: { 'x-forwarded-for': clientAddress() }, tags: { kind: 'read' } });
  let response = get();
  // A read refused at connect, or reset on a kept-alive connection to a pod that is going away, is sent
  // once more, as the Gateway's proxy does for an idempotent request; counted apart.
  if (response.status === 0 && !/context canceled/.test(response.error)) {
    readsRetried.add(1);
    console.log(`READ_RETRIED ${path} ${response.error}`);
    response = get();
  }
  if (response.status !== 200) {
    readsFailed.add(1);
    console.log(`READ_FAILED ${response.status} ${path} ${response.error || ''}`);
  }
}

export function write() {
  const email = `fleet-${TAG}-${__VU}-${__ITER}@example.com`;
  const response = http.post(`${BASE}/api/subscribers`, JSON.stringify({ email }), {
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress() },
    tags: { kind: 'write' },
  });
  if (response.status === 202) {
    writesAccepted.add(1);
    console.log(`ACCEPTED ${email}`);
  } else {
    writesFailed.add(1);
    console.log(`WRITE_FAILED ${response.status} ${email} ${response.error || ''}`);
  }
}

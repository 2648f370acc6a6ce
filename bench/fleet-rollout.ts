/**
 * `npm run bench:fleet` (as root, after `infra/local/pulse-local up`): the production overlay booted as
 * processes by the fleet harness (test/fleet, docs/fleet.md) with two pods of every Deployment, then
 * under a k6 read-and-write load from the edge's namespace (bench/fleet/load.k6.js):
 *   1. every Deployment restarted pod by pod as its RollingUpdate strategy says (maxSurge/maxUnavailable);
 *   2. one newsletter pod cut off from Kafka (nftables drop, both ways) for PARTITION_S (30) seconds.
 * Then every accepted sign-up is looked for: stored (the newsletter's pending count) and its confirmation
 * mail relayed exactly once. Prints the README's table (docs/benchmarks.md). Settings: K6_BIN, READERS (4),
 * WRITES_PER_S (2), PARTITION_S (30).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eventually } from '@pulse/testing';
import { REPO_ROOT } from '@pulse/testing/src/processes';
// The benchmark boots the fleet the boot test boots (Nx counts the test project an application, which its
// rule forbids importing; nothing ships from either).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { Fleet } from '@pulse/system-tests/fleet/fleet';

const K6 = process.env.K6_BIN ?? path.join(REPO_ROOT, '.cache/infra/bin/k6');
const READERS = Number(process.env.READERS ?? 4);
const WRITES_PER_S = Number(process.env.WRITES_PER_S ?? 2);
const PARTITION_S = Number(process.env.PARTITION_S ?? 30);
const GATEWAY = 'http://gateway.pulse.svc.cluster.local';

interface Phase {
  name: string;
  reads: number;
  readsFailed: number;
  readsRetried: number;
  accepted: string[];
  writesFailed: number;
  seconds: number;
}

/** k6 inside the edge namespace until `during` resolves (then SIGINT: k6 stops and still writes its summary). */
async function underLoad(fleet: Fleet, name: string, during: () => Promise<void>): Promise<Phase> {
  const summary = path.join(fleet.runDir, `k6-${name}.json`);
  const started = Date.now();
  const k6 = spawn(
    'ip',
    [
      'netns',
      'exec',
      fleet.edgeNamespace.name,
      K6,
      'run',
      '--quiet',
      '--log-output=stdout',
      '--summary-export',
      summary,
      '-e',
      `BASE_URL=${GATEWAY}`,
      '-e',
      `RUN_TAG=${name}-${Date.now()}`,
      '-e',
      'DURATION=60m',
      '-e',
      `READERS=${READERS}`,
      '-e',
      `WRITES_PER_S=${WRITES_PER_S}`,
      path.join(__dirname, 'fleet', 'load.k6.js'),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  k6.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => k6.once('exit', resolve));
  await eventually(
    () => {
      if (!output.includes('ACCEPTED')) throw new Error('k6 has not written yet');
    },
    { timeoutMs: 60_000, intervalMs: 200 },
  );
  try {
    await during();
  } finally {
    k6.kill('SIGINT');
    await exited;
  }
  writeFileSync(path.join(fleet.runDir, `k6-${name}.log`), output);
  const metrics = (
    JSON.parse(readFileSync(summary, 'utf8')) as { metrics: Record<string, { count?: number }> }
  ).metrics;
  // Requests k6 itself cancelled when it was stopped are not failures of the fleet.
  const failed = (kind: string) =>
    output
      .split('\n')
      .filter((line) => line.includes(`${kind}_FAILED`) && !line.includes('context canceled'));
  for (const line of [...failed('READ'), ...failed('WRITE')].slice(0, 10))
    console.log(`  ${name}: ${line.trim()}`);
  return {
    name,
    reads: countReads(metrics),
    readsFailed: failed('READ').length,
    readsRetried: metrics.reads_retried?.count ?? 0,
    accepted: [...output.matchAll(/ACCEPTED (\S+@example\.com)/g)].map((match) => match[1]),
    writesFailed: failed('WRITE').length,
    seconds: Math.round((Date.now() - started) / 1000),
  };
}

/** Reads = all requests minus the writes (the summary export has no per-tag counts unless thresholds name them). */
const countReads = (metrics: Record<string, { count?: number }>): number =>
  (metrics.http_reqs?.count ?? 0) -
  (metrics.writes_accepted?.count ?? 0) -
  (metrics.writes_failed?.count ?? 0);

async function pendingSubscribers(fleet: Fleet, token: string): Promise<number> {
  const answer = await fleet.fetchFromEdge(`${GATEWAY}/api/newsletter/admin/subscribers`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (answer.status !== 200) throw new Error(`admin counts answered ${answer.status}: ${answer.body}`);
  return (JSON.parse(answer.body) as { subscribers: { pending: number } }).subscribers.pending;
}

async function main(): Promise<void> {
  if (!existsSync(K6))
    throw new Error(`k6 not found at ${K6}: run \`infra/local/pulse-local up\` (it builds k6)`);
  const bootStarted = Date.now();
  const fleet = await Fleet.boot({
    overlayDir: 'k8s/overlays/production',
    replicas: 2,
    readyTimeoutMs: 300_000,
  });
  const bootSeconds = Math.round((Date.now() - bootStarted) / 1000);
  const stop = () => void fleet.close({ keepLogs: true }).then(() => process.exit(130));
  process.once('SIGINT', stop);
  try {
    const bootPods = fleet.figures.pods;
    for (const read of [
      '/api/content/news',
      '/api/content/insights',
      '/api/newsletter/editions',
      '/api/articles/archive',
    ]) {
      const answer = await fleet.fetchFromEdge(`${GATEWAY}${read}`);
      if (answer.status !== 200)
        throw new Error(`${read} answered ${answer.status} before any restart: ${answer.body.slice(0, 300)}`);
    }
    const token = fleet.overlay.secrets.get('pulse-secrets')!['admin-token'];
    const before = await pendingSubscribers(fleet, token);
    const restartSeconds: string[] = [];
    const restarts = await underLoad(fleet, 'restarts', async () => {
      for (const deployment of fleet.overlay.deployments) {
        const started = Date.now();
        await fleet.rollingRestart(deployment.metadata.name);
        restartSeconds.push(`${deployment.metadata.name} ${Math.round((Date.now() - started) / 1000)} s`);
        fleet.log(`rolled ${deployment.metadata.name}`);
      }
    });
    const [cutOff] = fleet.podsOf('newsletter');
    const partition = await underLoad(fleet, 'partition', async () => {
      const cut = fleet.partitionFromKafka(cutOff);
      const healAt = Date.now() + PARTITION_S * 1000;
      await eventually(
        () => {
          if (Date.now() < healAt) throw new Error('partition still on');
        },
        { timeoutMs: PARTITION_S * 1000 + 5000, intervalMs: 500 },
      );
      cut.heal();
      // The load goes on for 10 s after the heal: what was held back has to come through then.
      const loadUntil = Date.now() + 10_000;
      await eventually(
        () => {
          if (Date.now() < loadUntil) throw new Error('load after heal');
        },
        { timeoutMs: 15_000, intervalMs: 500 },
      );
    });
    const accepted = [...restarts.accepted, ...partition.accepted];
    let stored = 0;
    let mailsTo = new Map<string, number>();
    try {
      await eventually(
        async () => {
          stored = (await pendingSubscribers(fleet, token)) - before;
          mailsTo = new Map();
          for (const mail of fleet.relayedMails())
            for (const to of mail.to) mailsTo.set(to, (mailsTo.get(to) ?? 0) + 1);
          if (stored < accepted.length || accepted.some((email) => !mailsTo.get(email)))
            throw new Error('still settling');
        },
        { timeoutMs: 120_000, intervalMs: 1000 },
      );
    } catch {
      // reported below as lost
    }
    const unmailed = accepted.filter((email) => !mailsTo.get(email)).length;
    const doubled = accepted.filter((email) => (mailsTo.get(email) ?? 0) > 1).length;
    const f = fleet.figures;
    console.log(
      `\nFleet: production overlay, 2 pods per Deployment, booted in ${bootSeconds} s (${bootPods} pods)`,
    );
    console.log(
      `restarts: ${restartSeconds.join(', ')}; partition: ${cutOff.name} from Kafka for ${PARTITION_S} s`,
    );
    console.log(`stand-ins: ${f.standIns.join('; ')}\n`);
    console.log(
      '| pods booted | pods started in all | probes passed | probes failed | container restarts | policies | accept rules |',
    );
    console.log('|---:|---:|---:|---:|---:|---:|---:|');
    console.log(
      `| ${bootPods} | ${f.pods} | ${f.probesPassed} | ${f.probesFailed} | ${f.restarts} | ${f.policies} | ${f.acceptRules} |\n`,
    );
    console.log(
      '| phase | seconds | reads | sent again | failed reads | sign-ups accepted | sign-ups failed |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const phase of [restarts, partition])
      console.log(
        `| ${phase.name} | ${phase.seconds} | ${phase.reads} | ${phase.readsRetried} | ${phase.readsFailed} | ${phase.accepted.length} | ${phase.writesFailed} |`,
      );
    console.log(
      `\naccepted sign-ups: ${accepted.length}; stored: ${stored} (lost ${Math.max(0, accepted.length - stored)}); confirmation mails missing: ${unmailed}; doubled: ${doubled}`,
    );
  } finally {
    process.removeListener('SIGINT', stop);
    await fleet.close({ keepLogs: true });
    console.log(`logs: ${fleet.runDir}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message.slice(0, 8000) : error);
  process.exit(1);
});

/**
 * `npm run bench:mixed [-- local]`: reading and writing together at constant arrival rates for a long run
 * (bench/k6/mixed.js), against the embedded site or the local stack (bench/support/site.ts, the community
 * service its own process there), with every abuse limit at its default. Before the measured run it seeds
 * questions with answers and article comment threads and signs up a pool of reader identities, all through
 * the API; k6 gives each VU a loopback address of its own. After it, the site's counts are read back and
 * compared with the writes k6 saw accepted: each accepted vote, reaction, comment and counted view must
 * show exactly once. Writes bench/reports/mixed-<mode>-<date>/: the figures as markdown, the k6 summary and
 * a PNG of read and write latency and of memory over time.
 * Aims: reads p95 < 50 ms, writes p95 < 100 ms, no errors, resident memory at the end within 10 % of
 * minute 2. Settings: READ_RATE (1000/s), WRITE_RATE (100/s), DURATION (10m), WARMUP (30s), BUCKET_S (30),
 * POOL (1201 identities; prime to 20, the write schedule's length), READ_THINK_S (0.25) and WRITE_THINK_S (5):
 * each VU's pause after a page and after a write (bench/k6/mixed.js).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually } from '@pulse/testing';
import { runK6 } from './k6-run';
import { addressIn, call, inParallel } from './mixed/from-address';
import { createPool, seedCommunity, type Fixture } from './mixed/seed';
import { sampleMemory, type MemorySample } from './soak/memory';
import { plotSoak, type LatencyPoint } from './soak/plot';
import { consumersCaughtUp } from './support/consumer-lag';
import { startSite } from './support/site';

const mode = process.argv.includes('local') ? 'local' : 'embedded';
const READ_RATE = Number(process.env.READ_RATE ?? 1000);
const WRITE_RATE = Number(process.env.WRITE_RATE ?? 100);
const DURATION = process.env.DURATION ?? '10m';
const WARMUP = process.env.WARMUP ?? '30s';
const BUCKET_S = Number(process.env.BUCKET_S ?? 30);
const POOL = Number(process.env.POOL ?? 1201);
const READ_THINK_S = Number(process.env.READ_THINK_S ?? 0.25);
const WRITE_THINK_S = Number(process.env.WRITE_THINK_S ?? 5);
/** The k6 VUs' addresses (K6_LOCAL_IPS; k6 1.x takes it from the environment, not the script's options). */
const LOCAL_IPS = '127.10.0.1-127.10.15.254';

function seconds(duration: string): number {
  const match = /^(\d+)(s|m|h)$/.exec(duration);
  if (!match) throw new Error(`expected e.g. 10m or 90s, got ${duration}`);
  return Number(match[1]) * { s: 1, m: 60, h: 3600 }[match[2] as 's' | 'm' | 'h'];
}

interface Summary {
  metrics: Record<string, Record<string, number>>;
}

/** The site's own counts of what the bench writes to. */
interface Counts {
  questionVotes: number;
  answerVotes: number;
  reactions: number;
  comments: number;
  views: number;
}

let readerAddress = 0;
/** A read-back GET, each from the next address of 127.40/16 so the read-back never meets the read limit. */
async function getJson(baseUrl: string, pathname: string): Promise<Record<string, unknown>> {
  const reply = await call(baseUrl, 'GET', pathname, { from: addressIn(40, readerAddress++ % 60_000) });
  if (reply.status !== 200) throw new Error(`GET ${pathname}: ${reply.status}`);
  return reply.body as Record<string, unknown>;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

interface CommentNode {
  likes?: number;
  replies?: CommentNode[];
}
const likesOf = (nodes: readonly CommentNode[]): number =>
  sum(nodes.map((node) => (node.likes ?? 0) + likesOf(node.replies ?? [])));

async function countsOf(baseUrl: string, fixture: Fixture): Promise<Counts> {
  const questionVotes = await inParallel(fixture.questions, 4, async (question) => {
    const body = await getJson(baseUrl, `/api/community/questions/${question.id}`);
    return Number((body.data as { upvotes: number }).upvotes);
  });
  const answers = await inParallel(fixture.questions, 4, async (question) => {
    const body = await getJson(baseUrl, `/api/community/questions/${question.id}/answers`);
    return body.data as Array<{ id: string; upvotes: number }>;
  });
  const seededAnswers = new Set(fixture.answerIds);
  const threads = await inParallel(fixture.threadArticleIds, 2, async (articleId) => {
    let likes = 0;
    let totalCount = 0;
    for (let page = 1; ; page += 1) {
      const body = await getJson(
        baseUrl,
        `/api/community/articles/${articleId}/comments?sort=oldest&limit=50&page=${page}`,
      );
      const data = body.data as {
        comments: CommentNode[];
        totalCount: number;
        pagination: { hasMore: boolean };
      };
      likes += likesOf(data.comments);
      totalCount = data.totalCount;
      if (!data.pagination.hasMore) break;
    }
    return { likes, totalCount };
  });
  // The article's detail JSON may show a view count up to minutes old (its cache is not purged by views);
  // a view from a browser the site has not seen yet is never counted and answers the stored count.
  const views = await inParallel(fixture.articleIds, 4, async (articleId) => {
    const reply = await call(baseUrl, 'POST', `/api/articles/${articleId}/view`, {
      from: addressIn(40, readerAddress++ % 60_000),
    });
    const body = reply.body as { counted?: boolean; views?: number };
    if (reply.status !== 200 || body.counted !== false || typeof body.views !== 'number')
      throw new Error(`view read-back of ${articleId}: ${reply.status} ${JSON.stringify(body)}`);
    return body.views;
  });
  return {
    questionVotes: sum(questionVotes),
    answerVotes: sum(
      answers
        .flat()
        .filter((answer) => seededAnswers.has(answer.id))
        .map((a) => a.upvotes),
    ),
    reactions: sum(threads.map((thread) => thread.likes)),
    comments: sum(threads.map((thread) => thread.totalCount)),
    views: sum(views),
  };
}

/** Resident memory of each process near `at` seconds (the sample closest to it). */
function rssAt(samples: readonly MemorySample[], at: number): Record<string, number> {
  return samples.reduce((best, sample) => (Math.abs(sample.at - at) < Math.abs(best.at - at) ? sample : best))
    .rss;
}

async function main(): Promise<void> {
  // Without the built front ends every page document is the busy page (503): the reads would measure that.
  const frontends = path.resolve(process.env.FRONTENDS_DIR ?? 'frontends');
  if (!existsSync(path.join(frontends, 'shell', 'dist', 'server', 'render.js')))
    throw new Error(
      `no built front ends in ${frontends}: run \`bash frontends/build-all.sh\` or set FRONTENDS_DIR`,
    );
  process.env.FRONTENDS_DIR = frontends;
  const runSeconds = seconds(DURATION);
  const warmupSeconds = seconds(WARMUP);
  const buckets = Math.ceil(runSeconds / BUCKET_S) + 1;
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  const reportDir = path.resolve(__dirname, 'reports', `mixed-${mode}-${stamp}`);
  mkdirSync(reportDir, { recursive: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `pulse-mixed-${mode}-`));
  console.log(`starting the ${mode} site (abuse limits at their defaults) …`);
  const site = await startSite(
    mode,
    dataDir,
    { INGESTION_SEED_DEFAULT_SOURCES: 'false' },
    { raiseLimits: false },
  );
  let catchUp = '';
  try {
    // Each identity views a different article each time: enough of the sample corpus must be published
    // (on the local stack it arrives through the bus over the first seconds).
    const maxUses = Math.ceil((WRITE_RATE * (warmupSeconds + runSeconds)) / POOL) + 1;
    const articlesNeeded = Math.max(10, Math.ceil((maxUses * 6) / 20) + 1);
    let articleIds: string[] = [];
    await eventually(
      async () => {
        const list = await getJson(site.baseUrl, '/api/content/news?limit=50');
        articleIds = ((list.articles as Array<{ id: string }> | undefined) ?? []).map((a) => a.id);
        if (articleIds.length < articlesNeeded)
          throw new Error(`${articleIds.length} of ${articlesNeeded} articles published`);
      },
      { timeoutMs: 180_000, intervalMs: 1_000 },
    );
    if (site.bus) {
      console.log('waiting for the consumers to catch up with the topics …');
      const caughtUpS = await consumersCaughtUp(site.bus.brokers, site.bus.groupPrefix);
      catchUp = `; its consumers first caught up with the shared topics' history in ${caughtUpS.toFixed(0)} s`;
    }
    const run = Date.now().toString(36).slice(-6);
    const seedStarted = Date.now();
    const fixture = await seedCommunity(site.baseUrl, articleIds, run);
    console.log(
      `seeded ${fixture.questions.length} questions, ${fixture.answerIds.length} answers, ${fixture.commentIds.length} comments on ${fixture.threadArticleIds.length} articles`,
    );
    const identities = await createPool(site.baseUrl, POOL, run, articleIds[0]);
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    console.log(`signed up ${identities.length} readers; seeding took ${seedSeconds.toFixed(0)} s`);
    // Each identity's k-th write of a kind has a target of its own while k stays below the targets' count.
    const needs: Array<[string, number, number]> = [
      ['questions', fixture.questions.length, Math.ceil((maxUses * 2) / 20) + 1],
      ['answers', fixture.answerIds.length, Math.ceil((maxUses * 5) / 20) + 1],
      ['comments', fixture.commentIds.length, Math.ceil((maxUses * 5) / 20) + 1],
      ['articles', fixture.articleIds.length, Math.ceil((maxUses * 6) / 20) + 1],
    ];
    for (const [what, have, need] of needs)
      if (have < need)
        throw new Error(`${have} ${what} for ${need} distinct targets per identity: raise POOL`);
    const fixturePath = path.join(dataDir, 'fixture.json');
    const identitiesPath = path.join(dataDir, 'identities.json');
    writeFileSync(fixturePath, JSON.stringify(fixture));
    writeFileSync(identitiesPath, JSON.stringify(identities));
    const before = await countsOf(site.baseUrl, fixture);

    const memory = sampleMemory(site.pids, 5_000);
    const load0 = os.loadavg()[0];
    console.log(
      `k6: ${READ_RATE} reads/s + ${WRITE_RATE} writes/s for ${DURATION} against ${site.baseUrl} …`,
    );
    const summaryPath = path.join(reportDir, 'k6-summary.json');
    process.env.K6_LOCAL_IPS = LOCAL_IPS;
    const code = await runK6(path.resolve(__dirname, 'k6/mixed.js'), summaryPath, {
      BASE_URL: site.baseUrl,
      FIXTURE: fixturePath,
      IDENTITIES: identitiesPath,
      READ_RATE,
      WRITE_RATE,
      DURATION,
      WARMUP,
      BUCKET_S,
      BUCKETS: buckets,
      READ_THINK_S,
      WRITE_THINK_S,
    });
    const samples = memory
      .stop()
      .map((sample) => ({ ...sample, at: sample.at - warmupSeconds }))
      .filter((sample) => sample.at >= 0);
    const load1 = os.loadavg()[0];
    const summary = JSON.parse(readFileSync(summaryPath, 'utf8')) as Summary;
    const metric = (name: string) => summary.metrics[name] ?? {};
    const acceptedCount = (name: string) => metric(name).count ?? 0;
    const accepted: Counts = {
      questionVotes: acceptedCount('accepted_question_votes'),
      answerVotes: acceptedCount('accepted_answer_votes'),
      reactions: acceptedCount('accepted_reactions'),
      comments: acceptedCount('accepted_comments'),
      views: acceptedCount('accepted_views'),
    };
    // Counts follow votes and reactions within a moment (COMMUNITY_VOTE_COUNT_DELAY_MS); views through
    // the content service's applier. Waited for with a deadline, then reported as they are.
    let after = before;
    const matches = (counts: Counts) =>
      (Object.keys(accepted) as Array<keyof Counts>).every(
        (key) => counts[key] - before[key] === accepted[key],
      );
    const unanswered: Counts = {
      questionVotes: acceptedCount('unanswered_question_votes'),
      answerVotes: acceptedCount('unanswered_answer_votes'),
      reactions: acceptedCount('unanswered_reactions'),
      comments: acceptedCount('unanswered_comments'),
      views: acceptedCount('unanswered_views'),
    };
    // A write k6 stopped waiting for may have landed all the same: the site's count may exceed the
    // accepted writes by at most those; more would be doubled writes, fewer lost ones.
    const withinUnanswered = (key: keyof Counts) => {
      const delta = after[key] - before[key];
      return delta >= accepted[key] && delta <= accepted[key] + unanswered[key];
    };
    const readBackStarted = Date.now();
    await eventually(
      async () => {
        after = await countsOf(site.baseUrl, fixture);
        if (!(Object.keys(accepted) as Array<keyof Counts>).every(withinUnanswered))
          throw new Error('the counts differ');
      },
      { timeoutMs: 120_000, intervalMs: 3_000 },
    ).catch(() => undefined);
    const readBackSeconds = (Date.now() - readBackStarted) / 1000;

    const row = (label: string, scenario: string) => {
      const duration = metric(`http_req_duration{scenario:${scenario}}`);
      const requests = metric(`http_reqs{scenario:${scenario}}`);
      const failed = metric(`http_req_failed{scenario:${scenario}}`);
      const dropped = metric(`dropped_iterations{scenario:${scenario}}`).count ?? 0;
      return {
        text: `| ${label} | ${requests.count ?? 0} | ${((requests.count ?? 0) / runSeconds).toFixed(0)} | ${duration.med?.toFixed(1)} ms | ${duration['p(95)']?.toFixed(1)} ms | ${duration['p(99)']?.toFixed(1)} ms | ${((failed.value ?? 0) * 100).toFixed(3)} % | ${dropped} |`,
        p95: duration['p(95)'] ?? Infinity,
        failed: failed.value ?? 1,
        dropped,
      };
    };
    const reads = row('reads', 'reading');
    const writes = row('writes', 'writing');
    const kinds = ['question-vote', 'answer-vote', 'reaction', 'comment', 'view'].map((kind) => {
      const duration = metric(`http_req_duration{scenario:writing,name:${kind}}`);
      return `| ${kind} | ${duration.count ?? 0} | ${duration.med?.toFixed(1)} ms | ${duration['p(95)']?.toFixed(1)} ms | ${duration['p(99)']?.toFixed(1)} ms |`;
    });
    const names = Object.keys(samples[0]?.rss ?? {});
    const atMinute2 = rssAt(samples, 120);
    const atEnd = rssAt(samples, samples[samples.length - 1].at);
    const growthOf = (from: number, to: number) => ((to - from) / from) * 100;
    const pct = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)} %`;
    const memoryRows = [...names, 'total'].map((name) => {
      const from = name === 'total' ? sum(Object.values(atMinute2)) : atMinute2[name];
      const to = name === 'total' ? sum(Object.values(atEnd)) : atEnd[name];
      return {
        name,
        text: `| ${name} | ${from.toFixed(0)} MiB | ${to.toFixed(0)} MiB | ${pct(growthOf(from, to))} |`,
        growth: growthOf(from, to),
      };
    });
    const countRows = (Object.keys(accepted) as Array<keyof Counts>).map((key) => {
      const delta = after[key] - before[key];
      const verdict =
        delta === accepted[key]
          ? 'yes'
          : withinUnanswered(key)
            ? `yes: ${delta - accepted[key]} of the unanswered landed`
            : `NO (${delta - accepted[key] > 0 ? '+' : ''}${delta - accepted[key]})`;
      return `| ${key} | ${accepted[key]} | ${unanswered[key]} | ${delta} | ${verdict} |`;
    });
    const refused429 = acceptedCount('writes_refused_429');
    const notCounted = acceptedCount('views_not_counted');
    const total = memoryRows[memoryRows.length - 1];
    const verdicts = [
      `reads p95 < 50 ms: ${reads.p95 < 50 ? 'yes' : 'NO'}`,
      `writes p95 < 100 ms: ${writes.p95 < 100 ? 'yes' : 'NO'}`,
      `0 errors: reads ${reads.failed === 0 ? 'yes' : 'NO'}, writes ${writes.failed === 0 ? 'yes' : 'NO'} (refused with 429 over the whole run: reads ${acceptedCount('reads_refused_429')}, writes ${refused429})`,
      `no dropped iterations: reads ${reads.dropped === 0 ? 'yes' : 'NO'}, writes ${writes.dropped === 0 ? 'yes' : 'NO'}`,
      `memory at the end within 10 % of minute 2 (total): ${Math.abs(total.growth) <= 10 ? 'yes' : total.growth < 0 ? 'no, it fell' : 'NO, it grew'}; per process: ${memoryRows
        .slice(0, -1)
        .map((r) => `${r.name} ${pct(r.growth)}`)
        .join(', ')}`,
      `every accepted write counted once, none lost or doubled: ${matches(after) ? 'yes' : (Object.keys(accepted) as Array<keyof Counts>).every(withinUnanswered) ? 'yes, with writes k6 timed out on landing as well' : 'NO'} (read back ${readBackSeconds.toFixed(0)} s after the run; views answered 200 but not counted by the site's caps or windows: ${notCounted})`,
    ];
    const command = `READ_RATE=${READ_RATE} WRITE_RATE=${WRITE_RATE} DURATION=${DURATION} WARMUP=${WARMUP} npm run bench:mixed${mode === 'local' ? ' -- local' : ''}`;
    const text = [
      `# Mixed run: ${READ_RATE} reads/s + ${WRITE_RATE} writes/s for ${DURATION}, ${mode}`,
      '',
      `Command: \`${command}\`; ${new Date().toISOString().slice(0, 16)} UTC; ${os.cpus().length} CPUs shared by k6, the site and other work on the machine, Node ${process.version}, load average ${load0.toFixed(1)} at the start and ${load1.toFixed(1)} at the end; k6 exit code ${code}${catchUp}. Abuse limits at their defaults; k6's VUs each on their own loopback address (${LOCAL_IPS}), pausing ${READ_THINK_S} s after a page and ${WRITE_THINK_S} s on average (0.5–1.5×) after a write; ${POOL} reader identities signed up from 127.20/16 before the run (seeding ${seedSeconds.toFixed(0)} s).`,
      '',
      '| traffic | requests | req/s | p50 | p95 | p99 | errors | dropped |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      reads.text,
      writes.text,
      '',
      '| write | requests | p50 | p95 | p99 |',
      '|---|---:|---:|---:|---:|',
      ...kinds,
      '',
      '| write kind (whole run, warm-up included) | accepted (2xx) | unanswered (k6 timed out) | site count change | none lost or doubled |',
      '|---|---:|---:|---:|---|',
      ...countRows,
      '',
      '| process | RSS minute 2 | RSS end | change |',
      '|---|---:|---:|---:|',
      ...memoryRows.map((r) => r.text),
      '',
      ...verdicts.map((line) => `- ${line}`),
      '',
      '![latency and memory over time](plot.png)',
      '',
    ].join('\n');
    writeFileSync(path.join(reportDir, 'README.md'), text);
    writeFileSync(path.join(reportDir, 'memory.json'), JSON.stringify(samples));
    const points = (trend: string): LatencyPoint[] => {
      const out: LatencyPoint[] = [];
      for (let bucket = 0; bucket < buckets; bucket += 1) {
        const values = summary.metrics[`${trend}{bucket:${bucket}}`];
        if (values?.count)
          out.push({ at: (bucket + 0.5) * BUCKET_S, p95: values['p(95)'], p99: values['p(99)'] });
      }
      return out;
    };
    await plotSoak(
      path.join(reportDir, 'plot.png'),
      `${READ_RATE} reads/s + ${WRITE_RATE} writes/s, ${DURATION}, ${mode} (${os.cpus().length} CPUs)`,
      points('read_latency'),
      samples,
      { writes: points('write_latency'), limits: [50, 100] },
    );
    console.log(`\n${text}\nreport: ${path.relative(process.cwd(), reportDir)}`);
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

/**
 * Where a vote's time goes, alone and beside reads in the same event loop: the community service on the
 * embedded adapters in this process (no gateway, so nothing is micro-cached: every read is the service's
 * own work), question votes in a closed loop of VOTERS at a time, and with READ_RATE question-list and
 * detail reads a second fired open-loop beside them. Each step of a vote is timed by wrapping the
 * service's own objects (the question read, the rate limits, the vote record, trust, the counters, and
 * inside a counter flush the `$inc`, the record settles and the purge), so the table says which waits grow
 * with the reads. Run once with the counters written in the request (COMMUNITY_COUNTER_FLUSH_MS=0, as
 * before batching) and once batched (50 ms).
 *
 *   node -r @swc-node/register bench/community-vote-steps.ts [seconds=15] [reads=300] [voters=6]
 *
 * Prints one block per run: reads/s done, votes/s, vote p50/p95/p99, the event loop's delay p99, the
 * process's CPU time per request (votes and reads, flushes included) and each step's mean and p95 (ms).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { communityService } from '@pulse/community';
import { WriteLimits } from '@pulse/community/src/abuse/write-limits';
import { QuestionPurges } from '@pulse/community/src/questions/question-purges';
import { QuestionsRepository } from '@pulse/community/src/questions/questions.repository';
import { TrustService } from '@pulse/community/src/trust/trust.service';
import { VoteCounters } from '@pulse/community/src/votes/vote-counters';
import { VotesRepository } from '@pulse/community/src/votes/votes.repository';
import {
  createServiceApp,
  EmbeddedDocumentStore,
  EmbeddedSearchIndex,
  InProcessEventBus,
  MemoryCacheStore,
  OffLanguageModel,
} from '@pulse/platform';
import pino from 'pino';

const args = Object.fromEntries(process.argv.slice(2).map((arg) => arg.split('=') as [string, string]));
const SECONDS = Number(args.seconds ?? 15);
const READ_RATE = Number(args.reads ?? 300);
const VOTERS = Number(args.voters ?? 6);
const IDENTITIES = 40;
const QUESTIONS = 60;
/** Reads still unanswered past this many are not fired (counted as dropped): the loop is saturated. */
const MAX_OUTSTANDING_READS = 200;

type Inject = Awaited<ReturnType<typeof createServiceApp>>['inject'];

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0;
const fixed = (n: number) => n.toFixed(1).padStart(7);

/** Wraps `object[name]` so every call's duration lands in `steps[label]`. */
function timeEach(steps: Map<string, number[]>, label: string, object: object, name: string): void {
  const target = object as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const original = target[name].bind(object);
  steps.set(label, []);
  target[name] = async (...callArgs: unknown[]) => {
    const started = performance.now();
    try {
      return await original(...callArgs);
    } finally {
      steps.get(label)!.push(performance.now() - started);
    }
  };
}

async function run(flushMs: number, readRate: number): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulse-vote-steps-'));
  Object.assign(process.env, {
    COMMUNITY_COUNTER_FLUSH_MS: String(flushMs),
    COMMUNITY_IDENTITIES_PER_IP_HOUR: '100000',
    COMMUNITY_POSTS_PER_IP_10MIN: '100000',
    COMMUNITY_POSTS_PER_IDENTITY_10MIN: '100000',
    COMMUNITY_VOTES_PER_IDENTITY_MINUTE: '100000',
    COMMUNITY_VOTES_PER_IP_MINUTE: '1000000',
  });
  const store = await EmbeddedDocumentStore.open({ dataDir });
  const ports = {
    bus: new InProcessEventBus(),
    store,
    search: new EmbeddedSearchIndex(),
    cache: new MemoryCacheStore(),
    llm: new OffLanguageModel(),
  };
  const app = await createServiceApp(communityService, ports, pino({ level: 'silent' }));
  const inject: Inject = app.inject.bind(app);
  try {
    const tokens: string[] = [];
    for (let i = 0; i < IDENTITIES; i += 1) {
      const reply = await inject({
        method: 'POST',
        url: '/api/community/auth/anonymous',
        payload: { username: `단계${i}` },
      });
      tokens.push(JSON.parse(reply.body).data.token);
    }
    const questions: Array<{ id: string; author: number }> = [];
    for (let i = 0; i < QUESTIONS; i += 1) {
      const reply = await inject({
        method: 'POST',
        url: '/api/community/questions',
        headers: { authorization: `Bearer ${tokens[i % IDENTITIES]}` },
        payload: {
          title: `단계 측정 질문 ${i}: 토큰 비용을 줄이는 방법`,
          content: `대화 기록이 길어질수록 토큰 비용이 늘어납니다. 좋은 방법이 있을까요? 질문 번호 ${i}.`,
          category: 'gen-ai',
          tagIds: [],
          tags: ['ChatGPT'],
        },
      });
      questions.push({ id: JSON.parse(reply.body).data.id, author: i % IDENTITIES });
    }

    const steps = new Map<string, number[]>();
    timeEach(steps, 'question read', app.get(VoteCounters), 'read');
    timeEach(steps, 'rate limits', app.get(WriteLimits), 'vote');
    timeEach(steps, 'vote record (read + compare-and-set)', app.get(VotesRepository), 'transition');
    timeEach(steps, 'trust', app.get(TrustService), 'voteChanged');
    timeEach(steps, 'counters.changed (in request)', app.get(VoteCounters), 'changed');
    timeEach(steps, '  flush: $inc', app.get(QuestionsRepository).upvoteCounter, 'open');
    timeEach(steps, '  flush: record settles', app.get(VotesRepository), 'settle');
    timeEach(steps, '  flush: purge', app.get(QuestionPurges), 'changed');

    const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];
    const deadline = performance.now() + SECONDS * 1000;
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    // The process's CPU over the run: less swayed by other work on a shared machine than wall time.
    const cpuBefore = process.cpuUsage();

    let reads = 0;
    let dropped = 0;
    let outstanding = 0;
    const ticker =
      readRate > 0
        ? setInterval(() => {
            for (let i = 0; i < readRate / 100; i += 1) {
              if (outstanding >= MAX_OUTSTANDING_READS) {
                dropped += 1;
                continue;
              }
              outstanding += 1;
              const url =
                i % 2
                  ? `/api/community/questions/${pick(questions).id}`
                  : `/api/community/questions?page=${1 + (i % 3)}`;
              void inject({ method: 'GET', url }).then(() => {
                outstanding -= 1;
                reads += 1;
              });
            }
          }, 10)
        : null;

    const latencies: number[] = [];
    await Promise.all(
      Array.from({ length: VOTERS }, async () => {
        while (performance.now() < deadline) {
          const question = pick(questions);
          let voter = Math.floor(Math.random() * IDENTITIES);
          if (voter === question.author) voter = (voter + 1) % IDENTITIES;
          const started = performance.now();
          const reply = await inject({
            method: 'POST',
            url: `/api/community/questions/${question.id}/vote`,
            headers: { authorization: `Bearer ${tokens[voter]}` },
            payload: { voteType: 'upvote' },
          });
          if (reply.statusCode !== 200) throw new Error(`vote ${reply.statusCode}: ${reply.body}`);
          latencies.push(performance.now() - started);
        }
      }),
    );
    if (ticker) clearInterval(ticker);
    loop.disable();
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    latencies.sort((a, b) => a - b);
    console.log(
      `\nCOMMUNITY_COUNTER_FLUSH_MS=${flushMs}, reads fired at ${readRate}/s: ${(reads / SECONDS).toFixed(0)} reads/s done` +
        ` (${dropped} not fired), ${(latencies.length / SECONDS).toFixed(0)} votes/s; vote p50 ${fixed(quantile(latencies, 0.5))}` +
        ` p95 ${fixed(quantile(latencies, 0.95))} p99 ${fixed(quantile(latencies, 0.99))} ms; event loop delay p99 ${fixed(loop.percentile(99) / 1e6)} ms;` +
        ` CPU ${(cpuMs / (latencies.length + reads)).toFixed(2)} ms a request`,
    );
    console.log(`${'step'.padEnd(40)}  calls    mean     p95`);
    for (const [label, durations] of steps) {
      durations.sort((a, b) => a - b);
      const mean = durations.reduce((sum, d) => sum + d, 0) / (durations.length || 1);
      console.log(
        `${label.padEnd(40)} ${String(durations.length).padStart(6)} ${fixed(mean)} ${fixed(quantile(durations, 0.95))}`,
      );
    }
    // Reads still in flight finish before the app closes.
    while (outstanding > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    await app.close();
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  for (const flushMs of [0, 50]) {
    await run(flushMs, 0);
    await run(flushMs, READ_RATE);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

/**
 * Freshness bench (docs/pipeline.md 'Freshness: adaptive polling and WebSub'): how long from a source publishing a story to its Korean version going
 * live, by kind of source. Fixture feeds publish on realistic schedules (publishing.ts: a busy site, a
 * slow blog, a site with a WebSub hub served by the local test hub of @pulse/testing); the whole site
 * runs embedded in this process (startEmbedded: ingestion → in-process bus → translation with an
 * OpenAI-compatible stub answering after 200 ms → content), reached through its gateway.
 *
 * Time: ingestion's scheduler and the publishing schedules run on a compressed clock, BENCH_SCALE
 * (120) times faster than the wall clock, so BENCH_HOURS (6) simulated hours pass in 3 real minutes.
 * Everything after the fetch (bus, LLM stub, content) runs in real time and is counted unscaled:
 *
 *   latency = (collectedAt − source publication)          simulated: the wait for a poll or a push
 *           + (Korean publication − real time of collectedAt)  real: fetch, parse, bus, LLM, content
 *
 * using the article's own freshness stamps from GET /api/articles/:id (sourcePublishedAt, collectedAt
 * on ingestion's compressed clock, koreanPublishedAt on translation's real one). The push path's HTTP
 * round trips happen in real time but are counted in simulated time (×BENCH_SCALE), which only makes
 * the pushed figures worse than they are.
 *
 *   npm run bench:freshness
 *   BENCH_HOURS=12 BENCH_SCALE=240 npm run bench:freshness
 *
 * Settings: BENCH_HOURS (6), BENCH_SCALE (120), BENCH_LLM_LATENCY_MS (200), BENCH_LOG_LEVEL (error).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ArticleDetailResponse, OffsetPageResponse } from '@pulse/contracts';
import { freePort, startWebSubTestHub } from '@pulse/testing';
import { startLlmStub } from './news-pipeline/llm-stub';
import { CompressedClock } from './freshness/compressed-clock';
import { startFreshnessFeedServer } from './freshness/feed-server';
import { planStories, SOURCE_PLANS, type PlannedStory, type SourceKind } from './freshness/publishing';
import { BENCH_ADMIN_TOKEN, startFreshnessSite } from './freshness/site';

const HOURS = Number(process.env.BENCH_HOURS ?? 6);
const SCALE = Number(process.env.BENCH_SCALE ?? 120);
const LLM_LATENCY_MS = Number(process.env.BENCH_LLM_LATENCY_MS ?? 200);
const MIN = 60_000;
const HOUR = 60 * MIN;
/** After the last publication, at most this much simulated time for the last stories to go live. */
const DRAIN_MS = 2 * HOUR;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

interface Measured {
  story: PlannedStory;
  waitMs: number;
  pipelineMs: number;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulse-bench-freshness-'));
  // Simulated time ends before the wall clock's now: every date a feed carries is in the past.
  const simStart = Date.now() - (HOURS + 3) * HOUR;
  const windowStart = simStart + 10 * MIN;
  const windowEnd = windowStart + HOURS * HOUR;
  const stories = planStories(windowStart, windowEnd, 'https://news.bench.example');
  const measured = stories.filter((story) => story.publishedAt >= windowStart);

  const hub = await startWebSubTestHub();
  const port = await freePort();
  const llm = await startLlmStub(LLM_LATENCY_MS, stories.length * 2 + 50);
  const clock = new CompressedClock(SCALE, simStart);
  const feeds = await startFreshnessFeedServer(stories, clock, { pushed: hub.hubUrl });
  const site = await startFreshnessSite({ clock, llmBaseUrl: llm.baseUrl, dataDir, port });
  const base = `http://127.0.0.1:${port}`;
  const admin = { authorization: `Bearer ${BENCH_ADMIN_TOKEN}`, 'content-type': 'application/json' };
  try {
    for (const plan of SOURCE_PLANS) {
      const response = await fetch(`${base}/api/ingestion/sources`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({
          name: `Freshness ${plan.feed}`,
          sourceType: 'rss',
          url: feeds.urlOf(plan.feed),
          category: 'big-tech',
          allowPrivateNetwork: true,
        }),
      });
      if (response.status !== 201)
        throw new Error(`adding a source: ${response.status} ${await response.text()}`);
    }
    console.error(
      `… ${measured.length} stories over ${HOURS} simulated hours at ${SCALE}× (${((HOURS * HOUR) / SCALE / 1000).toFixed(0)} s real)`,
    );

    // The WebSub site pushes each story through its hub the moment it publishes it.
    const topic = feeds.urlOf('pushed');
    let pushes = 0;
    let unsubscribedPushes = 0;
    for (const story of measured
      .filter((s) => s.feed === 'pushed')
      .sort((a, b) => a.publishedAt - b.publishedAt)) {
      await sleep(Math.max(0, clock.realAt(story.publishedAt) - Date.now()));
      const answers = await hub.publish(topic, feeds.documentOf('pushed', story.publishedAt), {
        contentType: 'application/rss+xml',
      });
      if (answers.length === 0) unsubscribedPushes += 1;
      pushes += answers.filter((answer) => answer.status === 204).length;
    }
    await sleep(Math.max(0, clock.realAt(windowEnd) - Date.now()));

    // Until every story is live in Korean (or the drain ends): read them as a reader would.
    const live = new Map<string, ArticleDetailResponse['article']>();
    const drainEnd = clock.realAt(windowEnd + DRAIN_MS);
    const wanted = new Set(measured.map((story) => story.link));
    while (Date.now() < drainEnd) {
      for (let offset = 0; ; offset += 50) {
        const page = (await (
          await fetch(`${base}/api/content/news?limit=50&offset=${offset}`, { headers: admin })
        ).json()) as OffsetPageResponse;
        for (const item of page.articles) {
          const link = item.originalArticle?.sourceUrl;
          if (!link || !wanted.has(link) || live.has(link)) continue;
          const detail = (await (
            await fetch(`${base}/api/articles/${item.id}`, { headers: admin })
          ).json()) as ArticleDetailResponse;
          if (detail.article.freshness.koreanPublishedAt) live.set(link, detail.article);
        }
        if (page.articles.length < 50) break;
      }
      if (live.size >= wanted.size) break;
      await sleep(2_000);
    }

    const results: Measured[] = [];
    for (const story of measured) {
      const article = live.get(story.link);
      if (!article) continue;
      const { collectedAt, koreanPublishedAt } = article.freshness;
      const collected = Date.parse(collectedAt!);
      results.push({
        story,
        waitMs: collected - story.publishedAt,
        pipelineMs: Date.parse(koreanPublishedAt!) - clock.realAt(collected),
      });
    }
    if (process.env.BENCH_DEBUG)
      for (const story of measured.filter((s) => !live.has(s.link)))
        console.error(
          'not live',
          story.kind,
          story.link,
          (windowEnd - story.publishedAt) / MIN,
          'min before the end',
        );
    report(results, measured, {
      pushes,
      unsubscribedPushes,
      requests: feeds.requests,
      hubRequests: hub.requests.length,
    });
  } finally {
    await site.close();
    await feeds.close();
    await hub.close();
    await llm.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(
  results: Measured[],
  measured: PlannedStory[],
  extra: {
    pushes: number;
    unsubscribedPushes: number;
    requests: Map<string, { full: number; notModified: number }>;
    hubRequests: number;
  },
): void {
  const minutes = (ms: number) => (ms / MIN).toFixed(1);
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  const row = (label: string, kinds: SourceKind[], feeds: string[]) => {
    const rows = results.filter((r) => kinds.includes(r.story.kind));
    const total = rows.map((r) => r.waitMs + r.pipelineMs);
    const planned = measured.filter((s) => kinds.includes(s.kind)).length;
    const polls = feeds.map((feed) => extra.requests.get(feed) ?? { full: 0, notModified: 0 });
    const full = polls.reduce((sum, p) => sum + p.full, 0);
    const notModified = polls.reduce((sum, p) => sum + p.notModified, 0);
    return `| ${label} | ${rows.length}/${planned} | ${minutes(percentile(total, 50))} (${seconds(percentile(total, 50))} s) | ${minutes(percentile(total, 95))} (${seconds(percentile(total, 95))} s) | ${minutes(
      percentile(
        rows.map((r) => r.waitMs),
        50,
      ),
    )} | ${seconds(
      percentile(
        rows.map((r) => r.pipelineMs),
        50,
      ),
    )} | ${full + notModified} (${notModified} answered 304) |`;
  };
  console.log(
    `\nFreshness over ${HOURS} simulated hours at ${SCALE}× (ingestion's clock and the publishing schedules compressed; ` +
      `fetch → Korean publication in real time), LLM stub ${LLM_LATENCY_MS} ms, embedded site (${os.cpus().length} CPUs, Node ${process.version})\n`,
  );
  console.log(
    '| source kind | stories live | publication → Korean, median min (s) | p95 min (s) | wait for poll/push, median min | fetch → Korean, median s | feed requests (304) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  console.log(row('busy (polled), a story every 5 min', ['busy (polled)'], ['busy']));
  console.log(row('slow (polled), a story an hour', ['slow (polled)'], ['slow']));
  console.log(row('all polled', ['busy (polled)', 'slow (polled)'], ['busy', 'slow']));
  console.log(row('WebSub (pushed), a story every 15 min', ['WebSub (pushed)'], ['pushed']));
  console.log(
    `\nWebSub: ${extra.hubRequests} subscription request(s) to the hub, ${extra.pushes} pushes accepted (204), ` +
      `${extra.unsubscribedPushes} published before a verified subscription. Goals: median < 5 min polled, < 60 s pushed.`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

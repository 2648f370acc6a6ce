import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ArticleCollectedPayload, ArticleTranslatedPayload, EventEnvelope } from '@pulse/contracts';
// The system tests may import services (eslint boundaries: type:test); the expectation is computed with
// ingestion's own parser and canonicaliser from the fixture files, so no count is hard-coded here.
import { canonicalUrl } from '@pulse/ingestion/src/clustering/canonical-url';
import { parseFeed } from '@pulse/ingestion/src/parsing';
import type { RunAdminView } from '@pulse/ingestion/src/runs/run.record';
import { sourceParagraphsOf } from '@pulse/translation/src/alignment/alignment';
import { DEFAULT_FIXTURES_ROOT, eventually, type FixtureServer } from '@pulse/testing';
import { koreanTitleFor, UNSAFE_MARKUP, type KoreanLlmServer } from './korean-llm-server';

export const PIPELINE_ADMIN_TOKEN = 'system-test-admin-token-0123456789';
export const adminHeaders = {
  authorization: `Bearer ${PIPELINE_ADMIN_TOKEN}`,
  'content-type': 'application/json',
};

/** The two fixture feeds the pipeline tests add as sources: an RSS 2.0 and an Atom 1.0 document. */
export const PIPELINE_FEEDS = [
  { file: 'feeds/rss2.xml', name: 'Byteline Daily (fixture)', category: 'big-tech' },
  { file: 'feeds/atom.xml', name: 'ModelWatch (fixture)', category: 'gen-ai' },
] as const;

/** Body of POST /api/ingestion/sources for one fixture feed served by the fixture server. */
export function fixtureSourceBody(
  fixtureServerUrl: string,
  feed: (typeof PIPELINE_FEEDS)[number],
  tag: string,
) {
  return {
    name: `${feed.name} ${tag}`,
    description: 'Fixture feed for the news-pipeline system test',
    sourceType: 'rss',
    url: `${fixtureServerUrl}/${feed.file}`,
    category: feed.category,
    allowPrivateNetwork: true,
  };
}

/**
 * The distinct stories the two fixture feeds hold: their items as ingestion parses them (the Atom
 * draft without a link is rejected there), by canonical URL. The feeds are two fictional sites with no
 * story in common, so clustering must keep every one apart: the expected story count is this size.
 */
export function expectedFixtureStories(): Map<string, { title: string; file: string }> {
  const stories = new Map<string, { title: string; file: string }>(); // by canonical URL
  for (const feed of PIPELINE_FEEDS) {
    const text = readFileSync(path.join(DEFAULT_FIXTURES_ROOT, feed.file), 'utf8');
    const parsed = parseFeed({
      text,
      contentType: 'application/xml',
      sourceType: 'rss',
      url: `http://fixtures.invalid/${feed.file}`,
    });
    for (const item of parsed.items)
      stories.set(canonicalUrl(item.link), { title: item.title, file: feed.file });
  }
  return stories;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[0-9a-f]$/;

/** The trace id of a W3C traceparent; throws on a missing or malformed one (or the all-zero id). */
export function traceIdOf(traceparent: string | undefined): string {
  const match = TRACEPARENT.exec(traceparent ?? '');
  if (!match || /^0+$/.test(match[1])) throw new Error(`not a valid traceparent: ${String(traceparent)}`);
  return match[1];
}

/** One stored translation job as the tests read it (the translations collection). */
export interface StoredTranslation {
  _id: string;
  status: string;
  source: ArticleCollectedPayload;
  attempts: number;
  output: { title: string; summary: string; bodyHtml: string; tags: string[] } | null;
}

const HANGUL = /[\uac00-\ud7a3]/;

/** Sanitised Korean output: the echoed Korean title, Korean text, and none of the unsafe markup sent. */
export function expectSanitisedKorean(job: StoredTranslation): void {
  expect(job.status).toBe('translated');
  expect(job.output).not.toBeNull();
  const output = job.output!;
  expect(output.title).toBe(koreanTitleFor(job.source.title));
  expect(output.summary).toMatch(HANGUL);
  expect(output.bodyHtml).toMatch(HANGUL);
  expect(output.bodyHtml).toContain('<p>한국어로 다시 쓴 본문입니다.</p>');
  for (const unsafe of UNSAFE_MARKUP) expect(output.bodyHtml).not.toContain(unsafe.trim());
  expect(output.bodyHtml).not.toMatch(/<script|onclick/i);
}

/**
 * Trace continuity from fetch to store: each article.translated carries the trace id of the
 * article.collected it came from (ingestion's run span → outbox → bus → translation's consumer span →
 * outbox), in a span of its own.
 */
export function expectTraceContinuity(
  collected: Map<string, EventEnvelope<ArticleCollectedPayload>>,
  translated: Map<string, EventEnvelope<ArticleTranslatedPayload>>,
  clusterIds: Iterable<string>,
): void {
  for (const clusterId of clusterIds) {
    const from = collected.get(clusterId);
    const to = translated.get(clusterId);
    if (!from || !to) throw new Error(`cluster ${clusterId}: collected ${!!from}, translated ${!!to}`);
    expect({ clusterId, traceId: traceIdOf(to.traceparent) }).toEqual({
      clusterId,
      traceId: traceIdOf(from.traceparent),
    });
    expect(to.traceparent).not.toBe(from.traceparent);
  }
}

/** A source run as GET /api/ingestion/admin/runs lists it (with its error message). */
export type PipelineRun = Pick<
  RunAdminView,
  'sourceId' | 'outcome' | 'httpStatus' | 'itemsNew' | 'itemsJoined' | 'itemsDuplicate' | 'error'
>;

async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { ...init, headers: { ...adminHeaders, ...init.headers } });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} → ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Drives the ingestion service through its HTTP API, as an admin would. */
export function ingestionApi(baseUrl: string) {
  return {
    /** POST /api/ingestion/sources; returns the new source's id. */
    async addSource(body: Record<string, unknown>): Promise<string> {
      const created = await call<{ id: string }>(`${baseUrl}/api/ingestion/sources`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
      return created.id;
    },
    /** POST /api/ingestion/runs {sourceId}: queues one run (202). */
    async trigger(sourceId: string): Promise<void> {
      const result = await call<{ queued: string[] }>(`${baseUrl}/api/ingestion/runs`, {
        method: 'POST',
        body: JSON.stringify({ sourceId }),
      });
      if (!result.queued.includes(sourceId)) throw new Error(`run of ${sourceId} not queued`);
    },
    /** The source's runs, newest first, as the admin reads them (each failure's message too). */
    runs(sourceId: string): Promise<PipelineRun[]> {
      return call<PipelineRun[]>(
        `${baseUrl}/api/ingestion/admin/runs?sourceId=${encodeURIComponent(sourceId)}`,
      );
    },
    /** Waits until each source has `count` runs recorded; returns each one's newest. */
    async waitForRuns(sourceIds: string[], count: number, timeoutMs = 20_000): Promise<PipelineRun[]> {
      return eventually(
        async () =>
          Promise.all(
            sourceIds.map(async (sourceId) => {
              const runs = await this.runs(sourceId);
              if (runs.length < count)
                throw new Error(`${sourceId}: ${runs.length} of ${count} runs recorded`);
              return runs[0];
            }),
          ),
        { timeoutMs, intervalMs: 100 },
      );
    },
  };
}

/** A stored story (ingestion's collected_stories) as the tests read it. */
export interface StoredStory {
  _id: string;
  sources: Array<{ sourceId: string; canonicalUrl: string }>;
}

/** What a pipeline spec gives the shared scenario: the running services and how to read their results. */
export interface PipelineContext {
  api: ReturnType<typeof ingestionApi>;
  fixtures: FixtureServer;
  llm: KoreanLlmServer;
  /** Unique per test run; in every source name, so this run's LLM calls can be told apart. */
  tag: string;
  /** Stories listing any of these sources. */
  stories(sourceIds: string[]): Promise<StoredStory[]>;
  /** Translation jobs of these clusters. */
  translations(clusterIds: string[]): Promise<StoredTranslation[]>;
  /** Envelopes seen by the test's own consumer group, by clusterId. */
  collected: Map<string, EventEnvelope<ArticleCollectedPayload>>;
  translated: Map<string, EventEnvelope<ArticleTranslatedPayload>>;
  timeoutMs: number;
  /** Added to a failure's message: e.g. the service processes' output. */
  diagnostics?: () => string;
}

export interface FirstPass {
  sourceIds: string[];
  clusterIds: string[];
}

/** LLM calls made for this run's sources (their names are in the prompt's original_links). */
const callsOf = (ctx: PipelineContext) => ctx.llm.calls.filter((call) => call.prompt.includes(ctx.tag));

/**
 * Adds the RSS 2.0 and Atom fixture feeds as sources, runs them, and waits until every new story is
 * stored as a translated Korean article; then checks counts, output and trace continuity.
 */
export async function collectAndTranslateFixtureFeeds(ctx: PipelineContext): Promise<FirstPass> {
  const expected = expectedFixtureStories();
  const sourceIds: string[] = [];
  for (const feed of PIPELINE_FEEDS)
    sourceIds.push(await ctx.api.addSource(fixtureSourceBody(ctx.fixtures.url, feed, ctx.tag)));
  for (const sourceId of sourceIds) await ctx.api.trigger(sourceId);

  const runs = await ctx.api.waitForRuns(sourceIds, 1, ctx.timeoutMs);
  for (const run of runs) expect(run).toMatchObject({ outcome: 'ok', httpStatus: 200, error: null });
  expect(runs.reduce((sum, run) => sum + run.itemsNew, 0)).toBe(expected.size);

  const stories = await ctx.stories(sourceIds);
  expect(stories).toHaveLength(expected.size);
  const urls = stories.flatMap((story) => story.sources.map((source) => source.canonicalUrl));
  expect([...urls].sort()).toEqual([...expected.keys()].sort());
  const clusterIds = stories.map((story) => story._id);

  const jobs = await eventually(
    async () => {
      const found = await ctx.translations(clusterIds);
      const done = found.filter((job) => job.status === 'translated').length;
      const collected = clusterIds.filter((id) => ctx.collected.has(id)).length;
      const translated = clusterIds.filter((id) => ctx.translated.has(id)).length;
      if (done < clusterIds.length || collected < clusterIds.length || translated < clusterIds.length)
        throw new Error(
          `of ${clusterIds.length} stories: ${found.length} jobs, ${done} translated; envelopes seen: ` +
            `${collected} collected, ${translated} translated; LLM calls: ${callsOf(ctx).length}` +
            (ctx.diagnostics ? `\n${ctx.diagnostics()}` : ''),
        );
      return found;
    },
    { timeoutMs: ctx.timeoutMs, intervalMs: 100 },
  );
  expect(jobs).toHaveLength(expected.size);
  for (const job of jobs) {
    expectSanitisedKorean(job);
    expect(job.attempts).toBe(1);
    expect(ctx.translated.get(job._id)!.payload).toMatchObject({
      articleId: job._id,
      clusterId: job._id,
      translationStatus: 'translated',
      title: job.output!.title,
      bodyHtml: job.output!.bodyHtml,
    });
    // The test LLM aligns its two Korean paragraphs with the source's first two, so the '원문 대조' view travels;
    // a story whose body has no paragraph (a summary-only item) has nothing to align, and no view.
    const sourceParagraphs = sourceParagraphsOf(job.source);
    const bilingual = ctx.translated.get(job._id)!.payload.bilingual;
    if (sourceParagraphs.length === 0) expect(bilingual).toBeUndefined();
    else
      expect(bilingual).toEqual({
        sourceParagraphs,
        pairs: [
          { korean: '한국어로 다시 쓴 본문입니다.', sources: [0] },
          { korean: '핵심 내용을 정리했습니다.', sources: [Math.min(1, sourceParagraphs.length - 1)] },
        ],
      });
  }
  expect(jobs.some((job) => ctx.translated.get(job._id)!.payload.bilingual)).toBe(true);
  expectTraceContinuity(ctx.collected, ctx.translated, clusterIds);

  // One LLM call per story, none repeated.
  const calls = callsOf(ctx);
  expect(calls).toHaveLength(expected.size);
  expect(calls.map((c) => c.sourceTitle).sort()).toEqual(jobs.map((job) => job.source.title).sort());
  return { sourceIds, clusterIds };
}

/**
 * A second trigger of the same sources: conditional GET answers 304, so nothing is parsed; a third
 * source serving the same RSS document under another URL gets a 200 and finds only exact duplicates.
 * Neither makes a story, an event or an LLM call.
 */
export async function retriggerChangesNothing(ctx: PipelineContext, first: FirstPass): Promise<void> {
  const expected = expectedFixtureStories();
  const callsBefore = callsOf(ctx).length;
  const requestsBefore = ctx.fixtures.requests.length;
  for (const sourceId of first.sourceIds) await ctx.api.trigger(sourceId);
  const feed = PIPELINE_FEEDS[0];
  const copyId = await ctx.api.addSource({
    ...fixtureSourceBody(ctx.fixtures.url, feed, `${ctx.tag} copy`),
    url: `${ctx.fixtures.url}/${feed.file}?copy=${encodeURIComponent(ctx.tag)}`,
  });
  await ctx.api.trigger(copyId);

  const again = await ctx.api.waitForRuns(first.sourceIds, 2, ctx.timeoutMs);
  for (const run of again)
    expect(run).toMatchObject({ outcome: 'not-modified', httpStatus: 304, itemsNew: 0, error: null });
  const feedPaths = new Set(PIPELINE_FEEDS.map((f) => `/${f.file}`));
  const conditional = ctx.fixtures.requests
    .slice(requestsBefore)
    .filter((request) => feedPaths.has(request.path));
  expect(conditional).toHaveLength(first.sourceIds.length);
  for (const request of conditional)
    expect(request.headers['if-none-match'] ?? request.headers['if-modified-since']).toBeTruthy();

  const [copy] = await ctx.api.waitForRuns([copyId], 1, ctx.timeoutMs);
  const inCopiedFeed = [...expected.values()].filter((story) => story.file === feed.file).length;
  expect(copy).toMatchObject({
    outcome: 'ok',
    httpStatus: 200,
    itemsNew: 0,
    itemsJoined: 0,
    itemsDuplicate: inCopiedFeed,
    error: null,
  });

  // The runs are recorded after their stories would have been stored: nothing new can still arrive.
  expect(await ctx.stories([...first.sourceIds, copyId])).toHaveLength(expected.size);
  const jobs = await ctx.translations(first.clusterIds);
  expect(jobs).toHaveLength(expected.size);
  for (const job of jobs) expect(job).toMatchObject({ status: 'translated', attempts: 1 });
  expect(callsOf(ctx)).toHaveLength(callsBefore);
}

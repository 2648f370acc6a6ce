/**
 * The assistant's search-only answer latency: what a reader waits for with no LLM configured.
 * Content and community run in this process as their own Nest apps on the embedded adapters, each
 * listening on a free port, as the separate-process modes run them: community retrieves through content's
 * public search API over HTTP (COMMUNITY_CONTENT_URL), stores the question and the answer, and answers
 * with the best passages. BENCH_ARTICLES articles are published into content first (article.translated).
 *
 *   npm run bench:assistant [-- requests=N concurrency=C]     (defaults: 300 requests, 1 then 8 at a time)
 *
 * Prints p50/p95/p99 and requests per second, sequential (one reader) and with C readers at once; each
 * reader is its own identity (the per-identity limits are raised for the bench). JSON replies (the
 * streamed form sends the same answer as one delta).
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { communityService } from '@pulse/community';
import { contentService } from '@pulse/content';
import { TOPICS, buildEnvelope, type ArticleTranslatedPayload } from '@pulse/contracts';
import {
  createServiceApp,
  EmbeddedDocumentStore,
  EmbeddedSearchIndex,
  InProcessEventBus,
  MemoryCacheStore,
  OffImageGenerator,
  OffLanguageModel,
} from '@pulse/platform';
import pino from 'pino';

const args = Object.fromEntries(process.argv.slice(2).map((arg) => arg.split('=') as [string, string]));
const REQUESTS = Number(args.requests ?? 300);
const CONCURRENCY = Number(args.concurrency ?? 8);
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 2000);
const logger = pino({ level: process.env.BENCH_LOG_LEVEL ?? 'silent' });

const TOPIC_WORDS = [
  ['오픈AI', '추론 모델', 'GPU'],
  ['이더리움', '가스비', '레이어2'],
  ['엔비디아', '데이터센터', '전력'],
  ['애플', '온디바이스 AI', '칩'],
  ['비트코인', 'ETF', '거래량'],
] as const;
const QUESTIONS = [
  '오픈AI 추론 모델 비용은?',
  '이더리움 가스비가 왜 내렸어?',
  '엔비디아 데이터센터 전력 문제 알려줘',
  '애플 온디바이스 AI 칩',
  '비트코인 ETF 거래량은 어때?',
  '레이어2 수수료',
];

function article(i: number): ArticleTranslatedPayload {
  const [company, subject, detail] = TOPIC_WORDS[i % TOPIC_WORDS.length];
  const id = `bench-${i}`;
  return {
    articleId: id,
    clusterId: `cluster-${id}`,
    title: `${company}, ${subject} 관련 발표 ${i}`,
    summary: `${company}가 ${subject}에 대한 새 계획을 밝혔다. ${detail} 문제가 핵심이다.`,
    bodyHtml:
      `<p>${company}는 ${subject}와 ${detail}에 대해 설명했다. 업계는 ${detail} 변화에 주목한다.</p>`.repeat(
        8,
      ),
    primaryCategory: (['gen-ai', 'blockchain', 'big-tech'] as const)[i % 3],
    secondaryCategory: null,
    tags: [company, subject],
    contentType: 'news',
    keyInsights: [],
    translationStatus: 'translated',
    model: 'bench',
    usage: null,
    sources: [
      {
        sourceId: 'bench-source',
        sourceName: 'Bench Source',
        url: `https://example.com/${id}`,
        canonicalUrl: `https://example.com/${id}`,
        title: 'Benchmark article',
        author: null,
        publishedAt: null,
      },
    ],
    imageUrl: null,
    youtubeVideos: [],
    translatedAt: new Date(Date.now() - i * 60_000).toISOString(),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function main(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pulse-bench-assistant-'));
  process.env.ADMIN_TOKEN ??= 'bench-admin-token-0123456789';
  const contentBus = new InProcessEventBus({ dataDir: path.join(root, 'content-bus'), logger });
  const contentStore = await EmbeddedDocumentStore.open({ dataDir: path.join(root, 'content') });
  const content = await createServiceApp(
    contentService,
    {
      bus: contentBus,
      store: contentStore,
      search: new EmbeddedSearchIndex(),
      cache: new MemoryCacheStore(),
      llm: new OffLanguageModel(),
      images: new OffImageGenerator(),
    },
    logger,
  );
  await content.listen(0, '127.0.0.1');
  const contentUrl = `http://127.0.0.1:${(content.getHttpServer().address() as AddressInfo).port}`;

  Object.assign(process.env, {
    COMMUNITY_CONTENT_URL: contentUrl,
    ASSISTANT_MESSAGES_PER_MINUTE: '1000',
    ASSISTANT_MESSAGES_PER_DAY: '100000',
    COMMUNITY_IDENTITIES_PER_IP_HOUR: '100000',
  });
  const communityBus = new InProcessEventBus({ dataDir: path.join(root, 'community-bus'), logger });
  const communityStore = await EmbeddedDocumentStore.open({ dataDir: path.join(root, 'community') });
  const community = await createServiceApp(
    communityService,
    {
      bus: communityBus,
      store: communityStore,
      search: new EmbeddedSearchIndex(),
      cache: new MemoryCacheStore(),
      llm: new OffLanguageModel(),
    },
    logger,
  );
  await community.listen(0, '127.0.0.1');
  const communityUrl = `http://127.0.0.1:${(community.getHttpServer().address() as AddressInfo).port}`;

  try {
    console.error(`… publishing ${ARTICLES} articles into content`);
    const envelopes = Array.from({ length: ARTICLES }, (_, i) =>
      buildEnvelope(TOPICS.articleTranslated, article(i), { source: 'bench' }),
    );
    for (let start = 0; start < envelopes.length; start += 500)
      await contentBus.publish(TOPICS.articleTranslated, envelopes.slice(start, start + 500));
    const deadline = Date.now() + 300_000;
    for (;;) {
      const found = (await (
        await fetch(`${contentUrl}/api/articles/search?q=${encodeURIComponent('레이어2')}`)
      ).json()) as { total?: number };
      if ((found.total ?? 0) >= ARTICLES / TOPIC_WORDS.length - 1) break;
      if (Date.now() > deadline) throw new Error('the articles were not searchable within 300 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    const readers = await Promise.all(
      Array.from({ length: CONCURRENCY }, async (_, i) => {
        const signUp = await fetch(`${communityUrl}/api/community/auth/anonymous`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: `벤치독자${i}` }),
        });
        const token = ((await signUp.json()) as { data: { token: string } }).data.token;
        const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
        const opened = await fetch(`${communityUrl}/api/community/assistant/sessions`, {
          method: 'POST',
          headers,
          body: '{}',
        });
        const sessionId = ((await opened.json()) as { data: { id: string } }).data.id;
        return { headers, sessionId };
      }),
    );

    const ask = async (reader: (typeof readers)[number], n: number): Promise<number> => {
      const started = performance.now();
      const response = await fetch(
        `${communityUrl}/api/community/assistant/sessions/${reader.sessionId}/messages`,
        {
          method: 'POST',
          headers: reader.headers,
          body: JSON.stringify({ content: QUESTIONS[n % QUESTIONS.length] }),
        },
      );
      const body = (await response.json()) as { data?: { mode: string; message: { citations: unknown[] } } };
      if (response.status !== 200 || body.data?.mode !== 'search-only' || !body.data.message.citations.length)
        throw new Error(`unexpected answer ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
      return performance.now() - started;
    };

    for (let i = 0; i < 20; i += 1) await ask(readers[0], i); // warm-up
    const report = (label: string, latencies: number[], wallMs: number) => {
      const sorted = [...latencies].sort((a, b) => a - b);
      console.log(
        `${label}: ${latencies.length} answers, p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms, ` +
          `p99 ${percentile(sorted, 0.99).toFixed(1)} ms, ${((latencies.length / wallMs) * 1000).toFixed(0)} answers/s`,
      );
    };

    const sequential: number[] = [];
    let started = performance.now();
    for (let i = 0; i < REQUESTS; i += 1) sequential.push(await ask(readers[0], i));
    report('search-only, 1 reader ', sequential, performance.now() - started);

    const concurrent: number[] = [];
    let next = 0;
    started = performance.now();
    await Promise.all(
      readers.map(async (reader) => {
        while (next < REQUESTS) concurrent.push(await ask(reader, next++));
      }),
    );
    report(`search-only, ${CONCURRENCY} readers`, concurrent, performance.now() - started);
    console.log(
      `(${ARTICLES} articles in content; ${os.cpus().length} CPUs, shared; Node ${process.version})`,
    );
  } finally {
    await community.close();
    await content.close();
    await communityBus.close();
    await contentBus.close();
    await communityStore.close();
    await contentStore.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

/**
 * Article-detail requests per second straight to the content service: the service built with
 * createServiceApp on the embedded adapters (in-process bus, embedded store on disk, embedded search,
 * memory cache), as embedded mode runs it, listening on a free port and holding BENCH_ARTICLES published
 * articles (sent as article.translated, ~4 KB of Korean HTML each); then k6
 * (bench/content/article-detail.k6.js) requesting random articles. The first request of an article reads
 * the store, later ones hit the 5-minute cache (docs/spec-content.md §7), as on the site.
 *
 *   eval "$(infra/local/pulse-local env)"; npm run bench:content-detail
 *
 * Settings: K6_BIN (from infra/local/pulse-local env), VUS (20), DURATION (20s), BENCH_ARTICLES (2000),
 * BENCH_LOG_LEVEL (silent). k6 and the service share this machine's CPUs.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
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
import { printK6Table, runK6, summaryPathIn } from './k6-run';

const VUS = process.env.VUS ?? '20';
const DURATION = process.env.DURATION ?? '20s';
const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 2000);
const PREFIX = 'bench-';
const logger = pino({ level: process.env.BENCH_LOG_LEVEL ?? 'silent' });

const PARAGRAPH =
  '<p>오픈AI와 엔비디아가 차세대 추론 인프라를 위한 협력을 발표했다. 이번 발표는 생성형 AI 시장의 경쟁 구도를 바꿀 수 있다는 평가를 받는다. ' +
  '업계는 GPU 공급과 데이터센터 전력 문제에 주목하고 있다.</p>';

function article(i: number): ArticleTranslatedPayload {
  const id = `${PREFIX}${i}`;
  return {
    articleId: id,
    clusterId: `cluster-${id}`,
    title: `벤치마크 기사 ${i}: 오픈AI와 엔비디아의 추론 인프라 협력`,
    summary: '오픈AI와 엔비디아가 차세대 추론 인프라 협력을 발표했다.',
    bodyHtml: PARAGRAPH.repeat(12),
    primaryCategory: (['gen-ai', 'blockchain', 'big-tech'] as const)[i % 3],
    secondaryCategory: null,
    tags: ['오픈AI', '엔비디아', `태그${i % 50}`],
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

async function main(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pulse-bench-content-'));
  const bus = new InProcessEventBus({ dataDir: path.join(root, 'bus'), logger });
  const store = await EmbeddedDocumentStore.open({ dataDir: path.join(root, 'content') });
  const ports = {
    bus,
    store,
    search: new EmbeddedSearchIndex(),
    cache: new MemoryCacheStore(),
    llm: new OffLanguageModel(),
    images: new OffImageGenerator(),
  };
  process.env.ADMIN_TOKEN ??= 'bench-admin-token-0123456789';
  const app = await createServiceApp(contentService, ports, logger);
  await app.listen(0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
  try {
    console.error(`… publishing ${ARTICLES} articles`);
    const envelopes = Array.from({ length: ARTICLES }, (_, i) =>
      buildEnvelope(TOPICS.articleTranslated, article(i), { source: 'bench' }),
    );
    for (let start = 0; start < envelopes.length; start += 500)
      await bus.publish(TOPICS.articleTranslated, envelopes.slice(start, start + 500));
    const deadline = Date.now() + 300_000;
    while ((await store.collection('articles').countDocuments({})) < ARTICLES) {
      if (Date.now() > deadline) throw new Error('the articles were not stored within 300 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    console.error(`… k6: ${VUS} VUs for ${DURATION} against ${baseUrl}/api/articles/{random of ${ARTICLES}}`);
    const summaryPath = summaryPathIn(root);
    const script = path.join(__dirname, 'content', 'article-detail.k6.js');
    const code = await runK6(script, summaryPath, { BASE_URL: baseUrl, VUS, DURATION, ARTICLES, PREFIX });
    printK6Table(
      summaryPath,
      'http_req_duration{name:article}',
      `GET /api/articles/{id} over ${ARTICLES} articles, ${VUS} VUs for ${DURATION} (k6 constant-vus), content ` +
        'in process on the embedded adapters',
      code,
    );
  } finally {
    await app.close();
    await bus.close();
    await store.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

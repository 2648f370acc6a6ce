import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CategorySlug, ContentType } from '@pulse/contracts';

export interface StubArticle {
  id: string;
  type: ContentType;
  title: string;
  summary: string;
  imageUrl: string | null;
  publishedAt: string;
  primaryCategory: CategorySlug;
  views: number;
  hotScore: number;
}

/** Korean sample articles, two per category; marked as test data by their ids. */
export function sampleArticles(): StubArticle[] {
  const rows: Array<[CategorySlug, string, string]> = [
    ['gen-ai', 'OpenAI, 새 추론 모델 공개', '더 긴 맥락을 다루는 새 모델이 나왔습니다.'],
    ['gen-ai', '국내 기업들의 생성형 AI 도입 현황', '금융과 제조에서 도입이 빠르게 늘고 있습니다.'],
    ['blockchain', '이더리움 업그레이드 일정 확정', '수수료를 낮추는 변경이 포함됩니다.'],
    ['blockchain', '스테이블코인 규제안 발표', '발행사의 준비금 공개가 의무화됩니다.'],
    ['big-tech', '애플, 개발자 회의에서 새 칩 발표', '온디바이스 AI 성능이 크게 늘었습니다.'],
    ['big-tech', '구글 클라우드 매출 증가', 'AI 인프라 수요가 성장을 이끌었습니다.'],
  ];
  return rows.map(([category, title, summary], index) => ({
    id: `test-article-${index + 1}`,
    type: 'news',
    title,
    summary,
    imageUrl: `https://images.example.com/test-${index + 1}.jpg`,
    publishedAt: '2026-03-01T01:00:00.000Z',
    primaryCategory: category,
    views: 1000 - index * 100,
    hotScore: 150 - index * 10,
  }));
}

/** trending's read API (popular, hot-topics) from a list, for tests that build editions. */
export async function startTrendingStub(articles: StubArticle[] = sampleArticles()) {
  const state = { articles, failing: false, requests: 0, holdNext: 0 };
  const held: Array<() => void> = [];
  const server: Server = createServer((request, response) => {
    state.requests += 1;
    if (state.holdNext > 0) {
      // Left unanswered until letGo(): a build that hangs mid-way, as in a replica that froze.
      state.holdNext -= 1;
      held.push(() => answer(request, response));
      return;
    }
    answer(request, response);
  });
  const answer = (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '').split('?')[0];
    if (state.failing || !['/api/trending/popular', '/api/trending/hot-topics'].includes(path)) {
      response.writeHead(state.failing ? 503 : 404, { 'content-type': 'application/json' }).end('{}');
      return;
    }
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ articles: state.articles }));
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    /** Answers the requests held by `state.holdNext`. */
    letGo: () => held.splice(0).forEach((go) => go()),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TrendingStub = Awaited<ReturnType<typeof startTrendingStub>>;

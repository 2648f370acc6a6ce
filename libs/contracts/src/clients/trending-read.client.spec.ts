import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TrendingReadClient, TrendingReadError } from './trending-read.client';

const article = {
  id: 'a-1',
  type: 'news',
  title: '오픈AI, 새 모델 공개',
  summary: '새 모델이 나왔습니다.',
  imageUrl: null,
  publishedAt: '2026-03-01T01:00:00.000Z',
  primaryCategory: 'gen-ai',
  views: 100,
  hotScore: 12,
};
const analysis = {
  kind: 'tech-analysis',
  id: 'ta-1',
  url: '/tech-analysis/kubernetes',
  title: '쿠버네티스 오퍼레이터 분석',
  summary: '',
  technologyName: 'Kubernetes',
  technologyCategory: 'cloud_native',
  imageUrl: null,
  publishedAt: '2026-03-01T01:00:00.000Z',
  views: 300,
  hotScore: 40,
};

/** The client another service reads trending's lists with: articles checked, tech analyses left out. */
describe('TrendingReadClient', () => {
  let server: Server;
  let body: unknown;
  let client: TrendingReadClient;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = new TrendingReadClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('answers the articles of a list that also ranks a tech analysis', async () => {
    body = { articles: [analysis, article] };
    await expect(client.hotTopics(10)).resolves.toEqual([article]);
  });

  it('still refuses an article that lacks what callers rely on', async () => {
    body = { articles: [analysis, { ...article, primaryCategory: undefined }] };
    await expect(client.popular('day', 10)).rejects.toBeInstanceOf(TrendingReadError);
  });
});

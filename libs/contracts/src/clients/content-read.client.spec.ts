import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ContentReadClient, ContentReadError } from './content-read.client';

const article = {
  id: 'a-1',
  title: '쿠버네티스 새 버전 출시',
  summary: '사이드카 컨테이너를 정식으로 지원한다.',
  publishedAt: '2026-03-01T01:00:00.000Z',
};
const analysis = {
  kind: 'tech-analysis',
  id: 'ta-1',
  slug: 'kubernetes',
  url: '/tech-analysis/kubernetes',
  title: '쿠버네티스 오퍼레이터 분석',
  summary: '조정 루프로 상태를 맞춥니다.',
  publishedAt: '2026-03-01T01:00:00.000Z',
};

/** The client the community assistant searches with: articles checked, tech analyses left out. */
describe('ContentReadClient search', () => {
  let server: Server;
  let body: unknown;
  let client: ContentReadClient;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = new ContentReadClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('answers the articles of a result that also ranks a tech analysis', async () => {
    body = { articles: [analysis, article], total: 2, pages: 1 };
    await expect(client.search('쿠버네티스')).resolves.toEqual([article]);
  });

  it('still refuses an article that lacks what the assistant relies on', async () => {
    body = { articles: [analysis, { ...article, title: '' }], total: 2, pages: 1 };
    await expect(client.search('쿠버네티스')).rejects.toBeInstanceOf(ContentReadError);
  });
});

/** Ids content's API refuses with 400 (a bookmark's or a comment's path allows more) name nothing. */
describe('ContentReadClient ids content would refuse', () => {
  let server: Server;
  let asked: string[];
  let client: ContentReadClient;

  beforeAll(async () => {
    server = createServer((request, response) => {
      asked.push(request.url ?? '');
      response.statusCode = 400;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ statusCode: 400, error: 'Bad Request', message: 'id: id must be …' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = new ContentReadClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  beforeEach(() => (asked = []));
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('answers no article for an id of letters content ids never have, without asking content', async () => {
    await expect(client.articleTitle('džàšȾ')).resolves.toBeUndefined();
    await expect(client.article('a'.repeat(101))).resolves.toBeUndefined();
    await expect(client.techAnalysis('a b')).resolves.toBeUndefined();
    expect(asked).toEqual([]);
  });

  it('still reads a 400 for an id of the right form as content failing', async () => {
    await expect(client.articleTitle('a-1')).rejects.toBeInstanceOf(ContentReadError);
    expect(asked).toEqual(['/api/articles/a-1']);
  });
});

/** A withdrawn article answers 410 (its editors took it down): no article, not content failing. */
describe('ContentReadClient withdrawn articles', () => {
  let server: Server;
  let client: ContentReadClient;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.statusCode = 410;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ statusCode: 410, error: 'Gone', message: '게시가 중단된 글입니다.' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = new ContentReadClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('answers no article, title or analysis for a 410', async () => {
    await expect(client.article('a-1')).resolves.toBeUndefined();
    await expect(client.articleTitle('a-1')).resolves.toBeUndefined();
    await expect(client.techAnalysis('kubernetes')).resolves.toBeUndefined();
  });
});

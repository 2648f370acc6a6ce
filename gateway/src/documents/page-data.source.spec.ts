import { articleTag, questionTag, techAnalysisTag } from '@pulse/contracts';
import { MemoryCacheStore } from '@pulse/platform';
import pino from 'pino';
import { MicroCache } from '../proxy/micro-cache';
import { RouteTable } from '../proxy/route-table';
import { sampleArticle, sampleTechAnalysis } from '../../testing/sample-article';
import { FakeUpstream, jsonResponse } from '../../testing/test-gateway';
import type { ForwardRequest, ForwardResponse } from '../upstreams/upstream';
import { PageDataSource } from './page-data.source';

const analysis = sampleTechAnalysis();
const at = '2026-03-01T09:00:00.000Z';
const question = (title: string) => ({
  id: 'q1',
  title,
  content: '본문',
  user: null,
  anonymousSessionId: 'anon_x',
  category: 'ai',
  tags: [],
  viewCount: 0,
  upvotes: 0,
  answerCount: 0,
  isAnswered: false,
  createdAt: at,
  updatedAt: at,
});

/** The services as the page data sees them, with titles a test changes (an edit) between reads. */
function services() {
  const titles = { article: '첫 제목', analysis: analysis.analysis.title, question: '첫 질문' };
  const answer = (request: ForwardRequest): ForwardResponse | Promise<ForwardResponse> => {
    if (request.url === '/api/articles/a1')
      return jsonResponse(200, { article: sampleArticle({ id: 'a1', title: titles.article }) });
    if (decodeURIComponent(request.url) === `/api/tech-analysis/${analysis.analysis.slug}`)
      return jsonResponse(200, { ...analysis, analysis: { ...analysis.analysis, title: titles.analysis } });
    if (request.url === '/api/community/questions/q1')
      return jsonResponse(200, { success: true, data: question(titles.question) });
    if (request.url.startsWith('/api/community/questions/q1/answers'))
      return jsonResponse(200, { success: true, data: [] });
    return jsonResponse(404, { statusCode: 404 });
  };
  const content = new FakeUpstream('content', ['/api/articles', '/api/tech-analysis'], answer);
  const community = new FakeUpstream('community', ['/api/community'], answer);
  return { titles, content, community, table: new RouteTable([content, community]) };
}

function source(purges?: MicroCache) {
  const world = services();
  const data = new PageDataSource(world.table, new MemoryCacheStore(), pino({ level: 'silent' }), purges);
  return { ...world, data };
}

const titleOf = async <T extends { title: string }>(lookup: Promise<{ status: string; value?: T }>) =>
  (await lookup).value?.title;

describe('PageDataSource: what a document head is rendered from', () => {
  it('keeps a found item for PAGE_DATA_TTL_MS, so an unchanged page does not call the service again', async () => {
    const { data, content, titles } = source();
    expect(await titleOf(data.article('a1', 'r1'))).toBe('첫 제목');
    titles.article = '고친 제목';
    expect(await titleOf(data.article('a1', 'r2'))).toBe('첫 제목');
    expect(content.requests.filter((request) => request.url === '/api/articles/a1')).toHaveLength(1);
  });

  it('drops an article, a tech analysis and a question when their purge comes, so an edit shows at once', async () => {
    const purges = new MicroCache(new MemoryCacheStore(), 1000);
    const { data, titles } = source(purges);
    const slug = analysis.analysis.slug;
    await data.article('a1', 'r1');
    await data.techAnalysis(slug, 'r1');
    await data.question('q1', 'r1');
    titles.article = '고친 제목';
    titles.analysis = '고친 분석';
    titles.question = '고친 질문';

    // A purge of something else leaves them.
    await purges.purge([articleTag('other'), questionTag('q2')]);
    expect(await titleOf(data.article('a1', 'r2'))).toBe('첫 제목');

    await purges.purge([articleTag('a1'), techAnalysisTag(analysis.analysis.id), questionTag('q1')]);
    await expect(titleOf(data.article('a1', 'r3'))).resolves.toBe('고친 제목');
    await expect(titleOf(data.techAnalysis(slug, 'r3'))).resolves.toBe('고친 분석');
    const asked = await data.question('q1', 'r3');
    expect(asked.status === 'found' && asked.value.question.title).toBe('고친 질문');
  });

  it('does not keep what it read while a purge of it landed: that read may predate the edit', async () => {
    const purges = new MicroCache(new MemoryCacheStore(), 1000);
    const { data, content, titles } = source(purges);
    const original = content.handler;
    // The purge lands while the service is answering with the old title.
    content.handler = async (request) => {
      const response = await original(request);
      await purges.purge([articleTag('a1')]);
      return response;
    };
    expect(await titleOf(data.article('a1', 'r1'))).toBe('첫 제목');
    content.handler = original;
    titles.article = '고친 제목';
    expect(await titleOf(data.article('a1', 'r2'))).toBe('고친 제목');
  });
});

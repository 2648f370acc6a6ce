import { TOPICS, type ArticlePublishedV2Payload } from '@pulse/contracts';
import { publishEvent } from '@pulse/platform';
import { eventually } from '@pulse/testing';
import {
  questionBody,
  startCommunityTestApp,
  type CommunityTestApp,
  type TestIdentity,
} from '../../testing/community-test-app';
import { STORY_NOTICE } from './story-questions.service';

const published = (overrides: Partial<ArticlePublishedV2Payload> = {}): ArticlePublishedV2Payload => ({
  id: 'cl-openai-o5',
  type: 'news',
  title: '오픈AI, 추론 모델 o5 공개',
  summary: '요약',
  categories: ['gen-ai'],
  tags: ['OpenAI'],
  publishedAt: '2026-03-02T01:00:00.000Z',
  url: '/news/cl-openai-o5',
  imageUrl: null,
  storyId: 'cl-openai-o5',
  sources: [{ sourceName: 'TechCrunch', url: 'https://techcrunch.com/o5' }],
  ...overrides,
});

describe('questions that follow a story (article.published v2 on the in-process bus)', () => {
  let app: CommunityTestApp;
  let asker: TestIdentity;
  let bystander: TestIdentity;

  beforeAll(async () => {
    app = await startCommunityTestApp();
    asker = await app.signUp('기사질문러');
    bystander = await app.signUp('구경꾼');
  });
  afterAll(() => app.close());

  const publish = (payload: ArticlePublishedV2Payload) =>
    publishEvent(app.bus, TOPICS.articlePublishedV2, payload, { source: 'test' });
  const noticesOf = async (who: TestIdentity) =>
    (await app.get('/api/community/notifications', who.bearer)).body.data;

  it('keeps the article and its story on a question asked from the article, and lists it under the story', async () => {
    await publish(published());
    await eventually(async () =>
      expect((await app.get('/api/community/articles/cl-openai-o5/questions')).body.data.storyId).toBe(
        'cl-openai-o5',
      ),
    );
    app.content.publish('cl-openai-o5');
    const created = await app.request('POST', '/api/community/questions', {
      body: questionBody({ articleId: 'cl-openai-o5' }),
      headers: asker.bearer,
    });
    expect(created.status).toBe(201);
    const detail = await app.get(`/api/community/questions/${created.body.data.id}`);
    expect(detail.body.data).toMatchObject({ articleId: 'cl-openai-o5', storyId: 'cl-openai-o5' });
    const listed = await app.get('/api/community/articles/cl-openai-o5/questions');
    expect(listed.body.data.questions.map((q: { id: string }) => q.id)).toEqual([created.body.data.id]);
  });

  it('tells the asker, on the site, when a new source joins the story — once, however often the event comes', async () => {
    expect((await noticesOf(asker)).notifications).toEqual([]);
    const joined = published({
      sources: [
        { sourceName: 'TechCrunch', url: 'https://techcrunch.com/o5' },
        { sourceName: 'The Verge', url: 'https://www.theverge.com/o5' },
      ],
    });
    await publish(joined);
    await publish(joined);
    const notices = await eventually(async () => {
      const data = await noticesOf(asker);
      expect(data.notifications).toHaveLength(1);
      return data;
    });
    expect(notices.unread).toBe(1);
    expect(notices.notifications[0]).toMatchObject({
      message: STORY_NOTICE,
      articleId: 'cl-openai-o5',
      url: '/article/cl-openai-o5',
      read: false,
    });
    expect((await noticesOf(bystander)).notifications).toEqual([]);

    // Another identity cannot mark it read; the asker can.
    const id = notices.notifications[0].id as string;
    expect(
      (
        await app.request('POST', `/api/community/notifications/${encodeURIComponent(id)}/read`, {
          headers: bystander.bearer,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await app.request('POST', `/api/community/notifications/${encodeURIComponent(id)}/read`, {
          headers: asker.bearer,
        })
      ).status,
    ).toBe(200);
    expect((await noticesOf(asker)).unread).toBe(0);
  });

  it('tells the asker when a later article of the same story is published', async () => {
    await publish(
      published({ id: 'o5-follow-up', title: '오픈AI o5, 가격 인하', url: '/news/o5-follow-up' }),
    );
    const notices = await eventually(async () => {
      const data = await noticesOf(asker);
      expect(data.notifications).toHaveLength(2);
      return data;
    });
    expect(notices.notifications[0]).toMatchObject({
      articleId: 'o5-follow-up',
      url: '/article/o5-follow-up',
      articleTitle: '오픈AI o5, 가격 인하',
    });
    // The follow-up's page lists the question too: it is about the same story.
    const listed = await app.get('/api/community/articles/o5-follow-up/questions');
    expect(listed.body.data.questions).toHaveLength(1);
  });

  it('takes a question about an article only when content publishes it, naming the field', async () => {
    const unknown = await app.request('POST', '/api/community/questions', {
      body: questionBody({ articleId: 'never-published', title: '없는 기사에 대한 질문입니다' }),
      headers: asker.bearer,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('articleId: 기사를 찾을 수 없습니다 (never-published).');
    expect((await app.get('/api/community/articles/never-published/questions')).body.data.questions).toEqual(
      [],
    );
    app.content.fail(true);
    try {
      const down = await app.request('POST', '/api/community/questions', {
        body: questionBody({ articleId: 'cannot-check', title: '확인할 수 없는 기사에 대한 질문' }),
        headers: asker.bearer,
      });
      expect(down.status).toBe(503);
    } finally {
      app.content.fail(false);
    }
  });

  it('gives a question asked before community saw the article its story when the article arrives', async () => {
    // Content publishes it; community's consumer has not seen its event yet.
    app.content.publish('cl-early');
    const early = await app.request('POST', '/api/community/questions', {
      body: questionBody({ articleId: 'cl-early' }),
      headers: asker.bearer,
    });
    expect((await app.get(`/api/community/questions/${early.body.data.id}`)).body.data.storyId).toBeNull();
    await publish(published({ id: 'cl-early', storyId: 'cl-early', url: '/news/cl-early' }));
    await eventually(async () =>
      expect((await app.get(`/api/community/questions/${early.body.data.id}`)).body.data.storyId).toBe(
        'cl-early',
      ),
    );
  });

  it('refuses bad input with 400 and no credential with 401, never a 5xx', async () => {
    expect((await app.get('/api/community/articles/..%2F..%2Fx/questions')).status).toBe(400);
    expect((await app.get('/api/community/notifications')).status).toBe(401);
    const bad = await app.request('POST', '/api/community/questions', {
      body: questionBody({ articleId: { $ne: null } }),
      headers: asker.bearer,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('articleId');
  });
});

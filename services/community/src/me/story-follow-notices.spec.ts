import { TOPICS, type ArticlePublishedV2Payload } from '@pulse/contracts';
import { publishEvent } from '@pulse/platform';
import { eventually } from '@pulse/testing';
import {
  questionBody,
  startCommunityTestApp,
  type CommunityTestApp,
  type TestIdentity,
} from '../../testing/community-test-app';
import {
  FOLLOWED_STORY_NOTICE,
  STORY_NOTICE,
  StoryQuestionsService,
} from '../story-questions/story-questions.service';

const article = (id: string, title: string): ArticlePublishedV2Payload => ({
  id,
  type: 'news',
  title,
  summary: '요약',
  categories: ['gen-ai'],
  tags: ['OpenAI'],
  publishedAt: '2026-03-02T01:00:00.000Z',
  url: `/news/${id}`,
  imageUrl: null,
  storyId: 'story-chips',
  sources: [{ sourceName: 'TechCrunch', url: `https://techcrunch.com/${id}` }],
});

describe('a followed story: each new article is a notice on the bell', () => {
  let app: CommunityTestApp;
  let follower: TestIdentity;
  let asker: TestIdentity;
  let stranger: TestIdentity;

  beforeAll(async () => {
    app = await startCommunityTestApp();
    jest.spyOn(app.app.get(StoryQuestionsService), 'onArticlePublished');
    [follower, asker, stranger] = [
      await app.signUp('소식팔로워'),
      await app.signUp('질문한독자'),
      await app.signUp('모르는독자'),
    ];
  });
  afterAll(() => app.close());

  const publish = (payload: ArticlePublishedV2Payload) =>
    publishEvent(app.bus, TOPICS.articlePublishedV2, payload, { source: 'test' });
  const noticesOf = async (who: TestIdentity) =>
    (await app.get('/api/community/notifications', who.bearer)).body.data;
  /** Waits until the handler of this article's event has finished (its notices are all written by then). */
  const handled = async (articleId: string) => {
    const handling = jest.mocked(app.app.get(StoryQuestionsService).onArticlePublished);
    const call = await eventually(() => {
      const index = handling.mock.calls.findIndex(([payload]) => payload.id === articleId);
      expect(index).toBeGreaterThanOrEqual(0);
      return index;
    });
    await handling.mock.results[call].value;
  };
  const follow = (who: TestIdentity) =>
    app.request('PUT', '/api/community/me/follows/story/story-chips', { body: {}, headers: who.bearer });

  it('tells each follower once per new article, however often the event comes, and nobody else', async () => {
    // The story's first article, before anyone follows it: handled whole before the follow, so it tells no one.
    await publish(article('chips-1', '반도체 수출 규제 발표'));
    await handled('chips-1');
    expect((await app.get('/api/community/articles/chips-1/questions')).body.data.storyId).toBe(
      'story-chips',
    );
    expect((await follow(follower)).status).toBe(200);
    const second = article('chips-2', '반도체 규제, 업계 반응');
    await publish(second);
    await publish(second);
    const notices = await eventually(async () => {
      const data = await noticesOf(follower);
      expect(data.notifications).toHaveLength(1);
      return data;
    });
    expect(notices.unread).toBe(1);
    expect(notices.notifications[0]).toMatchObject({
      kind: 'followed-story',
      message: FOLLOWED_STORY_NOTICE,
      storyId: 'story-chips',
      articleId: 'chips-2',
      articleTitle: '반도체 규제, 업계 반응',
      url: '/article/chips-2',
      questionId: null,
      read: false,
    });
    expect((await noticesOf(stranger)).notifications).toEqual([]);
  });

  it('does not tell a follower again when only a source joins an article it already heard of', async () => {
    await publish({
      ...article('chips-2', '반도체 규제, 업계 반응'),
      sources: [
        { sourceName: 'TechCrunch', url: 'https://techcrunch.com/chips-2' },
        { sourceName: 'The Verge', url: 'https://www.theverge.com/chips-2' },
      ],
    });
    await publish(article('chips-3', '반도체 규제 세 번째 기사'));
    await eventually(async () => expect((await noticesOf(follower)).notifications).toHaveLength(2));
    expect((await noticesOf(follower)).notifications.map((n: { articleId: string }) => n.articleId)).toEqual([
      'chips-3',
      'chips-2',
    ]);
  });

  it('gives an asker who also follows the story its question notice only', async () => {
    app.content.publish('chips-1');
    const asked = await app.request('POST', '/api/community/questions', {
      body: questionBody({ articleId: 'chips-1' }),
      headers: asker.bearer,
    });
    expect(asked.status).toBe(201);
    await follow(asker);
    await publish(article('chips-4', '반도체 규제 네 번째 기사'));
    const notices = await eventually(async () => {
      const data = await noticesOf(asker);
      expect(data.notifications).toHaveLength(1);
      return data;
    });
    expect(notices.notifications[0]).toMatchObject({ kind: 'story-article', message: STORY_NOTICE });
  });

  it('stops after unfollowing', async () => {
    await app.request('DELETE', '/api/community/me/follows/story/story-chips', { headers: follower.bearer });
    await publish(article('chips-5', '반도체 규제 다섯 번째 기사'));
    // The asker is told (so the event was handled); the former follower is not.
    await eventually(async () => expect((await noticesOf(asker)).notifications).toHaveLength(2));
    expect((await noticesOf(follower)).notifications).toHaveLength(3);
  });
});

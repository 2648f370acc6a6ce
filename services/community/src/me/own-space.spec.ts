import { TOPICS } from '@pulse/contracts';
import { publishEvent } from '@pulse/platform';
import { eventually } from '@pulse/testing';
import {
  questionBody,
  startCommunityTestApp,
  type CommunityTestApp,
  type TestIdentity,
} from '../../testing/community-test-app';
import { DELETED_AUTHOR_NAME } from './account-deletion.service';

describe('the reader’s own posts, export and deletion (/api/community/me)', () => {
  let app: CommunityTestApp;
  let me: TestIdentity;
  let other: TestIdentity;
  let myQuestion: string;
  let othersQuestion: string;
  let myAnswer: string;
  let myComment: string;

  const post = (who: TestIdentity, url: string, body: unknown) =>
    app.request('POST', url, { body, headers: who.bearer, ip: who.ip });

  beforeAll(async () => {
    app = await startCommunityTestApp();
    me = await app.signUp('내공간주인');
    other = await app.signUp('이웃독자');
    app.content.publish('art-me');
    await publishEvent(
      app.bus,
      TOPICS.articlePublishedV2,
      {
        id: 'art-me',
        type: 'news',
        title: '내가 댓글 단 기사',
        summary: '요약',
        categories: ['gen-ai'],
        tags: [],
        publishedAt: '2026-03-02T01:00:00.000Z',
        url: '/news/art-me',
        imageUrl: null,
        storyId: 'art-me',
        sources: [],
      },
      { source: 'test' },
    );
    myQuestion = (
      await post(me, '/api/community/questions', questionBody({ title: '내가 올린 질문의 제목입니다' }))
    ).body.data.id;
    othersQuestion = (
      await post(other, '/api/community/questions', questionBody({ title: '이웃이 올린 질문입니다' }))
    ).body.data.id;
    myAnswer = (
      await post(me, `/api/community/questions/${othersQuestion}/answers`, {
        content: '제가 써 본 방법을 자세히 알려드리겠습니다.',
      })
    ).body.data.id;
    await post(other, `/api/community/questions/${myQuestion}/answers`, {
      content: '이웃의 답변 내용입니다. 참고하세요.',
    });
    myComment = (
      await post(me, '/api/community/articles/art-me/comments', { content: '좋은 기사 감사합니다' })
    ).body.data.id;
    await app.request('PUT', '/api/community/me/follows/tag/llm', { body: {}, headers: me.bearer });
    await app.request('PUT', '/api/community/me/bookmarks/article/art-me', { headers: me.bearer });
    await eventually(async () =>
      expect((await app.get('/api/community/articles/art-me/questions')).body.data.storyId).toBe('art-me'),
    );
  });
  afterAll(() => app.close());

  it('lists my questions, answers and comments, each with its link, and only mine', async () => {
    const questions = (await app.get('/api/community/me/activity?kind=questions', me.bearer)).body.data;
    expect(questions.items).toEqual([
      expect.objectContaining({
        kind: 'question',
        id: myQuestion,
        title: '내가 올린 질문의 제목입니다',
        url: `/community/questions/${myQuestion}`,
      }),
    ]);
    expect(questions.nextCursor).toBeNull();
    const answers = (await app.get('/api/community/me/activity?kind=answers', me.bearer)).body.data;
    expect(answers.items).toEqual([
      expect.objectContaining({
        kind: 'answer',
        id: myAnswer,
        title: '이웃이 올린 질문입니다',
        url: `/community/questions/${othersQuestion}`,
      }),
    ]);
    const comments = await app.get('/api/community/me/activity?kind=comments', me.bearer);
    expect(comments.headers['cache-control']).toBe('private, no-store');
    expect(comments.body.data.items).toEqual([
      expect.objectContaining({
        kind: 'comment',
        id: myComment,
        title: '내가 댓글 단 기사',
        url: '/article/art-me',
      }),
    ]);
  });

  it('answers 400 naming kind or cursor, and 401 without an identity', async () => {
    const kind = await app.get('/api/community/me/activity?kind=votes', me.bearer);
    expect(kind.status).toBe(400);
    expect(kind.body.message).toMatch(/kind/);
    const missing = await app.get('/api/community/me/activity', me.bearer);
    expect(missing.status).toBe(400);
    const cursor = await app.get('/api/community/me/activity?kind=answers&cursor=eA', me.bearer);
    expect(cursor.status).toBe(400);
    expect(cursor.body.message).toMatch(/cursor/);
    for (const url of ['/api/community/me/activity?kind=questions', '/api/community/me/export'])
      expect((await app.get(url)).status).toBe(401);
    expect(
      (await app.request('DELETE', '/api/community/me', { body: { confirm: '삭제합니다' } })).status,
    ).toBe(401);
  });

  it('exports everything held for the identity as a JSON download', async () => {
    const response = await app.get('/api/community/me/export', me.bearer);
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+\.json"$/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const data = response.body.data;
    expect(data.identity).toMatchObject({ id: me.id, displayName: me.displayName, trustLevel: 'new' });
    expect(data.identity.badges.map((b: { id: string }) => b.id)).toEqual(
      expect.arrayContaining(['first-question', 'first-answer']),
    );
    expect(data.questions.map((q: { id: string }) => q.id)).toEqual([myQuestion]);
    expect(data.answers).toEqual([
      expect.objectContaining({ id: myAnswer, questionId: othersQuestion, state: 'visible' }),
    ]);
    expect(data.comments).toEqual([expect.objectContaining({ id: myComment, articleId: 'art-me' })]);
    expect(data.follows).toEqual([expect.objectContaining({ kind: 'tag', key: 'llm' })]);
    expect(data.bookmarks).toEqual([expect.objectContaining({ kind: 'article', id: 'art-me' })]);
    expect(data.notifications).toEqual([]);
    // Nothing of the other identity.
    expect(JSON.stringify(data)).not.toContain(other.displayName);
  });

  it('refuses deletion without the confirmation (400 naming confirm) and without CSRF on a cookie (403)', async () => {
    const unconfirmed = await app.request('DELETE', '/api/community/me', { body: {}, headers: me.bearer });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.message).toMatch(/confirm/);
    const wrong = await app.request('DELETE', '/api/community/me', {
      body: { confirm: 'yes' },
      headers: me.bearer,
    });
    expect(wrong.status).toBe(400);
    const noCsrf = await app.request('DELETE', '/api/community/me', {
      body: { confirm: '삭제합니다' },
      headers: { cookie: me.cookie },
    });
    expect(noCsrf.status).toBe(403);
    expect((await app.get('/api/community/auth/me', me.bearer)).status).toBe(200);
  });

  it('deletes the identity: its own records go, its posts stay under another name, its sessions end', async () => {
    const deleted = await app.request('DELETE', '/api/community/me', {
      body: { confirm: '삭제합니다' },
      headers: { cookie: me.cookie, 'x-csrf-token': me.csrf },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true });
    const cleared = ([] as string[]).concat(deleted.headers['set-cookie'] as string[]);
    expect(cleared.some((c) => c.startsWith('pulse_community=;'))).toBe(true);

    // Every credential of the identity is refused from now on.
    expect((await app.get('/api/community/auth/me', me.bearer)).status).toBe(401);
    expect((await app.get('/api/community/me/follows', { cookie: me.cookie })).status).toBe(401);

    // The posts stay for the others who answered them, with no trace of the identity.
    const question = (await app.get(`/api/community/questions/${myQuestion}`)).body.data;
    expect(question.user).toMatchObject({ displayName: DELETED_AUTHOR_NAME, username: DELETED_AUTHOR_NAME });
    expect(question.user.id).not.toBe(me.id);
    expect(question.user.badges).toEqual([]);
    expect(question.anonymousSessionId).toBe('');
    const answers = (await app.get(`/api/community/questions/${othersQuestion}/answers`)).body.data;
    expect(answers[0].user.displayName).toBe(DELETED_AUTHOR_NAME);
    const comments = (await app.get('/api/community/articles/art-me/comments')).body.data.comments;
    expect(comments[0].author.displayName).toBe(DELETED_AUTHOR_NAME);

    // Nothing keyed by the identity is left in its own collections.
    for (const name of [
      'community_identities',
      'community_sessions',
      'community_follows',
      'community_bookmarks',
      'community_notifications',
      'community_badges',
      'community_votes',
      'community_chat_sessions',
    ]) {
      const collection = app.store.collection<{ _id: string }>(name);
      const left = await collection.countDocuments(
        name === 'community_identities'
          ? { _id: me.id }
          : name === 'community_chat_sessions'
            ? { userId: me.id }
            : { identityId: me.id },
      );
      expect({ name, left }).toEqual({ name, left: 0 });
    }
    for (const name of ['community_questions', 'community_answers', 'community_comments'])
      expect(await app.store.collection<{ _id: string }>(name).countDocuments({ authorId: me.id })).toBe(0);

    // The nickname is free again.
    expect((await app.signUp('내공간주인')).displayName).toBe('내공간주인');
  });
});

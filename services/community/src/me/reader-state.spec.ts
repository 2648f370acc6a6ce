import { READER_STATE_LIMITS } from '@pulse/contracts';
import {
  questionBody,
  startCommunityTestApp,
  type CommunityTestApp,
  type TestIdentity,
} from '../../testing/community-test-app';

/** GET /api/community/me/state: the reader's own marks on a page's ids, apart from the shared reads. */
describe('the reader’s state (/api/community/me/state)', () => {
  let app: CommunityTestApp;
  let asker: TestIdentity;
  let reader: TestIdentity;
  let questionId: string;
  let answerIds: string[];
  let commentIds: string[];

  const state = (who: TestIdentity | undefined, query: string) =>
    app.get(`/api/community/me/state?${query}`, who?.bearer);

  beforeAll(async () => {
    app = await startCommunityTestApp({ env: { COMMUNITY_POSTS_PER_IDENTITY_10MIN: '1000' } });
    asker = await app.signUp('상태질문자');
    reader = await app.signUp('상태독자');
    app.content.publish('state-art');
    app.content.publish('state-other');
    app.content.publishAnalysis('상태-분석', '상태 분석');
    const send = (path: string, who: TestIdentity, body?: unknown, method: 'POST' | 'PUT' = 'POST') =>
      app.request(method, path, { body, headers: who.bearer });
    questionId = (await send('/api/community/questions', asker, questionBody())).body.data.id;
    answerIds = [];
    for (const who of [asker, reader])
      answerIds.push(
        (
          await send(`/api/community/questions/${questionId}/answers`, who, {
            content: `${who.displayName}의 답변입니다. 충분히 긴 내용입니다.`,
          })
        ).body.data.id,
      );
    commentIds = [];
    for (const text of ['첫 번째 댓글입니다', '두 번째 댓글입니다'])
      commentIds.push(
        (await send('/api/community/articles/state-art/comments', asker, { content: text })).body.data.id,
      );
    await send(`/api/community/questions/${questionId}/vote`, reader, { voteType: 'upvote' });
    await send(`/api/community/answers/${answerIds[0]}/vote`, reader, { voteType: 'downvote' });
    await send(`/api/community/comments/${commentIds[1]}/vote`, reader, { voteType: 'like' });
    await send(`/api/community/me/bookmarks/question/${questionId}`, reader, undefined, 'PUT');
    await send('/api/community/me/bookmarks/article/state-art', reader, undefined, 'PUT');
    await send(
      `/api/community/me/bookmarks/techAnalysis/${encodeURIComponent('상태-분석')}`,
      reader,
      undefined,
      'PUT',
    );
  }, 60_000);
  afterAll(() => app.close());

  it('answers the reader’s votes, reactions, bookmarks, own posts and identity in one private call', async () => {
    const analysis = encodeURIComponent('상태-분석');
    const query = [
      `questions=${questionId}`,
      `answers=${answerIds.join(',')}`,
      `comments=${commentIds.join(',')}`,
      'articles=state-art,state-other',
      `techAnalyses=${analysis}`,
    ].join('&');
    const answer = await state(reader, query);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.body.data).toEqual({
      // Its badges as `auth/me` gives them: the answer on another's question earned the first.
      user: expect.objectContaining({
        id: reader.id,
        displayName: '상태독자',
        badges: [expect.objectContaining({ id: 'first-answer' })],
      }),
      questions: { [questionId]: { vote: 'upvote', bookmarked: true, mine: false } },
      answers: {
        [answerIds[0]]: { vote: 'downvote', mine: false },
        [answerIds[1]]: { vote: null, mine: true },
      },
      comments: { [commentIds[0]]: { reaction: null }, [commentIds[1]]: { reaction: 'like' } },
      articles: { 'state-art': { bookmarked: true }, 'state-other': { bookmarked: false } },
      insights: {},
      techAnalyses: { '상태-분석': { bookmarked: true } },
    });
  });

  it('marks another identity’s own posts as theirs and carries none of this reader’s marks', async () => {
    const answer = await state(asker, `questions=${questionId}&answers=${answerIds.join(',')}`);
    expect(answer.body.data.user.id).toBe(asker.id);
    expect(answer.body.data.questions).toEqual({
      [questionId]: { vote: null, bookmarked: false, mine: true },
    });
    expect(answer.body.data.answers).toEqual({
      [answerIds[0]]: { vote: null, mine: true },
      [answerIds[1]]: { vote: null, mine: false },
    });
  });

  it('answers an id that names nothing with no mark, and no ids with the identity alone', async () => {
    const unknown = await state(reader, 'questions=q_none&comments=c_none');
    expect(unknown.body.data.questions).toEqual({ q_none: { vote: null, bookmarked: false, mine: false } });
    expect(unknown.body.data.comments).toEqual({ c_none: { reaction: null } });
    const bare = await app.get('/api/community/me/state', reader.bearer);
    expect(bare.status).toBe(200);
    expect(bare.body.data).toMatchObject({
      user: { id: reader.id },
      questions: {},
      answers: {},
      comments: {},
    });
  });

  it('is 401 without a credential, so a page signed out on the server drops its stored identity', async () => {
    const anonymous = await state(undefined, `questions=${questionId}`);
    expect(anonymous.status).toBe(401);
  });

  it('refuses past the bound, a malformed id or an unknown field with 400 naming the field', async () => {
    const tooMany = Array.from({ length: READER_STATE_LIMITS.comments + 1 }, (_, i) => `c_${i}`).join(',');
    const bounded = await state(reader, `comments=${tooMany}`);
    expect(bounded.status).toBe(400);
    expect(bounded.body.message).toContain('comments');
    expect(bounded.body.message).toContain(String(READER_STATE_LIMITS.comments));
    const malformed = await state(reader, `answers=${encodeURIComponent('a$b')}`);
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toContain('answers');
    const unknown = await state(reader, 'votes=1');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('votes');
    // Repeats count once, so a page naming one id twice is not refused for it.
    const repeated = Array.from({ length: READER_STATE_LIMITS.questions + 5 }, () => questionId).join(',');
    expect((await state(reader, `questions=${repeated}`)).status).toBe(200);
  });
});

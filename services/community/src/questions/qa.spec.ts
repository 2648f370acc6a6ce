import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually } from '@pulse/testing';
import {
  questionBody,
  startCommunityTestApp,
  testClock,
  type CommunityTestApp,
  type TestIdentity,
} from '../../testing/community-test-app';
import { QUESTION_GONE } from './questions.service';

describe('Q&A over HTTP on embedded adapters (docs/spec-community.md §4, §7)', () => {
  const clock = testClock();
  let app: CommunityTestApp;
  let asker: TestIdentity;
  let helper: TestIdentity;

  beforeAll(async () => {
    app = await startCommunityTestApp({ clock });
    asker = await app.signUp('질문하는개발자');
    helper = await app.signUp('친절한엔지니어');
  });
  afterAll(() => app.close());

  const ask = (who: TestIdentity, overrides: Record<string, unknown> = {}) =>
    app.request('POST', '/api/community/questions', { body: questionBody(overrides), headers: who.bearer });

  it('signs up a nickname, then me names it; the token is not needed in a cookie client', async () => {
    const me = await app.get('/api/community/auth/me', { cookie: asker.cookie });
    expect(me.status).toBe(200);
    expect(me.body.data.user).toMatchObject({ id: asker.id, username: '질문하는개발자', isAnonymous: true });
    expect(me.body.data.csrfToken).toBe(asker.csrf);
    expect((await app.get('/api/community/auth/me')).status).toBe(401);
  });

  it('gives a taken nickname a discriminator, so two identities never show one name', async () => {
    const twin = await app.signUp('질문하는개발자');
    expect(twin.displayName).toMatch(/^질문하는개발자#\d{4}$/);
    const again = await app.signUp('  질문하는개발자 ');
    expect(new Set([asker.displayName, twin.displayName, again.displayName]).size).toBe(3);
  });

  it('asks, answers, votes, accepts, and shows the result with real counts and badges', async () => {
    const created = await ask(asker);
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;

    // The read is the same for every reader: no view counted, no reader's vote in it.
    const detail = await app.get(`/api/community/questions/${id}`, helper.bearer);
    expect(detail.body.data).toMatchObject({
      id,
      viewCount: 0,
      upvotes: 0,
      answerCount: 0,
      isAnswered: false,
    });
    expect(detail.body.data).not.toHaveProperty('viewerVote');
    expect(detail.headers['cache-control']).toBeUndefined();
    const view = () => app.request('POST', `/api/community/questions/${id}/view`, { headers: helper.bearer });
    expect((await view()).body).toEqual({ success: true, data: { counted: true, viewCount: 1 } });
    expect((await view()).body).toEqual({ success: true, data: { counted: false, viewCount: 1 } });
    // Another reader with no identity is counted by its signed reader session, once: the first request
    // without one gets the session and counts nothing (the front end's client sends it again).
    const first = await app.request('POST', `/api/community/questions/${id}/view`, { ip: '10.9.9.9' });
    expect(first.body.data).toEqual({ counted: false, viewCount: 1, reason: 'session-issued' });
    const session = String(first.headers['set-cookie']).split(';')[0];
    expect(session).toMatch(/^pulse_community_sid=/);
    const stranger = { headers: { 'user-agent': 'reader-2', cookie: session }, ip: '10.9.9.9' };
    expect((await app.request('POST', `/api/community/questions/${id}/view`, stranger)).body.data).toEqual({
      counted: true,
      viewCount: 2,
    });
    expect(
      (await app.request('POST', `/api/community/questions/${id}/view`, stranger)).body.data.counted,
    ).toBe(false);
    expect((await app.get(`/api/community/questions/${id}`)).body.data.viewCount).toBe(2);

    const answer = await app.request('POST', `/api/community/questions/${id}/answers`, {
      body: { content: '최근 5-10개 메시지만 유지하고 나머지는 요약해서 넣어보세요.' },
      headers: helper.bearer,
    });
    expect(answer.status).toBe(201);
    const answerId = answer.body.data.id as string;
    const second = await app.request('POST', `/api/community/questions/${id}/answers`, {
      body: { content: '캐시를 쓰면 같은 프롬프트 비용을 줄일 수 있습니다.' },
      headers: asker.bearer,
    });

    const up = await app.request('POST', `/api/community/questions/${id}/vote`, {
      body: { voteType: 'upvote' },
      headers: helper.bearer,
    });
    expect(up.body.data).toEqual({ upvotes: 1, viewerVote: 'upvote' });
    const own = await app.request('POST', `/api/community/questions/${id}/vote`, {
      body: { voteType: 'upvote' },
      headers: asker.bearer,
    });
    expect(own.status).toBe(403);
    const vote = await app.request('POST', `/api/community/answers/${answerId}/vote`, {
      body: { voteType: 'downvote' },
      headers: asker.bearer,
    });
    expect(vote.body.data).toEqual({ upvotes: 0, downvotes: 1, viewerVote: 'downvote' });
    const changed = await app.request('POST', `/api/community/answers/${answerId}/vote`, {
      body: { voteType: 'upvote' },
      headers: asker.bearer,
    });
    expect(changed.body.data).toEqual({ upvotes: 1, downvotes: 0, viewerVote: 'upvote' });

    const notMine = await app.request('POST', `/api/community/questions/${id}/answers/${answerId}/accept`, {
      headers: helper.bearer,
    });
    expect(notMine.status).toBe(403);
    const accepted = await app.request(
      'POST',
      `/api/community/questions/${id}/answers/${second.body.data.id}/accept`,
      { headers: asker.bearer },
    );
    expect(accepted.body).toEqual({ success: true });
    await app.request('POST', `/api/community/questions/${id}/answers/${answerId}/accept`, {
      headers: asker.bearer,
    });

    const answers = await app.get(`/api/community/questions/${id}/answers?sortBy=latest`, asker.bearer);
    expect(answers.body.data.map((a: { id: string }) => a.id)).toEqual([answerId, second.body.data.id]);
    expect(answers.body.data.map((a: { isAccepted: boolean }) => a.isAccepted)).toEqual([true, false]);
    expect(answers.body.data[0]).not.toHaveProperty('viewerVote');
    expect(answers.headers['cache-control']).toBeUndefined();

    // The reader's votes are their own read, never shared; no identity, no votes.
    const votesOf = (headers?: Record<string, string>) =>
      app.get(`/api/community/questions/${id}/votes`, headers);
    const askerVotes = await votesOf(asker.bearer);
    expect(askerVotes.headers['cache-control']).toBe('private, no-store');
    expect(askerVotes.body).toEqual({
      success: true,
      data: {
        question: null,
        answers: { [answerId]: 'upvote' },
        mine: { question: true, answers: [second.body.data.id] },
      },
    });
    expect((await votesOf(helper.bearer)).body.data).toEqual({
      question: 'upvote',
      answers: {},
      mine: { question: false, answers: [answerId] },
    });
    expect((await votesOf({ cookie: asker.cookie })).body.data.answers).toEqual({ [answerId]: 'upvote' });
    expect((await votesOf()).body).toEqual({
      success: true,
      data: { question: null, answers: {}, mine: { question: false, answers: [] } },
    });
    expect((await votesOf()).headers['cache-control']).toBe('private, no-store');
    expect((await app.get('/api/community/questions/q_none/votes', asker.bearer)).status).toBe(404);

    // The vote was recorded at once; the question's count follows in its counter flush.
    await eventually(async () => {
      const after = await app.get(`/api/community/questions/${id}`);
      expect(after.body.data).toMatchObject({
        isAnswered: true,
        acceptedAnswerId: answerId,
        answerCount: 2,
        upvotes: 1,
      });
    });

    await eventually(
      async () => {
        const shown = await app.get(`/api/community/questions/${id}/answers`);
        const badges = shown.body.data[0].user.badges.map((b: { id: string }) => b.id);
        expect(badges).toEqual(expect.arrayContaining(['first-answer', 'accepted-answer']));
      },
      { timeoutMs: 10_000 },
    );
    const me = await app.get('/api/community/auth/me', asker.bearer);
    expect(me.body.data.user.badges.map((b: { id: string }) => b.id)).toEqual(
      expect.arrayContaining(['first-question']),
    );
  });

  it('lets only authors delete, and a deleted question takes its answers', async () => {
    const id = (await ask(asker)).body.data.id as string;
    const answer = await app.request('POST', `/api/community/questions/${id}/answers`, {
      body: { content: '이 답변은 곧 삭제될 예정인 답변입니다.' },
      headers: helper.bearer,
    });
    expect(
      (
        await app.request('DELETE', `/api/community/answers/${answer.body.data.id}`, {
          headers: asker.bearer,
        })
      ).status,
    ).toBe(403);
    expect(
      (await app.request('DELETE', `/api/community/questions/${id}`, { headers: helper.bearer })).status,
    ).toBe(403);
    expect((await app.get(`/api/community/questions/${id}`)).body.data.answerCount).toBe(1);
    expect(
      (
        await app.request('DELETE', `/api/community/answers/${answer.body.data.id}`, {
          headers: helper.bearer,
        })
      ).body,
    ).toEqual({ success: true });
    expect((await app.get(`/api/community/questions/${id}`)).body.data.answerCount).toBe(0);
    expect(
      (await app.request('DELETE', `/api/community/questions/${id}`, { headers: asker.bearer })).body,
    ).toEqual({ success: true });
    // Removed on purpose: 410 with a Korean reason, on the question and its answers alike.
    const gone = await app.get(`/api/community/questions/${id}`);
    expect(gone.status).toBe(410);
    expect(gone.body).toMatchObject({ statusCode: 410, error: 'Gone', message: QUESTION_GONE });
    expect((await app.get(`/api/community/questions/${id}/answers`)).status).toBe(410);
    expect(
      (
        await app.request('POST', `/api/community/questions/${id}/answers`, {
          body: { content: '삭제된 질문에 다는 답변은 받지 않습니다.' },
          headers: helper.bearer,
        })
      ).status,
    ).toBe(410);
    // An id that never named a question stays 404.
    const never = await app.get('/api/community/questions/q_never_asked');
    expect(never.status).toBe(404);
    expect(never.body.message).toContain('질문을 찾을 수 없습니다');
  });

  it('pages, filters, sorts and searches the list, with tiles from real counts', async () => {
    const fresh = await startCommunityTestApp();
    try {
      const a = await fresh.signUp('목록작성자');
      const b = await fresh.signUp('목록답변자');
      const post = (overrides: Record<string, unknown>) =>
        fresh.request('POST', '/api/community/questions', {
          body: questionBody(overrides),
          headers: a.bearer,
        });
      const eth = (
        await post({
          title: '이더리움 가스비가 너무 비싸요 어떻게 하죠',
          category: 'blockchain',
          tags: ['가스비'],
        })
      ).body.data.id;
      await post({ title: '리액트 상태 관리는 무엇을 쓰나요?', category: 'development', tags: ['React'] });
      await post({ title: '기타 카테고리에 올리는 질문입니다', category: 'other', tags: [] });
      await fresh.request('POST', `/api/community/questions/${eth}/answers`, {
        body: { content: 'L2 롤업을 써보세요. 훨씬 쌉니다.' },
        headers: b.bearer,
      });

      const all = await fresh.get('/api/community/questions?limit=2');
      expect(all.body.data.pagination).toEqual({ page: 1, totalPages: 2, total: 3, hasMore: true });
      expect(all.body.data.stats).toEqual({
        totalQuestions: 3,
        resolvedQuestions: 0,
        unansweredQuestions: 2,
        totalAnswers: 1,
      });
      expect((await fresh.get('/api/community/questions?limit=2&page=2')).body.data.questions).toHaveLength(
        1,
      );
      expect((await fresh.get('/api/community/questions?sort=unanswered')).body.data.pagination.total).toBe(
        2,
      );
      expect(
        (await fresh.get('/api/community/questions?category=other')).body.data.questions.map(
          (q: { title: string }) => q.title,
        ),
      ).toEqual(['기타 카테고리에 올리는 질문입니다']);
      // Korean particles and 초성 go through the search port; tags are searched too.
      const particle = await fresh.get(`/api/community/questions?q=${encodeURIComponent('이더리움을')}`);
      expect(particle.body.data.questions.map((q: { id: string }) => q.id)).toEqual([eth]);
      const tag = await fresh.get(`/api/community/questions?q=${encodeURIComponent('react')}`);
      expect(tag.body.data.questions).toHaveLength(1);
      const choseong = await fresh.get(`/api/community/questions?q=${encodeURIComponent('ㄱㅅㅂ')}`);
      expect(choseong.body.data.questions.map((q: { id: string }) => q.id)).toEqual([eth]);
    } finally {
      await fresh.close();
    }
  });

  it('rebuilds the search index from the store after a restart', async () => {
    const keep = mkdtempSync(path.join(os.tmpdir(), 'pulse-community-restart-'));
    const first = await startCommunityTestApp({ dataDir: keep });
    let second: CommunityTestApp | undefined;
    try {
      const who = await first.signUp('재시작작성자');
      const id = (
        await first.request('POST', '/api/community/questions', {
          body: questionBody({ title: '재시작 후에도 검색되는 솔리디티 질문' }),
          headers: who.bearer,
        })
      ).body.data.id;
      await first.close();
      second = await startCommunityTestApp({ dataDir: keep });
      await eventually(
        async () => {
          const found = await second!.get(`/api/community/questions?q=${encodeURIComponent('솔리디티')}`);
          expect(found.body.data.questions.map((q: { id: string }) => q.id)).toEqual([id]);
        },
        { timeoutMs: 10_000 },
      );
    } finally {
      await second?.close();
      rmSync(keep, { recursive: true, force: true });
    }
  }, 30_000);

  it('expires a session after 7 idle days and revokes it on logout', async () => {
    const idle = await app.signUp('잠자는사용자');
    expect((await app.get('/api/community/auth/me', idle.bearer)).status).toBe(200);
    clock.advance(6 * 24 * 60 * 60 * 1000);
    expect((await app.get('/api/community/auth/me', idle.bearer)).status).toBe(200);
    clock.advance(6 * 24 * 60 * 60 * 1000);
    // Six days after the last activity: still live (activity refreshed it).
    expect((await app.get('/api/community/auth/me', idle.bearer)).status).toBe(200);
    clock.advance(7 * 24 * 60 * 60 * 1000 + 1);
    expect((await app.get('/api/community/auth/me', idle.bearer)).status).toBe(401);

    const leaving = await app.signUp('떠나는사용자');
    const out = await app.request('POST', '/api/community/auth/logout', {
      headers: { cookie: leaving.cookie, 'x-csrf-token': leaving.csrf },
    });
    expect(out.status).toBe(200);
    expect(String(out.headers['set-cookie'])).toContain('pulse_community=;');
    expect((await app.get('/api/community/auth/me', leaving.bearer)).status).toBe(401);
  });

  it('writes activity at most once per 5 minutes', async () => {
    const active = await app.signUp('활동하는사용자');
    const sessions = app.store.collection<{ _id: string; lastActiveAt: string }>('community_sessions');
    const lastActive = async () => (await sessions.findOne({ _id: active.sessionId }))!.lastActiveAt;
    const start = await lastActive();
    clock.advance(4 * 60_000);
    await app.get('/api/community/auth/me', active.bearer);
    expect(await lastActive()).toBe(start);
    clock.advance(2 * 60_000);
    await app.get('/api/community/auth/me', active.bearer);
    expect(await lastActive()).toBe(new Date(clock.now()).toISOString());
  });

  it('refuses cookie writes without the CSRF header, and accepts them with it', async () => {
    const writer = await app.signUp('쿠키쓰는사용자');
    const body = questionBody();
    const bare = await app.request('POST', '/api/community/questions', {
      body,
      headers: { cookie: writer.cookie },
    });
    expect(bare.status).toBe(403);
    const wrong = await app.request('POST', '/api/community/questions', {
      body,
      headers: { cookie: writer.cookie, 'x-csrf-token': asker.csrf },
    });
    expect(wrong.status).toBe(403);
    const ok = await app.request('POST', '/api/community/questions', {
      body,
      headers: { cookie: writer.cookie, 'x-csrf-token': writer.csrf },
    });
    expect(ok.status).toBe(201);
  });

  it('publishes the badge rules', async () => {
    const rules = await app.get('/api/community/badges');
    expect(rules.body.data.badges.map((b: { id: string }) => b.id)).toEqual(
      expect.arrayContaining(['first-question', 'first-answer', 'accepted-answer', 'expert']),
    );
  });
});

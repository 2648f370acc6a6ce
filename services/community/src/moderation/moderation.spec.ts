import {
  ADMIN_TOKEN,
  questionBody,
  startCommunityTestApp,
  testClock,
  type CommunityTestApp,
} from '../../testing/community-test-app';
import { backdate } from '../../testing/trust-fixtures';

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

describe('reports, moderation, the expert badge and analytics', () => {
  const clock = testClock(Date.parse('2026-03-10T12:00:00.000Z'));
  let app: CommunityTestApp;

  beforeAll(async () => {
    app = await startCommunityTestApp({ clock, env: { COMMUNITY_REPORT_WEIGHT_TO_HOLD: '2' } });
  });
  afterAll(() => app.close());

  it('holds a post reported by enough readers, then a moderator restores or hides it', async () => {
    const author = await app.signUp('신고당할작성자');
    // Two 'basic' reporters (a day old, weight 1 each) on two networks reach the weight of 2.
    const [r1, r2] = [await app.signUp('신고자하나'), await app.signUp('신고자둘')];
    for (const who of [r1, r2]) await backdate(app, who, 2, clock.now());
    const id = (
      await app.request('POST', '/api/community/questions', { body: questionBody(), headers: author.bearer })
    ).body.data.id;
    const report = (who: typeof r1) =>
      app.request('POST', `/api/community/questions/${id}/report`, {
        body: { reason: 'spam' },
        headers: who.bearer,
        ip: who.ip,
      });
    expect((await report(r1)).body.data).toEqual({ reported: true, held: false });
    expect((await report(r1)).body.data).toEqual({ reported: true, held: false });
    expect((await report(r2)).body.data).toEqual({ reported: true, held: true });
    expect((await app.get(`/api/community/questions/${id}`)).status).toBe(404);
    expect((await app.get('/api/community/questions')).body.data.stats.totalQuestions).toBe(0);

    const queue = await app.get('/api/community/admin/moderation?state=held', admin);
    expect(queue.body.data.items).toEqual([
      expect.objectContaining({
        kind: 'question',
        id,
        state: 'held',
        reports: expect.objectContaining({
          count: 2,
          reasons: { spam: 2 },
          weight: 2,
          reporters: expect.arrayContaining([
            expect.objectContaining({
              id: r1.id,
              displayName: r1.displayName,
              trustLevel: 'basic',
              weight: 1,
            }),
            expect.objectContaining({
              id: r2.id,
              displayName: r2.displayName,
              trustLevel: 'basic',
              weight: 1,
            }),
          ]),
        }),
      }),
    ]);
    expect(
      (await app.request('POST', `/api/community/admin/questions/${id}/restore`, { headers: admin })).body
        .data.state,
    ).toBe('visible');
    expect((await app.get(`/api/community/questions/${id}`)).status).toBe(200);
    // Restored, its reports are reviewed: the weight that held it no longer counts, so a fresh nickname's
    // report (weight 0) does not hold it again, while enough new weight still does.
    expect((await report(await app.signUp('복원후신고자'))).body.data).toEqual({
      reported: true,
      held: false,
    });
    expect((await app.get(`/api/community/questions/${id}`)).status).toBe(200);
    const reviewed = await app.get('/api/community/admin/moderation?state=reported', admin);
    expect(reviewed.body.data.items).toEqual([
      expect.objectContaining({ id, reports: expect.objectContaining({ count: 3, weight: 0 }) }),
    ]);
    const [r3, r4] = [await app.signUp('신고자셋'), await app.signUp('신고자넷')];
    for (const who of [r3, r4]) await backdate(app, who, 2, clock.now());
    expect((await report(r3)).body.data).toEqual({ reported: true, held: false });
    expect((await report(r4)).body.data).toEqual({ reported: true, held: true });
    expect(
      (await app.request('POST', `/api/community/admin/questions/${id}/hide`, { headers: admin })).body.data
        .state,
    ).toBe('hidden');
    // Held it waited for review (404); hidden by a moderator it is removed on purpose (410).
    expect((await app.get(`/api/community/questions/${id}`)).status).toBe(410);
    expect((await app.get('/api/community/admin/moderation?state=hidden', admin)).body.data.total).toBe(1);
    expect(
      (await app.request('POST', '/api/community/admin/questions/q_none/hide', { headers: admin })).status,
    ).toBe(404);
  });

  it('keeps the answer count in step when an answer is hidden and restored', async () => {
    const author = await app.signUp('답변숨김질문자');
    const helper = await app.signUp('답변숨김답변자');
    const id = (
      await app.request('POST', '/api/community/questions', { body: questionBody(), headers: author.bearer })
    ).body.data.id;
    const answerId = (
      await app.request('POST', `/api/community/questions/${id}/answers`, {
        body: { content: '숨겨질 수도 있는 답변입니다.' },
        headers: helper.bearer,
      })
    ).body.data.id;
    await app.request('POST', `/api/community/admin/answers/${answerId}/hide`, { headers: admin });
    await app.request('POST', `/api/community/admin/answers/${answerId}/hide`, { headers: admin });
    expect((await app.get(`/api/community/questions/${id}`)).body.data.answerCount).toBe(0);
    expect((await app.get(`/api/community/questions/${id}/answers`)).body.data).toEqual([]);
    await app.request('POST', `/api/community/admin/answers/${answerId}/restore`, { headers: admin });
    expect((await app.get(`/api/community/questions/${id}`)).body.data.answerCount).toBe(1);
  });

  it('suspends and reinstates an identity', async () => {
    const who = await app.signUp('정지대상');
    const suspended = await app.request('POST', `/api/community/admin/identities/${who.id}/suspend`, {
      body: { reason: '도배', days: 3 },
      headers: admin,
    });
    expect(suspended.body.data.suspendedUntil).toBe('2026-03-13T12:00:00.000Z');
    expect((await app.get('/api/community/auth/me', who.bearer)).status).toBe(401);
    const again = await app.signUp('정지대상');
    expect(
      (await app.request('POST', `/api/community/admin/identities/${who.id}/reinstate`, { headers: admin }))
        .body.data.suspendedUntil,
    ).toBeNull();
    expect(again.displayName).not.toBe(who.displayName);
    expect(
      (
        await app.request('POST', '/api/community/admin/identities/u_none/suspend', {
          body: { reason: 'x' },
          headers: admin,
        })
      ).status,
    ).toBe(404);
  });

  it('grants the expert badge once, shown on the identity', async () => {
    const who = await app.signUp('전문가후보');
    const first = await app.request('POST', `/api/community/admin/identities/${who.id}/expert`, {
      headers: admin,
    });
    expect(first.body.data).toMatchObject({
      granted: true,
      badge: { id: 'expert', type: 'role', name: '전문가' },
    });
    const second = await app.request('POST', `/api/community/admin/identities/${who.id}/expert`, {
      headers: admin,
    });
    expect(second.body.data.granted).toBe(false);
    const me = await app.get('/api/community/auth/me', who.bearer);
    expect(me.body.data.user.badges.filter((b: { id: string }) => b.id === 'expert')).toHaveLength(1);
  });

  it('counts questions, answers and active identities per day', async () => {
    const analytics = await app.get('/api/community/admin/analytics?days=3', admin);
    expect(analytics.body.data.days.map((d: { day: string }) => d.day)).toEqual([
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    const today = analytics.body.data.days[2];
    expect(today.questions).toBe(2);
    expect(today.answers).toBe(1);
    expect(today.activeIdentities).toBeGreaterThanOrEqual(8);
    expect(analytics.body.data.days[0]).toEqual({
      day: '2026-03-08',
      questions: 0,
      answers: 0,
      activeIdentities: 0,
    });
    expect((await app.get('/api/community/admin/analytics?days=999', admin)).status).toBe(400);
  });
});

describe('answers under a question moderation removed', () => {
  let app: CommunityTestApp;

  beforeAll(async () => {
    app = await startCommunityTestApp({ clock: testClock() });
  });
  afterAll(() => app.close());

  it('puts the answers of a hidden question out of reach of votes and reports, as the question is', async () => {
    const author = await app.signUp('숨겨질질문자');
    const helper = await app.signUp('숨겨질질문답변자');
    const voter = await app.signUp('숨은답변투표자');
    const id = (
      await app.request('POST', '/api/community/questions', { body: questionBody(), headers: author.bearer })
    ).body.data.id;
    const answerId = (
      await app.request('POST', `/api/community/questions/${id}/answers`, {
        body: { content: '질문이 숨겨진 뒤에도 남는 답변입니다.' },
        headers: helper.bearer,
      })
    ).body.data.id;
    const vote = () =>
      app.request('POST', `/api/community/answers/${answerId}/vote`, {
        body: { voteType: 'upvote' },
        headers: voter.bearer,
      });
    const report = () =>
      app.request('POST', `/api/community/answers/${answerId}/report`, {
        body: { reason: 'spam' },
        headers: voter.bearer,
      });
    expect((await vote()).status).toBe(200);
    await app.request('POST', `/api/community/admin/questions/${id}/hide`, { headers: admin });
    expect((await app.get(`/api/community/questions/${id}`)).status).toBe(410);
    expect((await vote()).status).toBe(404);
    expect((await report()).status).toBe(404);
    await app.request('POST', `/api/community/admin/questions/${id}/restore`, { headers: admin });
    expect((await report()).status).toBe(200);
  });
});

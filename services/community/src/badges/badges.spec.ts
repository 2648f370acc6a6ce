import { eventually } from '@pulse/testing';
import { startCommunityTestApp, testClock, type CommunityTestApp } from '../../testing/community-test-app';
import { actingAs } from '../../testing/trust-fixtures';

const badgeIds = (user: { badges?: Array<{ id: string }> }) => (user.badges ?? []).map((badge) => badge.id);

describe('badges for answers go to answers on other people’s questions', () => {
  let app: CommunityTestApp;

  beforeAll(async () => {
    app = await startCommunityTestApp({ clock: testClock() });
  });
  afterAll(() => app.close());

  it('awards nothing for answering and accepting on one’s own question, which still resolves', async () => {
    const asker = actingAs(app, await app.signUp('스스로답하는사람'));
    const helper = actingAs(app, await app.signUp('도와주는사람'));
    const id = await asker.ask();
    const own = await asker.answer(id, '제가 직접 찾아낸 해결 방법을 적어 둡니다.');
    expect((await asker.accept(id, own)).status).toBe(200);
    expect((await app.get(`/api/community/questions/${id}`)).body.data).toMatchObject({
      isAnswered: true,
      acceptedAnswerId: own,
    });

    // The helper's answer and accept follow the asker's on the same question, so their events come after
    // the asker's: once the helper's badges are in, the asker's events were handled too.
    const theirs = await helper.answer(id);
    expect((await asker.accept(id, theirs)).status).toBe(200);
    await eventually(
      async () => {
        const me = await app.get('/api/community/auth/me', helper.who.bearer);
        expect(badgeIds(me.body.data.user)).toEqual(
          expect.arrayContaining(['first-answer', 'accepted-answer']),
        );
      },
      { timeoutMs: 10_000 },
    );
    await eventually(async () => {
      const me = await app.get('/api/community/auth/me', asker.who.bearer);
      expect(badgeIds(me.body.data.user)).toContain('first-question');
    });
    const me = await app.get('/api/community/auth/me', asker.who.bearer);
    expect(badgeIds(me.body.data.user)).not.toContain('first-answer');
    expect(badgeIds(me.body.data.user)).not.toContain('accepted-answer');
  });

  it('states the rules as they are applied', async () => {
    const rules = (await app.get('/api/community/badges')).body.data.badges;
    const rule = (id: string) => rules.find((r: { id: string }) => r.id === id).rule;
    expect(rule('first-answer')).toBe('다른 사람의 질문에 답변을 1개 달면 받습니다.');
    expect(rule('accepted-answer')).toBe('다른 사람의 질문에 단 내 답변이 1번 채택되면 받습니다.');
  });
});

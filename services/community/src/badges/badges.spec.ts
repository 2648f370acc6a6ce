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

  it('counts accepts per question: moving the accept between one author’s answers counts once', async () => {
    const asker = actingAs(app, await app.signUp('채택을옮기는질문자'));
    const farmer = actingAs(app, await app.signUp('답변을여러개다는사람'));
    const witness = actingAs(app, await app.signUp('마지막채택확인용'));
    const first = await asker.ask();
    const answers = [];
    for (let i = 1; i <= 5; i += 1)
      answers.push(await farmer.answer(first, `${i}번째로 다른 방법을 정리해서 답변드립니다.`));
    for (const answer of answers) expect((await asker.accept(first, answer)).status).toBe(200);
    // Accepted last on the same question, so its event is handled after the farmer's five.
    expect((await asker.accept(first, await witness.answer(first))).status).toBe(200);
    const badgesOf = async (who: typeof farmer) =>
      badgeIds((await app.get('/api/community/auth/me', who.who.bearer)).body.data.user);
    await eventually(async () => expect(await badgesOf(witness)).toContain('accepted-answer'), {
      timeoutMs: 10_000,
    });
    expect(await badgesOf(farmer)).toContain('accepted-answer');
    expect(await badgesOf(farmer)).not.toContain('problem-solver');

    // Four more questions solved by the farmer make five: the badge comes.
    for (let i = 1; i <= 4; i += 1) {
      const question = await asker.ask({ title: `다른 질문 ${i}번: 쿠버네티스 배포가 멈춥니다` });
      expect(
        (await asker.accept(question, await farmer.answer(question, `${i}번 질문의 해결 방법입니다.`)))
          .status,
      ).toBe(200);
    }
    await eventually(async () => expect(await badgesOf(farmer)).toContain('problem-solver'), {
      timeoutMs: 10_000,
    });
  });

  it('spends the vote budget on each accept, so toggling an accept is bounded', async () => {
    const asker = actingAs(app, await app.signUp('채택을되풀이하는사람'));
    const one = actingAs(app, await app.signUp('첫번째답변자'));
    const two = actingAs(app, await app.signUp('두번째답변자'));
    const question = await asker.ask();
    const pair = [await one.answer(question), await two.answer(question)];
    const statuses = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await asker.accept(question, pair[i % 2])).status);
    // COMMUNITY_VOTES_PER_IDENTITY_MINUTE (30) accepts, then 429.
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('states the rules as they are applied', async () => {
    const rules = (await app.get('/api/community/badges')).body.data.badges;
    const rule = (id: string) => rules.find((r: { id: string }) => r.id === id).rule;
    expect(rule('first-answer')).toBe('다른 사람의 질문에 답변을 1개 달면 받습니다.');
    expect(rule('accepted-answer')).toBe('다른 사람의 질문에 단 내 답변이 1번 채택되면 받습니다.');
    expect(rule('problem-solver')).toBe('다른 사람의 서로 다른 질문 5개에서 내 답변이 채택되면 받습니다.');
  });
});

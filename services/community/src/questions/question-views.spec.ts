import { questionBody, startCommunityTestApp, type CommunityTestApp } from '../../testing/community-test-app';

describe('question views: one per signed reader session, whatever the User-Agent or the address', () => {
  let app: CommunityTestApp;
  let id: string;
  const view = (headers: Record<string, string>, ip = '10.20.0.1') =>
    app.request('POST', `/api/community/questions/${id}/view`, { headers, ip });
  const viewCount = async () =>
    (await app.get(`/api/community/questions/${id}`)).body.data.viewCount as number;

  beforeAll(async () => {
    app = await startCommunityTestApp();
    const asker = await app.signUp('조회수질문자');
    const created = await app.request('POST', '/api/community/questions', {
      body: questionBody(),
      headers: asker.bearer,
    });
    id = created.body.data.id as string;
  });
  afterAll(() => app.close());

  it('counts nothing for requests without a session, however many User-Agents they rotate', async () => {
    for (let i = 0; i < 25; i += 1) {
      const response = await view({ 'user-agent': `Mozilla/5.0 (bot ${i}; ${Math.random()})` });
      expect(response.body.data).toMatchObject({ counted: false, reason: 'session-issued' });
    }
    expect(await viewCount()).toBe(0);
  });

  it('counts a session once, with rotating User-Agents and addresses, and a forged cookie as none', async () => {
    const issued = await view({ 'user-agent': 'reader' });
    const cookie = String(issued.headers['set-cookie']).split(';')[0];
    expect(String(issued.headers['set-cookie'])).toMatch(/Path=\/api\/community/);
    const counted = [];
    for (let i = 0; i < 10; i += 1)
      counted.push((await view({ cookie, 'user-agent': `agent-${i}` }, `10.20.${i}.1`)).body.data.counted);
    expect(counted).toEqual([true, false, false, false, false, false, false, false, false, false]);
    const [name, value] = cookie.split('=');
    const [key, issuedAt, signature] = value.split('.');
    const forged = `${name}=${key}.${(parseInt(issuedAt, 36) - 86_400).toString(36)}.${signature}`;
    expect((await view({ cookie: forged })).body.data).toMatchObject({
      counted: false,
      reason: 'session-issued',
    });
    expect(await viewCount()).toBe(1);
  });

  describe('capped per network and per reader', () => {
    let capped: CommunityTestApp;
    const questions: string[] = [];
    const viewOf = (question: string, headers: Record<string, string>, ip: string) =>
      capped.request('POST', `/api/community/questions/${question}/view`, { headers, ip });
    /** A script's cheapest counted view: a request to be given a session, then the view with it. */
    const mintedView = async (question: string, ip: string) => {
      const issued = await viewOf(question, {}, ip);
      const cookie = String(issued.headers['set-cookie']).split(';')[0];
      return (await viewOf(question, { cookie }, ip)).body.data;
    };

    beforeAll(async () => {
      capped = await startCommunityTestApp({
        env: { COMMUNITY_VIEWS_PER_NETWORK_QUESTION_HOUR: '3', COMMUNITY_VIEWS_PER_READER_HOUR: '2' },
      });
      const asker = await capped.signUp('조회수상한질문자');
      for (let i = 0; i < 3; i += 1)
        questions.push(
          (
            await capped.request('POST', '/api/community/questions', {
              body: questionBody(),
              headers: asker.bearer,
            })
          ).body.data.id as string,
        );
    });
    afterAll(() => capped.close());

    it('counts a fresh session per view from one network only up to the cap; another network still counts', async () => {
      const outcomes = [];
      for (let i = 0; i < 8; i += 1) outcomes.push(await mintedView(questions[0], '10.30.0.1'));
      expect(outcomes.map((outcome) => outcome.counted)).toEqual([
        true,
        true,
        true,
        false,
        false,
        false,
        false,
        false,
      ]);
      expect(outcomes[7]).toMatchObject({ counted: false, viewCount: 3, reason: 'limited' });
      // Another network has its own budget; every address of one IPv6 /64 shares one.
      const sameSlash64 = [];
      for (let i = 1; i <= 4; i += 1)
        sameSlash64.push((await mintedView(questions[0], `2001:db8:1:2::${i}`)).counted);
      expect(sameSlash64).toEqual([true, true, true, false]);
      expect(await mintedView(questions[0], '10.30.0.2')).toMatchObject({ counted: true });
      expect((await capped.get(`/api/community/questions/${questions[0]}`)).body.data.viewCount).toBe(7);
    });

    it('counts one reader across questions only up to its own cap', async () => {
      const issued = await viewOf(questions[1], {}, '10.31.0.1');
      const cookie = String(issued.headers['set-cookie']).split(';')[0];
      const counted = [];
      for (const [i, question] of [questions[1], questions[2], questions[0]].entries())
        counted.push((await viewOf(question, { cookie }, `10.31.${i}.9`)).body.data);
      expect(counted.map((outcome) => outcome.counted)).toEqual([true, true, false]);
      expect(counted[2]).toMatchObject({ reason: 'limited' });
    });
  });
});

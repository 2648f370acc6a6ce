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
});

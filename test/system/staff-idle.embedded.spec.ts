import 'reflect-metadata';
import { FakeUpstream, startTestGateway, type TestGateway } from '@pulse/gateway/testing/test-gateway';
import {
  admin,
  STAFF_ASSERTION_SECRET,
  startNewsroomTestApp,
} from '@pulse/newsroom/testing/newsroom-test-app';

type Newsroom = Awaited<ReturnType<typeof startNewsroomTestApp>>;

const PASSWORD = 'correct horse battery staple';

/**
 * The gateway in front of the real newsroom service: a cookie's session is resolved on each request, so
 * an idle one stops working at the gateway's next lookup, as an admin route's 401.
 */
describe('a staff session left idle, through the gateway', () => {
  let newsroom: Newsroom;
  let gateway: TestGateway;

  beforeAll(async () => {
    newsroom = await startNewsroomTestApp();
    const upstream = new FakeUpstream('newsroom', ['/api/newsroom'], async (request) => {
      const answer = await newsroom.app.inject({
        method: request.method as 'GET',
        url: request.url,
        // The gateway leaves headers it has no value for as undefined; a real request carries none of them.
        headers: Object.fromEntries(
          Object.entries(request.headers).filter((entry): entry is [string, string | string[]] => !!entry[1]),
        ),
        payload: request.body,
      });
      const headers = Object.entries(answer.headers).map(([name, value]) => [
        name,
        typeof value === 'number' ? String(value) : value,
      ]);
      return { statusCode: answer.statusCode, headers: Object.fromEntries(headers), body: answer.rawPayload };
    });
    gateway = await startTestGateway({
      upstreams: [upstream],
      env: { STAFF_ASSERTION_SECRET },
    });
  });
  afterAll(async () => {
    await gateway?.close();
    await newsroom?.close();
  });

  it('answers 401 on an admin route once the session has been idle for NEWSROOM_SESSION_IDLE_MINUTES', async () => {
    const created = await newsroom.request('POST', '/api/newsroom/accounts', {
      json: { name: 'owner-lee', role: 'owner', password: PASSWORD },
      headers: admin,
    });
    expect(created.status).toBe(201);
    const signedIn = await fetch(`${gateway.base}/api/newsroom/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'owner-lee', password: PASSWORD }),
    });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.getSetCookie()[0].split(';')[0];
    const accounts = () => fetch(`${gateway.base}/api/newsroom/accounts`, { headers: { cookie } });

    expect((await accounts()).status).toBe(200);
    newsroom.clock.advance(29 * 60_000);
    expect((await accounts()).status).toBe(200);
    newsroom.clock.advance(30 * 60_000);
    expect((await accounts()).status).toBe(401);
    expect((await fetch(`${gateway.base}/api/newsroom/session`, { headers: { cookie } })).status).toBe(401);
  });
});

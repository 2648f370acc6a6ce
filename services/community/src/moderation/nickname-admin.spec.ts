import {
  ADMIN_TOKEN,
  startCommunityTestApp,
  testClock,
  type CommunityTestApp,
} from '../../testing/community-test-app';

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const json = { 'content-type': 'application/json' };

describe('nicknames for moderators: look-up, history, the expert badge taken back', () => {
  const clock = testClock(Date.parse('2026-03-10T12:00:00.000Z'));
  let app: CommunityTestApp;
  beforeAll(async () => {
    app = await startCommunityTestApp({ clock });
  });
  afterAll(() => app.close());

  const find = (nickname: string) =>
    app.get(`/api/community/admin/identities?nickname=${encodeURIComponent(nickname)}`, admin);
  const history = (id: string) => app.get(`/api/community/admin/identities/${id}/history`, admin);

  it('finds a nickname as names collide (case and look-alikes), with its standing and badges', async () => {
    const who = await app.signUp('찾을닉네임Kim');
    const found = await find('찾을닉네임kim');
    expect(found.status).toBe(200);
    expect(found.headers['cache-control']).toBe('private, no-store');
    expect(found.body.data.items).toEqual([
      {
        id: who.id,
        displayName: who.displayName,
        createdAt: '2026-03-10T12:00:00.000Z',
        lastActiveAt: expect.any(String),
        suspendedUntil: null,
        suspendedReason: null,
        trustLevel: 'new',
        badges: [],
      },
    ]);
    expect((await find('없는닉네임')).body.data.items).toEqual([]);
  });

  it('records suspend, reinstate, expert granted and taken back, newest first', async () => {
    const who = await app.signUp('이력볼닉네임');
    expect((await history(who.id)).body.data.entries).toEqual([]);

    await app.request('POST', `/api/community/admin/identities/${who.id}/suspend`, {
      body: { reason: '광고 도배', days: 3 },
      headers: { ...admin, ...json },
    });
    clock.advance(60_000);
    await app.request('POST', `/api/community/admin/identities/${who.id}/reinstate`, { headers: admin });
    clock.advance(60_000);
    await app.request('POST', `/api/community/admin/identities/${who.id}/expert`, { headers: admin });
    // Granting again changes nothing, so nothing more is recorded.
    await app.request('POST', `/api/community/admin/identities/${who.id}/expert`, { headers: admin });
    expect((await find('이력볼닉네임')).body.data.items[0].badges.map((b: { id: string }) => b.id)).toEqual([
      'expert',
    ]);
    clock.advance(60_000);
    const revoked = await app.request('DELETE', `/api/community/admin/identities/${who.id}/expert`, {
      headers: admin,
    });
    expect(revoked).toMatchObject({
      status: 200,
      body: { success: true, data: { id: who.id, revoked: true } },
    });
    const again = await app.request('DELETE', `/api/community/admin/identities/${who.id}/expert`, {
      headers: admin,
    });
    expect(again.body.data.revoked).toBe(false);

    const { identity, entries } = (await history(who.id)).body.data;
    expect(identity).toMatchObject({ id: who.id, suspendedUntil: null, badges: [] });
    expect(entries).toEqual([
      { action: 'expert-revoked', at: '2026-03-10T12:03:00.000Z', reason: null, until: null },
      { action: 'expert-granted', at: '2026-03-10T12:02:00.000Z', reason: null, until: null },
      { action: 'reinstated', at: '2026-03-10T12:01:00.000Z', reason: null, until: null },
      {
        action: 'suspended',
        at: '2026-03-10T12:00:00.000Z',
        reason: '광고 도배',
        until: '2026-03-13T12:00:00.000Z',
      },
    ]);
  });

  it('answers 404 for an unknown identity, 400 naming the field, and 401 without the credential', async () => {
    expect((await history('u_none')).status).toBe(404);
    expect(
      (await app.request('DELETE', '/api/community/admin/identities/u_none/expert', { headers: admin }))
        .status,
    ).toBe(404);
    const bad = await app.get('/api/community/admin/identities', admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^nickname: /);
    expect((await app.get('/api/community/admin/identities?nickname=x')).status).toBe(401);
  });
});

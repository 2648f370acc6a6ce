import { STAFF_AUDIT_PATH, type StaffActionView } from '@pulse/contracts';
import { eventually } from '@pulse/testing';
import { admin, startNewsroomTestApp } from '../../testing/newsroom-test-app';
import { totpAt } from './totp';

type App = Awaited<ReturnType<typeof startNewsroomTestApp>>;

const PASSWORD = 'correct horse battery staple';

describe('newsroom: staff account changes in the audit log, with what they changed', () => {
  let app: App;
  beforeEach(async () => {
    app = await startNewsroomTestApp();
  });
  afterEach(() => app.close());

  /** A second between requests, so the log's newest-first order is the order they were made. */
  const later = <T>(reply: Promise<T>): Promise<T> =>
    reply.then((value) => {
      app.clock.advance(1000);
      return value;
    });

  /** Every entry so far, oldest first, once `count` have arrived. */
  const entries = (count: number): Promise<StaffActionView[]> =>
    eventually(async () => {
      const reply = await app.request('GET', `${STAFF_AUDIT_PATH}?limit=100`, { headers: admin });
      expect(reply.body.items).toHaveLength(count);
      return [...(reply.body.items as StaffActionView[])].reverse();
    });
  const create = async (name: string, role: string) => {
    const created = await later(
      app.request('POST', '/api/newsroom/accounts', {
        json: { name, role, password: PASSWORD },
        headers: admin,
      }),
    );
    expect(created.status).toBe(201);
    return created.body.id as string;
  };

  it('records the owner’s role and address edits, only the fields that moved, and sessions ended by count', async () => {
    const id = await create('editor-kim', 'editor');
    const edit = (json: unknown) =>
      later(app.request('PATCH', `/api/newsroom/accounts/${id}`, { json, headers: admin }));
    expect((await edit({ role: 'moderator', email: 'kim@example.com' })).status).toBe(200);
    expect((await edit({ role: 'moderator' })).status).toBe(200);
    expect((await edit({ email: null })).status).toBe(200);
    const signIn = await later(
      app.request('POST', '/api/newsroom/session', { json: { name: 'editor-kim', password: PASSWORD } }),
    );
    expect(signIn.status).toBe(200);
    const end = () =>
      later(app.request('DELETE', `/api/newsroom/accounts/${id}/sessions`, { headers: admin }));
    expect((await end()).body).toEqual({ revoked: 1 });
    expect((await end()).body).toEqual({ revoked: 0 });

    const [created, both, same, email, ended, none] = await entries(6);
    expect(created!.change).toBeNull();
    expect(both!.change).toEqual({
      before: { role: 'editor', email: null },
      after: { role: 'moderator', email: 'kim@example.com' },
    });
    // The same role again moved nothing.
    expect(same!.change).toBeNull();
    expect(email!.change).toEqual({ before: { email: 'kim@example.com' }, after: { email: null } });
    expect(ended).toMatchObject({
      action: 'DELETE /api/newsroom/accounts/:id/sessions',
      change: { before: { sessions: 1 }, after: { sessions: 0 } },
    });
    expect(none!.change).toBeNull();
  });

  it('records a member’s own address and second factor turned on and off, never the secret', async () => {
    const id = await create('owner-lee', 'owner');
    const staff = { id, name: 'owner-lee', role: 'owner' as const, via: 'session' as const };
    expect(
      (await later(app.asStaff(staff, 'PATCH', '/api/newsroom/me', { email: 'lee@example.com' }))).status,
    ).toBe(200);
    const started = await later(app.asStaff(staff, 'POST', '/api/newsroom/me/totp'));
    const secret = started.body.secret as string;
    const confirmed = await later(
      app.asStaff(staff, 'POST', '/api/newsroom/me/totp/confirm', {
        totp: totpAt(secret, app.clock.now()),
      }),
    );
    expect(confirmed.status).toBe(200);
    expect((await later(app.asStaff(staff, 'DELETE', '/api/newsroom/me/totp'))).status).toBe(204);

    const [, email, start, confirm, removed] = await entries(5);
    expect(email!.change).toEqual({ before: { email: null }, after: { email: 'lee@example.com' } });
    expect(start!.change).toBeNull();
    expect(confirm!.change).toEqual({ before: { secondFactor: 'off' }, after: { secondFactor: 'on' } });
    expect(removed).toMatchObject({
      action: 'DELETE /api/newsroom/me/totp',
      change: { before: { secondFactor: 'on' }, after: { secondFactor: 'off' } },
    });
    expect(JSON.stringify(await app.store.collection('staff_actions').find({}))).not.toContain(secret);
  });
});

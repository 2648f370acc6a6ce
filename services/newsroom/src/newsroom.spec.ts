import { createHash } from 'node:crypto';
import { STAFF_SESSION_RESOLVE_PATH } from '@pulse/contracts';
import pino from 'pino';
import { PasswordHasher } from './accounts/password-hasher';
import { totpAt } from './accounts/totp';
import { admin, sessionTokenOf, startNewsroomTestApp } from '../testing/newsroom-test-app';

type App = Awaited<ReturnType<typeof startNewsroomTestApp>>;

const PASSWORD = 'correct horse battery staple';

describe('newsroom: staff accounts and sessions', () => {
  let app: App;
  beforeEach(async () => {
    app = await startNewsroomTestApp();
  });
  afterEach(() => app.close());

  const create = (name: string, role: string, password = PASSWORD) =>
    app.request('POST', '/api/newsroom/accounts', { json: { name, role, password }, headers: admin });
  const signIn = (name: string, password = PASSWORD, extra: Record<string, string> = {}, ip?: string) =>
    app.request('POST', '/api/newsroom/session', { json: { name, password, ...extra }, ip });

  it('creates an account with the ADMIN_TOKEN and signs it in with a hardened cookie', async () => {
    const created = await create('editor-kim', 'editor');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'editor-kim',
      role: 'editor',
      totpEnabled: false,
      lockedUntil: null,
    });

    const session = await signIn('Editor-Kim');
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({
      staff: { id: created.body.id, name: 'editor-kim', role: 'editor', via: 'session' },
      expiresAt: '2026-03-02T12:00:00.000Z',
    });
    expect(session.body.csrfToken).toMatch(/^[\w-]{43}$/);
    const cookie = String(([] as unknown[]).concat(session.headers['set-cookie'])[0]);
    expect(cookie).toMatch(/^pulse_staff=[\w-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/Path=\//);

    const resolved = await app.resolve(sessionTokenOf(session));
    expect(resolved.status).toBe(200);
    expect(resolved.body).toEqual({
      staff: { id: created.body.id, name: 'editor-kim', role: 'editor', via: 'session' },
      sid: expect.any(String),
      csrfToken: session.body.csrfToken,
    });
  });

  it('keeps only a hash of the session token, and never the password', async () => {
    await create('editor-kim', 'editor');
    const token = sessionTokenOf(await signIn('editor-kim'));
    const sessions = await app.store.collection('staff_sessions').find({});
    expect(sessions).toHaveLength(1);
    expect(sessions[0]._id).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(sessions)).not.toContain(token);
    const [account] = await app.store
      .collection<{ _id: string; passwordHash: string }>('staff_accounts')
      .find({});
    expect(account.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(JSON.stringify(account)).not.toContain(PASSWORD);
  });

  it('answers wrong passwords and unknown names alike, and locks the name after 10 wrong ones', async () => {
    await create('editor-kim', 'editor');
    const unknown = await signIn('nobody', PASSWORD);
    expect(unknown.status).toBe(401);
    for (let attempt = 1; attempt <= 9; attempt++) {
      const wrong = await signIn('editor-kim', `wrong password ${attempt}`);
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBe(unknown.body.message);
    }
    const tenth = await signIn('editor-kim', 'wrong password 10');
    expect(tenth.status).toBe(423);
    expect(tenth.body.message).toBe(
      '로그인에 여러 번 실패해 이 네트워크에서의 로그인이 잠겼습니다. 15분 뒤에 다시 시도해 주세요.',
    );
    // Locked from this network: the right password is refused too, until the lock has run out.
    expect((await signIn('editor-kim')).status).toBe(423);
    app.clock.advance(14 * 60_000);
    expect((await signIn('editor-kim')).status).toBe(423);
    app.clock.advance(60_000);
    expect((await signIn('editor-kim')).status).toBe(200);
  });

  it("locks a name only from the network that failed: the member's own network still signs in", async () => {
    await create('editor-kim', 'editor');
    const attacker = '203.0.113.9';
    for (let attempt = 1; attempt <= 9; attempt++)
      expect((await signIn('editor-kim', `wrong ${attempt}`, {}, attacker)).status).toBe(401);
    expect((await signIn('editor-kim', 'wrong 10', {}, attacker)).status).toBe(423);

    expect((await signIn('editor-kim', PASSWORD, {}, '198.51.100.1')).status).toBe(200);
    expect((await signIn('editor-kim', PASSWORD, {}, attacker)).status).toBe(423);
    // The owner sees that a network is locked out of the name, and until when.
    const lockedOf = async () =>
      (
        (await app.request('GET', '/api/newsroom/accounts', { headers: admin })).body.items as Array<{
          name: string;
          lockedUntil: string | null;
        }>
      ).find((account) => account.name === 'editor-kim')?.lockedUntil;
    expect(await lockedOf()).toBe(new Date(app.clock.now() + 15 * 60_000).toISOString());
    app.clock.advance(15 * 60_000);
    expect(await lockedOf()).toBeNull();
    expect((await signIn('editor-kim', PASSWORD, {}, attacker)).status).toBe(200);
  });

  it('keys the lock on an IPv6 /64, as the per-network limit does', async () => {
    await create('editor-kim', 'editor');
    for (let attempt = 1; attempt <= 10; attempt++)
      await signIn('editor-kim', `wrong ${attempt}`, {}, `2001:db8:1:1::${attempt}`);
    expect((await signIn('editor-kim', PASSWORD, {}, '2001:db8:1:1::99')).status).toBe(423);
    expect((await signIn('editor-kim', PASSWORD, {}, '2001:db8:1:2::1')).status).toBe(200);
  });

  it('past NEWSROOM_LOCKOUT_NAME_FAILURES for a name, one wrong try locks its network, not the others', async () => {
    const strict = await startNewsroomTestApp({ env: { NEWSROOM_LOCKOUT_NAME_FAILURES: '10' } });
    try {
      await strict.request('POST', '/api/newsroom/accounts', {
        json: { name: 'editor-kim', role: 'editor', password: PASSWORD },
        headers: admin,
      });
      const attempt = (password: string, ip: string) =>
        strict.request('POST', '/api/newsroom/session', { json: { name: 'editor-kim', password }, ip });
      for (let i = 0; i < 5; i++) {
        expect((await attempt('wrong', '203.0.113.1')).status).toBe(401);
        expect((await attempt('wrong', '203.0.113.2')).status).toBe(401);
      }
      expect((await attempt('wrong', '203.0.113.3')).status).toBe(423);
      expect((await attempt('wrong', '203.0.113.1')).status).toBe(423);
      expect((await attempt(PASSWORD, '198.51.100.1')).status).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('gives an unknown name the same answers as a real one, lock included, and checks a password while locked', async () => {
    await create('editor-kim', 'editor');
    const answers = async (name: string, ip: string) => {
      const seen: string[] = [];
      for (let attempt = 1; attempt <= 11; attempt++) {
        const reply = await signIn(name, `wrong ${attempt}`, {}, ip);
        seen.push(`${reply.status} ${reply.body.message}`);
      }
      return seen;
    };
    const real = await answers('editor-kim', '203.0.113.1');
    expect(await answers('Nobody-Here', '203.0.113.2')).toEqual(real);
    expect(real.slice(9).map((answer) => answer.slice(0, 3))).toEqual(['423', '423']);

    // A locked answer spends a verification's time too, so its speed does not tell the name exists.
    const decoy = jest.spyOn(PasswordHasher.prototype, 'verifyNothing');
    try {
      expect((await signIn('editor-kim', PASSWORD, {}, '203.0.113.1')).status).toBe(423);
      expect(decoy).toHaveBeenCalledTimes(1);
    } finally {
      decoy.mockRestore();
    }
  });

  it('writes a warning for each failed sign-in and each lock, naming the name and network only', async () => {
    const lines: string[] = [];
    const logged = await startNewsroomTestApp({
      logger: pino({ level: 'info' }, { write: (line: string) => lines.push(line) }),
    });
    try {
      for (let attempt = 1; attempt <= 10; attempt++)
        await logged.request('POST', '/api/newsroom/session', {
          json: { name: 'Nobody', password: `secret guess ${attempt}` },
          ip: '203.0.113.7',
        });
      const warnings = lines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 40);
      expect(warnings.filter((entry) => /failed/.test(entry.msg))).toHaveLength(10);
      const locks = warnings.filter((entry) => /locked/.test(entry.msg));
      expect(locks).toHaveLength(1);
      const nameHash = createHash('sha256').update('nobody').digest('hex').slice(0, 16);
      expect(locks[0]).toMatchObject({ nameHash, network: '4:203.0.113.7/32' });
      // Neither the password nor the typed name: a password typed into the name field stays out too.
      expect(lines.join('\n')).not.toContain('secret guess');
      expect(lines.join('\n')).not.toMatch(/nobody/i);
    } finally {
      await logged.close();
    }
  });

  it('limits sign-in attempts per network, whatever the account', async () => {
    const limited = await startNewsroomTestApp({ env: { NEWSROOM_LOGIN_PER_ADDRESS: '3' } });
    try {
      const attempt = (ip: string) =>
        limited.request('POST', '/api/newsroom/session', { json: { name: `x${ip}`, password: 'p' }, ip });
      for (let i = 0; i < 3; i++) expect((await attempt('203.0.113.9')).status).toBe(401);
      const blocked = await attempt('203.0.113.9');
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(/잠시 후 다시 시도해 주세요/);
      expect((await attempt('198.51.100.1')).status).toBe(401);
      limited.clock.advance(15 * 60_000);
      expect((await attempt('203.0.113.9')).status).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('requires and checks the TOTP code once the member has confirmed a second factor', async () => {
    const created = await create('owner-lee', 'owner');
    const staff = { id: created.body.id, name: 'owner-lee', role: 'owner' as const, via: 'session' as const };
    const started = await app.asStaff(staff, 'POST', '/api/newsroom/me/totp');
    expect(started.status).toBe(201);
    expect(started.body.otpauthUri).toContain(`secret=${started.body.secret}`);
    expect(started.headers['cache-control']).toBe('private, no-store');
    // Pending until a code confirms it: sign-in needs none yet.
    expect((await signIn('owner-lee')).status).toBe(200);
    const wrongConfirm = await app.asStaff(staff, 'POST', '/api/newsroom/me/totp/confirm', {
      totp: '000000',
    });
    expect(wrongConfirm.status).toBe(400);
    const code = totpAt(started.body.secret, app.clock.now());
    const confirmed = await app.asStaff(staff, 'POST', '/api/newsroom/me/totp/confirm', { totp: code });
    expect(confirmed.body.totpEnabled).toBe(true);

    const withoutCode = await signIn('owner-lee');
    expect(withoutCode.status).toBe(401);
    expect(withoutCode.body.message).toBe('2단계 인증 코드를 입력해 주세요.');
    // The code that confirmed it is spent; a wrong one is refused; the next step's code signs in.
    expect((await signIn('owner-lee', PASSWORD, { totp: code })).status).toBe(401);
    const wrong = code === '123456' ? '654321' : '123456';
    expect((await signIn('owner-lee', PASSWORD, { totp: wrong })).status).toBe(401);
    app.clock.advance(30_000);
    const next = totpAt(started.body.secret, app.clock.now());
    expect((await signIn('owner-lee', PASSWORD, { totp: next })).status).toBe(200);
    expect((await signIn('owner-lee', PASSWORD, { totp: next })).status).toBe(401);
  });

  it('lets one TOTP code open one session when two sign-ins race with it', async () => {
    const created = await create('owner-lee', 'owner');
    const staff = { id: created.body.id, name: 'owner-lee', role: 'owner' as const, via: 'session' as const };
    const { secret } = (await app.asStaff(staff, 'POST', '/api/newsroom/me/totp')).body;
    await app.asStaff(staff, 'POST', '/api/newsroom/me/totp/confirm', {
      totp: totpAt(secret, app.clock.now()),
    });
    app.clock.advance(30_000);
    const code = totpAt(secret, app.clock.now());
    const both = await Promise.all([
      signIn('owner-lee', PASSWORD, { totp: code }),
      signIn('owner-lee', PASSWORD, { totp: code }),
    ]);
    expect(both.map((reply) => reply.status).sort()).toEqual([200, 401]);
  });

  it('signs out: the cookie is cleared and its session no longer resolves', async () => {
    await create('editor-kim', 'editor');
    const token = sessionTokenOf(await signIn('editor-kim'));
    const cookie = { cookie: `pulse_staff=${token}` };
    expect((await app.request('GET', '/api/newsroom/session', { headers: cookie })).status).toBe(200);
    const out = await app.request('DELETE', '/api/newsroom/session', { headers: cookie });
    expect(out.status).toBe(204);
    expect(String(([] as unknown[]).concat(out.headers['set-cookie'])[0])).toMatch(/^pulse_staff=;/);
    expect((await app.resolve(token)).status).toBe(404);
    const after = await app.request('GET', '/api/newsroom/session', { headers: cookie });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('로그인이 필요합니다.');
  });

  it("revokes every session of one account at once (owner only), the others' stay", async () => {
    const owner = await create('owner-lee', 'owner');
    const moderator = await create('mod-park', 'moderator');
    const first = sessionTokenOf(await signIn('mod-park'));
    const second = sessionTokenOf(await signIn('mod-park'));
    const ownerToken = sessionTokenOf(await signIn('owner-lee'));
    const ownerStaff = {
      id: owner.body.id,
      name: 'owner-lee',
      role: 'owner' as const,
      via: 'session' as const,
    };
    const moderatorStaff = {
      ...ownerStaff,
      id: moderator.body.id,
      name: 'mod-park',
      role: 'moderator' as const,
    };

    const listed = await app.asStaff(ownerStaff, 'GET', '/api/newsroom/accounts');
    expect(
      listed.body.items.map((item: { name: string; activeSessions: number }) => [
        item.name,
        item.activeSessions,
      ]),
    ).toEqual([
      ['mod-park', 2],
      ['owner-lee', 1],
    ]);
    const path = `/api/newsroom/accounts/${moderator.body.id}/sessions`;
    expect((await app.asStaff(moderatorStaff, 'DELETE', path)).status).toBe(403);
    const revoked = await app.asStaff(ownerStaff, 'DELETE', path);
    expect(revoked.body).toEqual({ revoked: 2 });
    expect((await app.resolve(first)).status).toBe(404);
    expect((await app.resolve(second)).status).toBe(404);
    expect((await app.resolve(ownerToken)).status).toBe(200);
  });

  it('lets the owner change roles, from the next resolution on, but never demote the last owner', async () => {
    const owner = await create('owner-lee', 'owner');
    const editor = await create('editor-kim', 'editor');
    const token = sessionTokenOf(await signIn('editor-kim'));
    const changed = await app.request('PATCH', `/api/newsroom/accounts/${editor.body.id}`, {
      json: { role: 'moderator' },
      headers: admin,
    });
    expect(changed.body.role).toBe('moderator');
    expect((await app.resolve(token)).body.staff.role).toBe('moderator');
    const demote = await app.request('PATCH', `/api/newsroom/accounts/${owner.body.id}`, {
      json: { role: 'editor' },
      headers: admin,
    });
    expect(demote.status).toBe(409);
    expect(
      (
        await app.request('PATCH', '/api/newsroom/accounts/nope', {
          json: { role: 'editor' },
          headers: admin,
        })
      ).status,
    ).toBe(404);
  });

  describe("a member's mail address", () => {
    it('is set by the owner on create and edit, validated, and shown on the staff list', async () => {
      const created = await app.request('POST', '/api/newsroom/accounts', {
        json: { name: 'editor-kim', role: 'editor', password: PASSWORD, email: ' Kim@Pulse.Example ' },
        headers: admin,
      });
      expect(created.status).toBe(201);
      expect(created.body.email).toBe('kim@pulse.example');
      expect((await create('editor-park', 'editor')).body.email).toBeNull();

      const bad = await app.request('PATCH', `/api/newsroom/accounts/${created.body.id}`, {
        json: { email: 'not-an-address' },
        headers: admin,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/^email: /);
      const empty = await app.request('PATCH', `/api/newsroom/accounts/${created.body.id}`, {
        json: {},
        headers: admin,
      });
      expect(empty.status).toBe(400);

      const changed = await app.request('PATCH', `/api/newsroom/accounts/${created.body.id}`, {
        json: { email: 'kim.editor@pulse.example' },
        headers: admin,
      });
      expect(changed.body).toMatchObject({ role: 'editor', email: 'kim.editor@pulse.example' });
      const listed = await app.request('GET', '/api/newsroom/accounts', { headers: admin });
      expect(
        listed.body.items.map((item: { name: string; email: string | null }) => [item.name, item.email]),
      ).toEqual([
        ['editor-kim', 'kim.editor@pulse.example'],
        ['editor-park', null],
      ]);
      const removed = await app.request('PATCH', `/api/newsroom/accounts/${created.body.id}`, {
        json: { email: null },
        headers: admin,
      });
      expect(removed.body.email).toBeNull();
    });

    it('is set by the member for themself, whatever their role, but not by the ADMIN_TOKEN', async () => {
      const moderator = await create('mod-choi', 'moderator');
      const staff = {
        id: moderator.body.id,
        name: 'mod-choi',
        role: 'moderator' as const,
        via: 'session' as const,
      };
      const own = await app.asStaff(staff, 'PATCH', '/api/newsroom/me', { email: 'Choi@Pulse.Example' });
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({ id: moderator.body.id, email: 'choi@pulse.example' });
      expect((await app.asStaff(staff, 'PATCH', '/api/newsroom/me', { email: 'nope' })).status).toBe(400);
      expect((await app.asStaff(staff, 'PATCH', '/api/newsroom/me', {})).body.message).toMatch(/^email: /);
      const token = await app.request('PATCH', '/api/newsroom/me', {
        json: { email: 'ops@pulse.example' },
        headers: admin,
      });
      expect(token.status).toBe(403);
    });

    it('travels with the verified session, so the gateway can sign it for the services', async () => {
      await app.request('POST', '/api/newsroom/accounts', {
        json: { name: 'editor-kim', role: 'editor', password: PASSWORD, email: 'kim@pulse.example' },
        headers: admin,
      });
      const session = await signIn('editor-kim');
      expect(session.body.staff.email).toBe('kim@pulse.example');
      expect((await app.resolve(sessionTokenOf(session))).body.staff).toEqual({
        id: session.body.staff.id,
        name: 'editor-kim',
        role: 'editor',
        via: 'session',
        email: 'kim@pulse.example',
      });
    });
  });

  it('validates input at the edge and refuses duplicate names', async () => {
    const short = await create('ab', 'editor', 'short');
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/^password: /);
    expect((await create('ab', 'chief')).body.message).toMatch(/^role: /);
    expect((await create('editor-kim', 'editor')).status).toBe(201);
    const duplicate = await create('EDITOR-KIM', 'editor');
    expect(duplicate.status).toBe(409);
    // A session is never an editor's to create accounts with.
    const editorStaff = { id: 'x', name: 'editor-kim', role: 'editor' as const, via: 'session' as const };
    expect((await app.asStaff(editorStaff, 'GET', '/api/newsroom/accounts')).status).toBe(403);
  });

  it('answers the session lookup to the gateway only', async () => {
    await create('editor-kim', 'editor');
    const token = sessionTokenOf(await signIn('editor-kim'));
    const anonymous = await app.request('POST', STAFF_SESSION_RESOLVE_PATH, { json: { token } });
    expect(anonymous.status).toBe(403);
    const withAdminToken = await app.request('POST', STAFF_SESSION_RESOLVE_PATH, {
      json: { token },
      headers: admin,
    });
    expect(withAdminToken.status).toBe(403);
    expect((await app.resolve('not-a-session')).status).toBe(404);
    app.clock.advance(12 * 3_600_000);
    expect((await app.resolve(token)).status).toBe(404);
  });

  describe('idle sign-out (NEWSROOM_SESSION_IDLE_MINUTES, 30)', () => {
    const lastUseOf = async (token: string) => {
      const [session] = await app.store
        .collection<{ _id: string; lastUsedAt?: string }>('staff_sessions')
        .find({ _id: createHash('sha256').update(token).digest('hex') });
      return session?.lastUsedAt;
    };
    const view = (token: string) =>
      app.request('GET', '/api/newsroom/session', { headers: { cookie: `pulse_staff=${token}` } });

    it('keeps a session in use alive, noting its use at most once a minute', async () => {
      await create('editor-kim', 'editor');
      const token = sessionTokenOf(await signIn('editor-kim'));
      expect(await lastUseOf(token)).toBe('2026-03-02T00:00:00.000Z');

      // Within the minute: still live, and the store is not written again.
      app.clock.advance(59_000);
      expect((await app.resolve(token)).status).toBe(200);
      expect(await lastUseOf(token)).toBe('2026-03-02T00:00:00.000Z');

      app.clock.advance(1_000);
      expect((await app.resolve(token)).status).toBe(200);
      expect(await lastUseOf(token)).toBe('2026-03-02T00:01:00.000Z');
      app.clock.advance(30_000);
      expect((await view(token)).status).toBe(200);
      expect(await lastUseOf(token)).toBe('2026-03-02T00:01:00.000Z');

      // Used every 29 minutes, it outlives the idle window many times over.
      for (let use = 0; use < 4; use++) {
        app.clock.advance(29 * 60_000);
        expect((await app.resolve(token)).status).toBe(200);
      }
      expect(await lastUseOf(token)).toBe('2026-03-02T01:57:30.000Z');
    });

    it('refuses a session idle past the window as it refuses an expired one', async () => {
      await create('editor-kim', 'editor');
      const token = sessionTokenOf(await signIn('editor-kim'));
      app.clock.advance(29 * 60_000);
      expect((await app.resolve(token)).status).toBe(200);
      app.clock.advance(30 * 60_000);
      expect((await app.resolve(token)).status).toBe(404);
      const after = await view(token);
      expect(after.status).toBe(401);
      expect(after.body.message).toBe('로그인이 필요합니다.');
      // Refused, not revived: the refusal notes no use.
      expect(await lastUseOf(token)).toBe('2026-03-02T00:29:00.000Z');
      const other = sessionTokenOf(await signIn('editor-kim'));
      expect((await app.resolve(other)).status).toBe(200);
    });

    it("removes an idle session's record at the next sign-in, not only at its expiry", async () => {
      await create('editor-kim', 'editor');
      await create('editor-park', 'editor');
      const idle = sessionTokenOf(await signIn('editor-kim'));
      app.clock.advance(20 * 60_000);
      const inUse = sessionTokenOf(await signIn('editor-kim'));
      app.clock.advance(10 * 60_000);
      expect(await lastUseOf(idle)).toBe('2026-03-02T00:00:00.000Z');
      await signIn('editor-park');
      expect(await lastUseOf(idle)).toBeUndefined();
      expect(await lastUseOf(inUse)).toBe('2026-03-02T00:20:00.000Z');
      expect(await app.store.collection('staff_sessions').countDocuments({})).toBe(2);
    });

    it('counts only live sessions on the staff list', async () => {
      const editor = await create('editor-kim', 'editor');
      await signIn('editor-kim');
      app.clock.advance(10 * 60_000);
      const token = sessionTokenOf(await signIn('editor-kim'));
      const count = async () =>
        (await app.request('GET', '/api/newsroom/accounts', { headers: admin })).body.items.find(
          (item: { id: string }) => item.id === editor.body.id,
        ).activeSessions;
      expect(await count()).toBe(2);
      app.clock.advance(25 * 60_000);
      expect(await count()).toBe(1);
      expect((await app.resolve(token)).status).toBe(200);
    });

    it('still ends a session in steady use at NEWSROOM_SESSION_HOURS', async () => {
      await create('editor-kim', 'editor');
      const token = sessionTokenOf(await signIn('editor-kim'));
      for (let hour = 0; hour < 12 * 3; hour++) {
        app.clock.advance(20 * 60_000);
        expect((await app.resolve(token)).status).toBe(hour < 12 * 3 - 1 ? 200 : 404);
      }
    });

    it('takes its window from NEWSROOM_SESSION_IDLE_MINUTES', async () => {
      const short = await startNewsroomTestApp({ env: { NEWSROOM_SESSION_IDLE_MINUTES: '5' } });
      try {
        await short.request('POST', '/api/newsroom/accounts', {
          json: { name: 'editor-kim', role: 'editor', password: PASSWORD },
          headers: admin,
        });
        const signedIn = await short.request('POST', '/api/newsroom/session', {
          json: { name: 'editor-kim', password: PASSWORD },
        });
        const token = sessionTokenOf(signedIn);
        short.clock.advance(4 * 60_000);
        expect((await short.resolve(token)).status).toBe(200);
        short.clock.advance(5 * 60_000);
        expect((await short.resolve(token)).status).toBe(404);
      } finally {
        await short.close();
      }
    });
  });
});

import { STAFF_AUDIT_PATH, type StaffActionView } from '@pulse/contracts';
import { eventually } from '@pulse/testing';
import { admin, startNewsroomTestApp } from '../../testing/newsroom-test-app';
import { StaffAuditService } from './staff-audit.service';

type App = Awaited<ReturnType<typeof startNewsroomTestApp>>;

const PASSWORD = 'correct horse battery staple';
const DAY_MS = 24 * 3600 * 1000;

describe('newsroom: the staff audit log', () => {
  let app: App;
  beforeEach(async () => {
    app = await startNewsroomTestApp();
  });
  afterEach(() => app.close());

  const editor = {
    id: 'account-editor',
    name: 'editor-kim',
    role: 'editor' as const,
    via: 'session' as const,
  };
  const moderator = {
    id: 'account-mod',
    name: 'mod-park',
    role: 'moderator' as const,
    via: 'session' as const,
  };
  const audit = (query = '') => app.request('GET', `${STAFF_AUDIT_PATH}${query}`, { headers: admin });
  const entries = async (query = ''): Promise<StaffActionView[]> => {
    const reply = await audit(query);
    expect(reply.status).toBe(200);
    return reply.body.items;
  };
  const create = (name: string, role: string) =>
    app.request('POST', '/api/newsroom/accounts', {
      json: { name, role, password: PASSWORD },
      headers: { ...admin, 'user-agent': 'pulse-cli/1.0' },
      ip: '198.51.100.4',
    });

  it('keeps its own service’s staff action, sent through its outbox and the bus, without the password', async () => {
    const created = await create('editor-kim', 'editor');
    expect(created.status).toBe(201);
    const [entry] = await eventually(async () => {
      const found = await entries();
      expect(found).toHaveLength(1);
      return found;
    });
    expect(entry).toMatchObject({
      actor: { id: 'admin-token', name: 'ADMIN_TOKEN', role: 'owner', via: 'token' },
      action: 'POST /api/newsroom/accounts',
      service: 'newsroom',
      method: 'POST',
      path: '/api/newsroom/accounts',
      target: {},
      status: 201,
      at: '2026-03-02T00:00:00.000Z',
      address: '198.51.100.4',
      userAgent: 'pulse-cli/1.0',
      change: null,
    });
    expect(JSON.stringify(await app.store.collection('staff_actions').find({}))).not.toContain(PASSWORD);
  });

  it('records an editor refused an owner’s route (403), and filters by actor, action, target and time', async () => {
    const created = await create('editor-kim', 'editor');
    app.clock.advance(60_000);
    const refused = await app.asStaff(editor, 'PATCH', `/api/newsroom/accounts/${created.body.id}`, {
      role: 'owner',
    });
    expect(refused.status).toBe(403);
    await eventually(async () => expect(await entries()).toHaveLength(2));

    const mine = await entries('?actor=Editor-Kim');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      actor: editor,
      action: 'PATCH /api/newsroom/accounts/:id',
      target: { id: created.body.id },
      status: 403,
      at: '2026-03-02T00:01:00.000Z',
    });
    expect(await entries(`?actor=account-editor`)).toHaveLength(1);
    expect(await entries(`?target=${created.body.id}`)).toHaveLength(1);
    expect(await entries(`?action=${encodeURIComponent('POST /api/newsroom/accounts')}`)).toMatchObject([
      { status: 201 },
    ]);
    expect(await entries('?from=2026-03-02T00:00:30Z')).toMatchObject([{ status: 403 }]);
    expect(await entries('?to=2026-03-02T09:00:30%2B09:00')).toMatchObject([{ status: 201 }]);
    expect(await entries('?actor=nobody')).toEqual([]);
  });

  it('pages newest first with a cursor, and keeps one entry per event however often it arrives', async () => {
    const service = app.app.get(StaffAuditService);
    const payload = (minute: number) => ({
      actor: editor,
      action: 'POST /api/ingestion/sources/:id/pause',
      service: 'ingestion',
      method: 'POST' as const,
      path: `/api/ingestion/sources/s-${minute}/pause`,
      target: { id: `s-${minute}` },
      status: 200,
      at: new Date(Date.parse('2026-03-01T00:00:00.000Z') + minute * 60_000).toISOString(),
      address: '203.0.113.7',
      userAgent: null,
      change: { before: { status: 'active' }, after: { status: 'paused' } },
    });
    for (const minute of [1, 2, 3, 4, 5]) await service.keep(`event-${minute}`, payload(minute));
    await service.keep('event-3', payload(3));

    const seen: string[] = [];
    let cursor = '';
    for (let pages = 0; pages < 5; pages += 1) {
      const reply = await audit(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(reply.status).toBe(200);
      seen.push(...reply.body.items.map((item: StaffActionView) => item.id));
      if (reply.body.nextCursor === null) break;
      cursor = reply.body.nextCursor;
    }
    expect(seen).toEqual(['event-5', 'event-4', 'event-3', 'event-2', 'event-1']);
    expect((await entries('?target=s-2'))[0].change).toEqual({
      before: { status: 'active' },
      after: { status: 'paused' },
    });
  });

  it('answers 400 naming a bad filter', async () => {
    const cases: Array<[string, RegExp]> = [
      ['?from=yesterday', /^from: /],
      ['?to=2026-03-02', /^to: /],
      ['?from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z', /^to: to must be later than from/],
      ['?limit=0', /^limit: /],
      ['?limit=101', /^limit: /],
      ['?cursor=not%20a%20cursor', /^cursor: /],
      ['?cursor=bm90LWpzb24', /^cursor: /],
      ['?actr=editor-kim', /unknown parameter\(s\): actr/],
    ];
    for (const [query, message] of cases) {
      const reply = await audit(query);
      expect({ query, status: reply.status }).toEqual({ query, status: 400 });
      expect(reply.body.message).toMatch(message);
    }
  });

  it('is for owners and editors: a moderator is 403, no credential 401', async () => {
    expect((await app.asStaff(editor, 'GET', STAFF_AUDIT_PATH)).status).toBe(200);
    expect((await app.asStaff(moderator, 'GET', STAFF_AUDIT_PATH)).status).toBe(403);
    expect((await app.request('GET', STAFF_AUDIT_PATH)).status).toBe(401);
  });

  it('removes entries older than AUDIT_RETENTION_DAYS (400 by default)', async () => {
    await create('editor-kim', 'editor');
    await eventually(async () => expect(await entries()).toHaveLength(1));
    app.clock.advance(399 * DAY_MS);
    await create('editor-lee', 'editor');
    await eventually(async () => expect(await entries()).toHaveLength(2));
    // Past 400 days for the first entry only; the hourly purge takes it.
    app.clock.advance(2 * DAY_MS);
    await eventually(async () =>
      expect((await entries()).map((entry) => entry.at)).toEqual([
        new Date(Date.parse('2026-03-02T00:00:00.000Z') + 399 * DAY_MS).toISOString(),
      ]),
    );
  });
});

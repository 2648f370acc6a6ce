import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ADMIN_TOKEN,
  INGESTION_TEST_START,
  sourceBody,
  startIngestionTestApp,
  type IngestionTestApp,
} from '@pulse/ingestion/testing/pipeline/ingestion-test-app';
import { STAFF_ASSERTION_SECRET, startNewsroomTestApp } from '@pulse/newsroom/testing/newsroom-test-app';
import {
  STAFF_ASSERTION_HEADER,
  STAFF_AUDIT_PATH,
  type StaffActionView,
  type StaffPrincipal,
} from '@pulse/contracts';
import {
  EmbeddedDocumentStore,
  InProcessEventBus,
  MemoryCacheStore,
  signStaffAssertion,
  STAFF_ASSERTION_TTL_SECONDS,
} from '@pulse/platform';
import { eventually, TestClock } from '@pulse/testing';

type Newsroom = Awaited<ReturnType<typeof startNewsroomTestApp>>;

const editor: StaffPrincipal = { id: 'account-editor', name: 'editor-kim', role: 'editor', via: 'session' };
const moderator: StaffPrincipal = { id: 'account-mod', name: 'mod-park', role: 'moderator', via: 'session' };

/**
 * Two services on one bus, as in embedded mode: what an editor does in ingestion reaches newsroom's audit
 * log through ingestion's outbox, with the source before and after.
 */
describe('the staff audit log across services', () => {
  let dataDir: string;
  let bus: InProcessEventBus;
  let store: EmbeddedDocumentStore;
  let cache: MemoryCacheStore;
  let ingestion: IngestionTestApp;
  let newsroom: Newsroom;
  const clock = new TestClock(INGESTION_TEST_START);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-staff-audit-'));
    bus = new InProcessEventBus({ maxAttempts: 2, backoff: { initialMs: 5, maxMs: 10 } });
    store = await EmbeddedDocumentStore.open({ dataDir });
    cache = new MemoryCacheStore();
    newsroom = await startNewsroomTestApp({ bus, clock });
    const saved = process.env.STAFF_ASSERTION_SECRET;
    process.env.STAFF_ASSERTION_SECRET = STAFF_ASSERTION_SECRET;
    try {
      ingestion = await startIngestionTestApp({ adapters: { bus, store, cache }, clock });
    } finally {
      if (saved === undefined) delete process.env.STAFF_ASSERTION_SECRET;
      else process.env.STAFF_ASSERTION_SECRET = saved;
    }
  });

  afterAll(async () => {
    await ingestion?.close();
    await newsroom?.close();
    await bus?.close();
    await store?.close();
    await cache?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A request to ingestion as the gateway forwards it for a signed-in member. */
  const asStaff = (staff: StaffPrincipal, method: 'POST' | 'PATCH', url: string, payload?: object) =>
    ingestion.app.inject({
      method,
      url,
      payload,
      remoteAddress: '203.0.113.9',
      headers: {
        'user-agent': 'Mozilla/5.0 (audit test)',
        [STAFF_ASSERTION_HEADER]: signStaffAssertion(
          {
            sub: staff.id,
            name: staff.name,
            role: staff.role,
            sid: 'sid-1',
            method,
            path: url,
            exp: Math.floor(clock.now() / 1000) + STAFF_ASSERTION_TTL_SECONDS,
          },
          STAFF_ASSERTION_SECRET,
        ),
      },
    });
  const audit = async (query: string): Promise<StaffActionView[]> => {
    const reply = await newsroom.asStaff(editor, 'GET', `${STAFF_AUDIT_PATH}${query}`);
    expect(reply.status).toBe(200);
    return reply.body.items;
  };

  it('shows an editor’s pause under their name, with the source before and after, and a moderator’s refused one', async () => {
    const created = await ingestion.app.inject({
      method: 'POST',
      url: '/api/ingestion/sources',
      payload: sourceBody(),
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(created.statusCode).toBe(201);
    const id: string = created.json().id;

    expect((await asStaff(moderator, 'POST', `/api/ingestion/sources/${id}/pause`)).statusCode).toBe(403);
    expect((await asStaff(editor, 'POST', `/api/ingestion/sources/${id}/pause`)).statusCode).toBe(200);

    const [paused] = await eventually(async () => {
      const found = await audit(`?actor=editor-kim&target=${id}`);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(paused).toMatchObject({
      actor: editor,
      action: 'source.pause',
      service: 'ingestion',
      path: `/api/ingestion/sources/${id}/pause`,
      target: { id },
      status: 200,
      at: INGESTION_TEST_START,
      address: '203.0.113.9',
      userAgent: 'Mozilla/5.0 (audit test)',
      change: { before: { id, status: 'active' }, after: { id, status: 'paused' } },
    });

    const refused = await eventually(async () => {
      const found = await audit(`?actor=mod-park`);
      expect(found).toHaveLength(1);
      return found[0];
    });
    expect(refused).toMatchObject({ action: 'source.pause', status: 403, target: { id }, change: null });

    const byAction = await audit('?action=source.create');
    expect(byAction).toMatchObject([{ actor: { name: 'ADMIN_TOKEN' }, status: 201, target: {} }]);
  });
});

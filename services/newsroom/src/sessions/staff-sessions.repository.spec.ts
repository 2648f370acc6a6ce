import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedDocumentStore } from '@pulse/platform';
import type { StaffSessionRecord } from './staff-session.record';
import { StaffSessionsRepository } from './staff-sessions.repository';

const NOW = '2026-03-02T12:00:00.000Z';
/** Thirty minutes before NOW: a session last used at or before it is idle. */
const IDLE_CUTOFF = '2026-03-02T11:30:00.000Z';

function session(id: string, fields: Partial<StaffSessionRecord>): StaffSessionRecord {
  return {
    _id: id,
    sid: `sid-${id}`,
    accountId: 'account-1',
    csrfToken: 'csrf',
    createdAt: '2026-03-02T08:00:00.000Z',
    expiresAt: '2026-03-02T20:00:00.000Z',
    lastUsedAt: '2026-03-02T11:59:00.000Z',
    address: '10.1.0.1',
    ...fields,
  };
}

describe('staff sessions: clean-up of ended sessions', () => {
  let dir: string;
  let store: EmbeddedDocumentStore;
  let sessions: StaffSessionsRepository;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pulse-staff-sessions-'));
    store = await EmbeddedDocumentStore.open({ dataDir: dir });
    sessions = new StaffSessionsRepository(store);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const remaining = async () =>
    (await store.collection<StaffSessionRecord>('staff_sessions').find({}, { sort: { _id: 1 } })).map(
      (record) => record._id,
    );

  it('removes expired and idle sessions, and keeps those still in use', async () => {
    for (const record of [
      session('in-use', {}),
      session('used-just-after-cutoff', { lastUsedAt: '2026-03-02T11:30:00.001Z' }),
      session('idle', { lastUsedAt: '2026-03-02T11:00:00.000Z' }),
      session('idle-at-cutoff', { lastUsedAt: IDLE_CUTOFF }),
      session('expired', { expiresAt: '2026-03-02T11:59:59.999Z' }),
      // Opened before idle sign-out noted uses: its createdAt stands in, as it does at sign-in.
      session('old-unused', { lastUsedAt: undefined, createdAt: '2026-03-02T11:00:00.000Z' }),
      session('old-recent', { lastUsedAt: undefined, createdAt: '2026-03-02T11:45:00.000Z' }),
    ])
      await sessions.insert(record);

    expect(await sessions.deleteEnded(NOW, IDLE_CUTOFF)).toBe(4);
    expect(await remaining()).toEqual(['in-use', 'old-recent', 'used-just-after-cutoff']);
    expect(await sessions.deleteEnded(NOW, IDLE_CUTOFF)).toBe(0);
  });
});

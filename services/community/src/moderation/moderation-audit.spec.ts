import {
  STAFF_ACTION_RECORDED_TOPIC,
  type EventEnvelope,
  type StaffActionRecordedPayload,
} from '@pulse/contracts';
import { eventually } from '@pulse/testing';
import {
  ADMIN_TOKEN,
  startCommunityTestApp,
  testClock,
  type CommunityTestApp,
} from '../../testing/community-test-app';

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

describe('a nickname suspended and reinstated, in the staff audit log', () => {
  const clock = testClock(Date.parse('2026-03-10T12:00:00.000Z'));
  let app: CommunityTestApp;
  const recorded: StaffActionRecordedPayload[] = [];

  beforeAll(async () => {
    app = await startCommunityTestApp({ clock });
    // What the newsroom service hears from community.
    await app.bus.subscribe({
      topic: STAFF_ACTION_RECORDED_TOPIC,
      group: 'newsroom-test',
      handler: (envelope) =>
        void recorded.push((envelope as EventEnvelope<StaffActionRecordedPayload>).payload),
    });
  });
  afterAll(() => app.close());

  it('records each with the suspension before and after', async () => {
    const who = await app.signUp('기록될대상');
    const base = `/api/community/admin/identities/${who.id}`;
    const suspend = await app.request('POST', `${base}/suspend`, {
      body: { reason: '도배', days: 3 },
      headers: admin,
    });
    expect(suspend.status).toBe(200);
    expect((await app.request('POST', `${base}/reinstate`, { headers: admin })).status).toBe(200);

    await eventually(() =>
      expect(recorded.map((entry) => entry.action)).toEqual(['identity.suspend', 'identity.reinstate']),
    );
    const [suspended, reinstated] = recorded;
    expect(suspended).toMatchObject({
      actor: { name: 'ADMIN_TOKEN', via: 'token' },
      service: 'community',
      target: { id: who.id },
      status: 200,
      change: {
        before: { suspendedUntil: null, suspendedReason: null },
        after: { suspendedUntil: '2026-03-13T12:00:00.000Z', suspendedReason: '도배' },
      },
    });
    expect(reinstated.change).toEqual({
      before: { suspendedUntil: '2026-03-13T12:00:00.000Z', suspendedReason: '도배' },
      after: { suspendedUntil: null, suspendedReason: null },
    });
  });

  it('records an unknown nickname’s suspension as the 404 it was, with no change', async () => {
    const reply = await app.request('POST', '/api/community/admin/identities/u_none/suspend', {
      body: { reason: '도배' },
      headers: admin,
    });
    expect(reply.status).toBe(404);
    await eventually(() => expect(recorded.some((entry) => entry.status === 404)).toBe(true));
    const missing = recorded.find((entry) => entry.status === 404);
    expect(missing).toMatchObject({ action: 'identity.suspend', target: { id: 'u_none' } });
    expect(missing?.change).toBeUndefined();
  });
});

import {
  STAFF_ACTION_RECORDED_TOPIC,
  type EventEnvelope,
  type StaffActionRecordedPayload,
} from '@pulse/contracts';
import { eventually } from '@pulse/testing';
import {
  ADMIN_TOKEN,
  questionBody,
  startCommunityTestApp,
  testClock,
  type CommunityTestApp,
} from '../../testing/community-test-app';

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

describe('moderators’ changes in the staff audit log, with what they changed', () => {
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

  /** The entries recorded for `targetId`, in the order they were recorded. */
  const of = (targetId: string) => recorded.filter((entry) => entry.target?.id === targetId);

  it('records a post or comment hidden and restored with its state before and after, a repeat with none', async () => {
    const author = await app.signUp('숨겨질글쓴이');
    const questionId = (
      await app.request('POST', '/api/community/questions', { body: questionBody(), headers: author.bearer })
    ).body.data.id as string;
    const answerId = (
      await app.request('POST', `/api/community/questions/${questionId}/answers`, {
        body: { content: '숨겨졌다가 돌아올 답변입니다.' },
        headers: author.bearer,
      })
    ).body.data.id as string;
    const articleId = 'article-audited';
    app.content.publish(articleId);
    const commentId = (
      await app.request('POST', `/api/community/articles/${articleId}/comments`, {
        body: { content: '숨겨졌다가 돌아올 댓글입니다.' },
        headers: author.bearer,
      })
    ).body.data.id as string;

    const paths = [`questions/${questionId}`, `answers/${answerId}`, `comments/${commentId}`];
    for (const path of paths) {
      for (const move of ['hide', 'hide', 'restore']) {
        const reply = await app.request('POST', `/api/community/admin/${path}/${move}`, { headers: admin });
        expect(reply.status).toBe(200);
      }
    }

    for (const id of [questionId, answerId, commentId]) {
      await eventually(() => expect(of(id)).toHaveLength(3));
      const [hidden, hiddenAgain, restored] = of(id);
      expect(hidden!.change).toEqual({ before: { state: 'visible' }, after: { state: 'hidden' } });
      // Already hidden: nothing moved, so there is no before and after to show.
      expect(hiddenAgain!.change).toBeUndefined();
      expect(restored!.change).toEqual({ before: { state: 'hidden' }, after: { state: 'visible' } });
    }
  });

  it('records the expert badge given and taken back, not a grant that changed nothing', async () => {
    const who = await app.signUp('배지받을전문가');
    const expert = `/api/community/admin/identities/${who.id}/expert`;
    expect((await app.request('POST', expert, { headers: admin })).status).toBe(200);
    expect((await app.request('POST', expert, { headers: admin })).status).toBe(200);
    expect((await app.request('DELETE', expert, { headers: admin })).status).toBe(200);

    await eventually(() => expect(of(who.id)).toHaveLength(3));
    expect(of(who.id).map((entry) => entry.change)).toEqual([
      { before: { expert: false }, after: { expert: true } },
      undefined,
      { before: { expert: true }, after: { expert: false } },
    ]);
  });
});

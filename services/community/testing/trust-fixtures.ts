import type { TestClock } from '@pulse/testing';
import type { IdentityRecord } from '../src/identity/identity.record';
import { questionBody, type CommunityTestApp, type TestIdentity } from './community-test-app';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Moves an identity's creation `days` back from the app clock's now, as if the nickname had been made
 * then. For specs about something else (a queue, a hold) that need reporters past 'new'; the trust specs
 * earn age by moving the clock instead.
 */
export async function backdate(
  app: CommunityTestApp,
  who: TestIdentity,
  days: number,
  now: number,
): Promise<void> {
  await app.store
    .collection<IdentityRecord>('community_identities')
    .updateOne({ _id: who.id }, { $set: { createdAt: new Date(now - days * DAY_MS).toISOString() } });
}

/** What a nickname does in a trust scenario, each request sent from its own sign-up address. */
export function actingAs(app: CommunityTestApp, who: TestIdentity) {
  const post = (url: string, body?: unknown) =>
    app.request('POST', url, { body, headers: who.bearer, ip: who.ip });
  return {
    who,
    ask: async (overrides: Record<string, unknown> = {}): Promise<string> => {
      const reply = await post('/api/community/questions', questionBody(overrides));
      if (reply.status !== 201) throw new Error(`ask failed: ${reply.status} ${JSON.stringify(reply.body)}`);
      return reply.body.data.id;
    },
    answer: async (
      questionId: string,
      content = '제가 겪어 본 방법을 정리해서 답변드립니다.',
    ): Promise<string> => {
      const reply = await post(`/api/community/questions/${questionId}/answers`, { content });
      if (reply.status !== 201)
        throw new Error(`answer failed: ${reply.status} ${JSON.stringify(reply.body)}`);
      return reply.body.data.id;
    },
    upvote: (kind: 'questions' | 'answers', id: string) =>
      post(`/api/community/${kind}/${id}/vote`, { voteType: 'upvote' }),
    accept: (questionId: string, answerId: string) =>
      post(`/api/community/questions/${questionId}/answers/${answerId}/accept`),
    report: (kind: 'questions' | 'answers', id: string, reason = 'spam') =>
      post(`/api/community/${kind}/${id}/report`, { reason }),
  };
}
export type Acting = ReturnType<typeof actingAs>;

/**
 * Lets `days` pass on the app's clock, in steps short of the session idle window; at each step every
 * identity in `returning` opens the site (GET me), as a returning reader does, so its session stays live.
 */
export async function passDays(
  app: CommunityTestApp,
  clock: TestClock,
  days: number,
  returning: readonly TestIdentity[] = [],
): Promise<void> {
  let left = days * DAY_MS;
  while (left > 0) {
    const step = Math.min(left, 3 * DAY_MS);
    clock.advance(step);
    left -= step;
    for (const who of returning) {
      const me = await app.request('GET', '/api/community/auth/me', { headers: who.bearer, ip: who.ip });
      if (me.status !== 200) throw new Error(`${who.displayName} lost its session: ${me.status}`);
    }
  }
}

/** The author's trust level as every reader sees it on the author's question. */
export async function levelShownOn(app: CommunityTestApp, questionId: string): Promise<string | undefined> {
  return (await app.get(`/api/community/questions/${questionId}`)).body.data.user.trustLevel;
}

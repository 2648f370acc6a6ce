import type { IdentityRecord } from '../identity/identity.record';
import type { CommunityTestApp, TestIdentity } from './community-test-app';

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

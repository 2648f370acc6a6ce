import { eventually } from '@pulse/testing';
import type { IdentityRecord } from '../identity/identity.record';
import {
  ADMIN_TOKEN,
  startCommunityTestApp,
  testClock,
  type CommunityTestApp,
} from '../../testing/community-test-app';
import { actingAs, levelShownOn, passDays, type Acting } from '../../testing/trust-fixtures';

/**
 * Trust levels earned over the API, with the clock moved as days pass: age alone gives 'basic';
 * 'member' needs three endorsers at 'basic' or above on three networks. Fresh rings, one network and
 * one's own accepts earn nothing.
 */
describe('trust levels', () => {
  const clock = testClock(Date.parse('2026-04-01T00:00:00.000Z'));
  let app: CommunityTestApp;
  let serial = 0;

  beforeAll(async () => {
    app = await startCommunityTestApp({ clock });
  });
  afterAll(() => app.close());

  /** Nicknames, each made from its own network unless `ip` names one for all. */
  const signUp = async (count: number, ip?: (i: number) => string): Promise<Acting[]> => {
    const made: Acting[] = [];
    for (let i = 0; i < count; i += 1) {
      serial += 1;
      made.push(actingAs(app, await app.signUp(`신뢰시험${serial}`, ip?.(i))));
    }
    return made;
  };
  const tallyOf = async (id: string) =>
    (await app.store.collection<IdentityRecord>('community_identities').findOne({ _id: id }))?.trust;

  it('is new at sign-up and basic after a day, shown on the author of every post', async () => {
    const [author] = await signUp(1);
    const id = await author.ask();
    expect(await levelShownOn(app, id)).toBe('new');
    const answerId = await author.answer(id);
    await passDays(app, clock, 1);
    expect(await levelShownOn(app, id)).toBe('basic');
    const answers = (await app.get(`/api/community/questions/${id}/answers`)).body.data;
    expect(answers.find((a: { id: string }) => a.id === answerId).user.trustLevel).toBe('basic');
  });

  it('makes a member of an author endorsed by three basic identities on three networks', async () => {
    const [author] = await signUp(1);
    const voters = await signUp(3);
    const id = await author.ask();
    await passDays(
      app,
      clock,
      1,
      voters.map((v) => v.who),
    );
    for (const voter of voters) expect((await voter.upvote('questions', id)).status).toBe(200);
    expect(await tallyOf(author.who.id)).toEqual({ endorsers: 3, acceptedAnswers: 0 });
    await passDays(app, clock, 6);
    expect(await levelShownOn(app, id)).toBe('member');

    // A withdrawn upvote is a withdrawn endorsement.
    expect((await voters[0].upvote('questions', id)).body.data.viewerVote).toBeNull();
    expect(await tallyOf(author.who.id)).toEqual({ endorsers: 2, acceptedAnswers: 0 });
    expect(await levelShownOn(app, id)).toBe('basic');
  });

  it('counts nothing from a ring of fresh nicknames upvoting each other', async () => {
    const ring = await signUp(6);
    const questions: string[] = [];
    for (const member of ring) questions.push(await member.ask());
    for (const [i, member] of ring.entries())
      for (const [j, id] of questions.entries())
        if (i !== j) expect((await member.upvote('questions', id)).status).toBe(200);
    // The votes are recorded at once; the count follows in the question's counter flush.
    await eventually(async () =>
      expect((await app.get(`/api/community/questions/${questions[0]}`)).body.data.upvotes).toBe(5),
    );
    await passDays(app, clock, 8);
    for (const id of questions) expect(await levelShownOn(app, id)).toBe('basic');
    for (const member of ring) expect(await tallyOf(member.who.id)).toBeUndefined();
  });

  it('counts basic identities on one network as one endorser', async () => {
    const [author] = await signUp(1);
    const sameNetwork = await signUp(5, (i) => `fd00:77:1:2::${i + 1}`);
    const id = await author.ask();
    await passDays(
      app,
      clock,
      1,
      sameNetwork.map((v) => v.who),
    );
    for (const voter of sameNetwork) expect((await voter.upvote('questions', id)).status).toBe(200);
    expect(await tallyOf(author.who.id)).toEqual({ endorsers: 1, acceptedAnswers: 0 });
    await passDays(app, clock, 7);
    expect(await levelShownOn(app, id)).toBe('basic');
  });

  it('credits an answer accepted by a basic asker, never a self-accepted one', async () => {
    const [asker, helper] = await signUp(2);
    await passDays(app, clock, 1, [asker.who, helper.who]);
    const own = await asker.ask();
    const selfAnswer = await asker.answer(own);
    expect((await asker.accept(own, selfAnswer)).status).toBe(200);
    expect((await app.get(`/api/community/questions/${own}`)).body.data.isAnswered).toBe(true);
    expect(await tallyOf(asker.who.id)).toBeUndefined();

    const theirs = await helper.answer(own);
    expect((await asker.accept(own, theirs)).status).toBe(200);
    expect(await tallyOf(helper.who.id)).toEqual({ endorsers: 1, acceptedAnswers: 1 });
    // Accepting another answer instead moves the credit with it.
    expect((await asker.accept(own, selfAnswer)).status).toBe(200);
    expect(await tallyOf(helper.who.id)).toEqual({ endorsers: 0, acceptedAnswers: 0 });
  });

  it('forgets what a post earned once a moderator hides it', async () => {
    const [author] = await signUp(1);
    const voters = await signUp(3);
    const id = await author.ask();
    await passDays(
      app,
      clock,
      1,
      voters.map((v) => v.who),
    );
    for (const voter of voters) await voter.upvote('questions', id);
    expect((await tallyOf(author.who.id))?.endorsers).toBe(3);
    const hide = await app.request('POST', `/api/community/admin/questions/${id}/hide`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(hide.status).toBe(200);
    expect((await tallyOf(author.who.id))?.endorsers).toBe(0);
  });

  it('holds a post only when its reporters weigh enough, one reporter per network', async () => {
    const [author] = await signUp(1);
    const id = await author.ask();
    const fresh = await signUp(6);
    for (const reporter of fresh)
      expect((await reporter.report('questions', id)).body.data).toEqual({ reported: true, held: false });
    // Basic reporters, all on one network: one of them counts (weight 1 of 4).
    const oneNetwork = await signUp(4, () => '10.77.0.9');
    await passDays(app, clock, 1, [author.who, ...oneNetwork.map((r) => r.who)]);
    for (const reporter of oneNetwork)
      expect((await reporter.report('questions', id)).body.data.held).toBe(false);
    expect((await app.get(`/api/community/questions/${id}`)).status).toBe(200);

    // Three more basic reporters on three other networks bring the weight to 4.
    const elsewhere = await signUp(3);
    await passDays(
      app,
      clock,
      1,
      [...oneNetwork, ...elsewhere].map((r) => r.who),
    );
    const held = [];
    for (const reporter of elsewhere) held.push((await reporter.report('questions', id)).body.data.held);
    expect(held).toEqual([false, false, true]);
    expect((await app.get(`/api/community/questions/${id}`)).status).toBe(404);
    const queue = await app.get('/api/community/admin/moderation?state=held', {
      authorization: `Bearer ${ADMIN_TOKEN}`,
    });
    const item = queue.body.data.items.find((i: { id: string }) => i.id === id);
    expect(item.reports).toMatchObject({ count: 13, weight: 4 });
    const weights = item.reports.reporters.map((r: { trustLevel: string; weight: number }) => [
      r.trustLevel,
      r.weight,
    ]);
    expect(weights.filter(([level]: [string]) => level === 'new')).toHaveLength(6);
    expect(weights.filter(([, weight]: [string, number]) => weight === 1)).toHaveLength(4);
  });
});

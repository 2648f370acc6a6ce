import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { eventually } from '@pulse/testing';
import {
  ADMIN_TOKEN,
  questionBody,
  startCommunityTestApp,
  testClock,
  type CommunityTestApp,
  type TestIdentity,
} from '@pulse/community/testing/community-test-app';
import { REPO_ROOT } from '../../support/processes';
import { runInNetworkNamespace } from '../../support/network-namespace';

const DAY_MS = 24 * 60 * 60 * 1000;
const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0',
  'curl/8.5.0',
  'python-requests/2.32.3',
  'Go-http-client/2.0',
  'k6/0.52.0 (https://k6.io/)',
];
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

/**
 * Trust levels played as a script would: many fresh nicknames, each from an address of its own (or many
 * on one network), rotating User-Agents and cache-busting query strings. The community service runs on
 * its embedded adapters with a settable clock, so age is earned by letting days pass, never written in.
 */
describe('abuse: trust levels for nicknames', () => {
  const clock = testClock(Date.parse('2026-06-01T00:00:00.000Z'));
  let app: CommunityTestApp;
  let sent = 0;
  let made = 0;

  beforeAll(async () => {
    app = await startCommunityTestApp({ clock });
  });
  afterAll(() => app.close());

  /** A script's request: the nickname's bearer from its address, another User-Agent each time. */
  const send = (
    who: TestIdentity | null,
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    ip = who?.ip ?? '198.51.100.200',
  ) => {
    sent += 1;
    // A random query string on reads without one (the lists refuse unknown parameters).
    const busted = method === 'GET' && !url.includes('?') ? `${url}?_=${sent}${Math.random()}` : url;
    return app.request(method, busted, {
      body,
      ip,
      headers: { 'user-agent': AGENTS[sent % AGENTS.length], ...(who ? who.bearer : {}) },
    });
  };
  /** Nicknames made from distinct networks (`ip` puts them all on one). */
  const nicknames = async (count: number, ip?: string): Promise<TestIdentity[]> => {
    const list = [];
    for (let i = 0; i < count; i += 1)
      list.push(await app.signUp(`스크립트닉${++made}`, ip ?? `203.0.${made}.7`));
    return list;
  };
  const ask = async (who: TestIdentity, content?: string): Promise<string> => {
    const reply = await send(
      who,
      'POST',
      '/api/community/questions',
      questionBody(content ? { content } : {}),
    );
    expect(reply.status).toBe(201);
    return reply.body.data.id;
  };
  const answer = async (who: TestIdentity, questionId: string): Promise<string> => {
    const reply = await send(who, 'POST', `/api/community/questions/${questionId}/answers`, {
      content: `제 경험으로는 캐시를 먼저 확인해 보시는 게 좋습니다 (${++made}).`,
    });
    expect(reply.status).toBe(201);
    return reply.body.data.id;
  };
  const levelOf = async (questionId: string) =>
    (await send(null, 'GET', `/api/community/questions/${questionId}`)).body.data.user.trustLevel;
  /** Days pass; the listed nicknames come back every few days, so their sessions stay live. */
  const passDays = async (days: number, returning: TestIdentity[] = []) => {
    for (let left = days * DAY_MS; left > 0; left -= 3 * DAY_MS) {
      clock.advance(Math.min(left, 3 * DAY_MS));
      for (const who of returning)
        expect((await send(who, 'GET', '/api/community/auth/me')).status).toBe(200);
    }
  };

  it('keeps an ordinary question visible when fresh nicknames from several addresses report it', async () => {
    const [author] = await nicknames(1);
    const id = await ask(author);
    const reporters = await nicknames(8);
    for (const [i, reporter] of reporters.entries()) {
      const reply = await send(reporter, 'POST', `/api/community/questions/${id}/report`, {
        reason: i % 2 ? 'spam' : 'abuse',
      });
      expect(reply.body.data).toEqual({ reported: true, held: false });
    }
    expect((await send(null, 'GET', `/api/community/questions/${id}`)).status).toBe(200);
    const listed = (await send(null, 'GET', '/api/community/questions?sort=latest')).body.data.questions;
    expect(listed.map((q: { id: string }) => q.id)).toContain(id);
    // Recorded all the same: moderators see them in the 'reported' queue.
    const queue = await send(null, 'GET', '/api/community/admin/moderation?state=reported');
    expect(queue.status).toBe(401);
    const reported = (await app.get('/api/community/admin/moderation?state=reported', admin)).body.data.items;
    expect(reported.find((item: { id: string }) => item.id === id).reports).toMatchObject({
      count: 8,
      weight: 0,
    });
  });

  it('keeps the nicknames of a fresh upvote ring at their age’s level', async () => {
    const ring = await nicknames(6);
    const questions: string[] = [];
    for (const member of ring) questions.push(await ask(member));
    for (const [i, member] of ring.entries())
      for (const [j, id] of questions.entries())
        if (i !== j)
          expect(
            (await send(member, 'POST', `/api/community/questions/${id}/vote`, { voteType: 'upvote' }))
              .status,
          ).toBe(200);
    // The votes are recorded at once; the count follows in the question's counter flush.
    await eventually(async () =>
      expect((await send(null, 'GET', `/api/community/questions/${questions[0]}`)).body.data.upvotes).toBe(5),
    );
    await passDays(8);
    for (const id of questions) expect(await levelOf(id)).toBe('basic');

    // The same ring a day old, all on one network, still raises nobody past basic.
    const oneNetwork = await nicknames(6, '198.51.100.77');
    const theirs = [];
    for (const member of oneNetwork) theirs.push(await ask(member));
    await passDays(1, oneNetwork);
    for (const [i, member] of oneNetwork.entries())
      for (const [j, id] of theirs.entries())
        if (i !== j)
          await send(member, 'POST', `/api/community/questions/${id}/vote`, { voteType: 'upvote' });
    await passDays(7, []);
    for (const id of theirs) expect(await levelOf(id)).toBe('basic');
  });

  it('resolves a self-accepted answer but awards it no badge and no trust', async () => {
    const [author, other] = await nicknames(2);
    await passDays(2, [author, other]);
    const id = await ask(author);
    const own = await answer(author, id);
    expect((await send(author, 'POST', `/api/community/questions/${id}/answers/${own}/accept`)).status).toBe(
      200,
    );
    expect((await send(null, 'GET', `/api/community/questions/${id}`)).body.data.isAnswered).toBe(true);
    // Someone else's answer, accepted after, is the marker that the author's events were handled.
    const theirs = await answer(other, id);
    await send(author, 'POST', `/api/community/questions/${id}/answers/${theirs}/accept`);
    const badgesOf = async (who: TestIdentity) =>
      (await send(who, 'GET', '/api/community/auth/me')).body.data.user.badges.map(
        (b: { id: string }) => b.id,
      );
    await eventually(
      async () =>
        expect(await badgesOf(other)).toEqual(expect.arrayContaining(['first-answer', 'accepted-answer'])),
      {
        timeoutMs: 10_000,
      },
    );
    const authorBadges = await badgesOf(author);
    expect(authorBadges).not.toContain('first-answer');
    expect(authorBadges).not.toContain('accepted-answer');
    const own2 = await ask(author);
    const selfAgain = await answer(author, own2);
    await send(author, 'POST', `/api/community/questions/${own2}/answers/${selfAgain}/accept`);
    const stored = await app.store
      .collection<{ _id: string; trust?: unknown }>('community_identities')
      .findOne({ _id: author.id });
    expect(stored?.trust).toBeUndefined();
  });

  it('shows a new nickname’s link as text, and links it once the nickname is a day old', async () => {
    const [spammer] = await nicknames(1);
    const link = 'https://cheap-tokens.example/deal';
    const id = await ask(
      spammer,
      `토큰을 싸게 사는 방법을 찾았습니다. 자세한 내용은 ${link} 에서 확인하세요.`,
    );
    // The server renders the body under the author's level when it is read (bodyHtml).
    const render = async () =>
      (await send(null, 'GET', `/api/community/questions/${id}`)).body.data.bodyHtml as string;
    expect(await levelOf(id)).toBe('new');
    const shown = await render();
    expect(shown).toContain('cheap-tokens.example/deal');
    expect(shown).not.toContain('<a ');
    await passDays(1);
    expect(await render()).toContain(`<a href="${link}" rel="nofollow ugc noopener"`);
  });

  it('holds a post reported by trusted readers; a moderator sees who and restores it', async () => {
    // Five nicknames on five networks, a week of age and each other's upvotes after their first day: members.
    const readers = await nicknames(5);
    const theirs = [];
    for (const reader of readers) theirs.push(await ask(reader));
    await passDays(1, readers);
    for (const [i, reader] of readers.entries())
      for (const [j, id] of theirs.entries())
        if (i !== j)
          await send(reader, 'POST', `/api/community/questions/${id}/vote`, { voteType: 'upvote' });
    await passDays(6, readers);
    expect(await levelOf(theirs[0])).toBe('member');

    const [author] = await nicknames(1);
    const id = await ask(author);
    const [first, second] = readers;
    expect(
      (await send(first, 'POST', `/api/community/questions/${id}/report`, { reason: 'spam' })).body.data.held,
    ).toBe(false);
    clock.advance(60_000);
    expect(
      (
        await send(second, 'POST', `/api/community/questions/${id}/report`, {
          reason: 'abuse',
          detail: '광고 글입니다',
        })
      ).body.data.held,
    ).toBe(true);
    expect((await send(null, 'GET', `/api/community/questions/${id}`)).status).toBe(404);

    const held = (await app.get('/api/community/admin/moderation?state=held', admin)).body.data.items;
    const item = held.find((entry: { id: string }) => entry.id === id);
    expect(item.reports).toMatchObject({ count: 2, weight: 4 });
    expect(item.reports.reporters).toEqual([
      expect.objectContaining({
        displayName: second.displayName,
        trustLevel: 'member',
        weight: 2,
        reason: 'abuse',
        detail: '광고 글입니다',
      }),
      expect.objectContaining({
        displayName: first.displayName,
        trustLevel: 'member',
        weight: 2,
        reason: 'spam',
      }),
    ]);
    expect(item.reports.reporters[0].at).toBe(new Date(clock.now()).toISOString());

    const restored = await app.request('POST', `/api/community/admin/questions/${id}/restore`, {
      headers: admin,
    });
    expect(restored.body.data.state).toBe('visible');
    expect((await send(null, 'GET', `/api/community/questions/${id}`)).status).toBe(200);
  });

  it('gives the community service its admin credential in every shipped deployment', () => {
    const compose = parse(readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8'));
    expect(compose.services.community.environment.ADMIN_TOKEN).toBe('${ADMIN_TOKEN:-}');
    expect(compose.services.community.environment.ADMIN_TOKEN).toBe(
      compose.services.content.environment.ADMIN_TOKEN,
    );
    const deployment = parse(
      readFileSync(path.join(REPO_ROOT, 'k8s/base/community.yaml'), 'utf8').split(/^---$/m)[0]!,
    );
    const env = deployment.spec.template.spec.containers[0].env as Array<{
      name: string;
      valueFrom?: unknown;
    }>;
    expect(env.find((entry) => entry.name === 'ADMIN_TOKEN')?.valueFrom).toEqual({
      secretKeyRef: { name: 'pulse-secrets', key: 'admin-token', optional: true },
    });
  });

  it('counts nicknames on one IPv6 /64 as one reporter, over real connections from many addresses', async () => {
    const result = await runInNetworkNamespace<Record<string, unknown>>({
      addresses: [
        ...['11', '12', '13', '14', '15'].map((host) => `fd00:7:7:7::${host}/64`),
        'fd00:7:7:8::11/64',
        'fd00:7:7:9::11/64',
        '10.9.0.2/32',
        '10.9.0.3/32',
      ],
      entry: path.join(__dirname, 'trust-reports.scenario.ts'),
    });
    expect(result).toEqual({
      freshHeld: [false, false, false, false, false, false, false, false],
      afterFresh: 200,
      oneNetworkHeld: [false, false, false, false, false],
      afterOneNetwork: 200,
      othersHeld: [false, false, true],
      afterOthers: 404,
    });
  });
});

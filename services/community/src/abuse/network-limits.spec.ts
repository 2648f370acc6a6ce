import { assistantOf } from '../../testing/assistant/assistant-test-kit';
import { ASSISTANT_NETWORK_BUSY } from '../assistant/assistant-limits';
import { questionBody, startCommunityTestApp, type CommunityTestApp } from '../../testing/community-test-app';

// Addresses of one IPv6 /64, of another /64, and IPv4 addresses: the per-network buckets see the first
// group as one client and every IPv4 address as its own.
const sameNet = (host: number) => `2001:db8:7:1::${host.toString(16)}`;
const otherNet = (host: number) => `2001:db8:7:2::${host.toString(16)}`;
const ipv4 = (host: number) => `198.51.100.${host}`;

describe('per-network limits: an IPv6 /64 is one client, each IPv4 address is one', () => {
  let app: CommunityTestApp;
  let serial = 0;
  const fresh = (ip: string) => app.signUp(`망검사독자${(serial += 1)}`, ip);

  beforeAll(async () => {
    app = await startCommunityTestApp({
      env: {
        COMMUNITY_IDENTITIES_PER_IP_HOUR: '3',
        COMMUNITY_POSTS_PER_IP_10MIN: '3',
        COMMUNITY_VOTES_PER_IP_MINUTE: '3',
        ASSISTANT_MESSAGES_PER_NETWORK_MINUTE: '3',
      },
    });
  });
  afterAll(() => app.close());

  it('counts nicknames made from many addresses of one /64 together', async () => {
    const statuses = [];
    for (let host = 1; host <= 5; host += 1)
      statuses.push(
        (
          await app.request('POST', '/api/community/auth/anonymous', {
            body: { username: `한망닉네임${host}` },
            ip: sameNet(host),
          })
        ).status,
      );
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    const elsewhere = await app.request('POST', '/api/community/auth/anonymous', {
      body: { username: '옆망닉네임' },
      ip: otherNet(1),
    });
    expect(elsewhere.status).toBe(201);
    // Four IPv4 addresses of one /24 are four clients (NETWORK_IPV4_PREFIX 32).
    for (let host = 1; host <= 4; host += 1) await fresh(ipv4(host));
  });

  it('counts votes and reports from one /64 together, whoever casts them', async () => {
    const author = await fresh(ipv4(20));
    const question = await app.request('POST', '/api/community/questions', {
      body: questionBody(),
      headers: author.bearer,
      ip: ipv4(20),
    });
    const id = question.body.data.id as string;
    const voters = [];
    for (let host = 30; host < 34; host += 1) voters.push(await fresh(ipv4(host)));
    const voteStatuses = [];
    for (const [index, voter] of voters.entries())
      voteStatuses.push(
        (
          await app.request('POST', `/api/community/questions/${id}/vote`, {
            body: { voteType: 'upvote' },
            headers: voter.bearer,
            ip: sameNet(0x100 + index),
          })
        ).status,
      );
    expect(voteStatuses).toEqual([200, 200, 200, 429]);
    const report = await app.request('POST', `/api/community/questions/${id}/report`, {
      body: { reason: 'spam' },
      headers: voters[3].bearer,
      ip: sameNet(0x200),
    });
    expect(report.status).toBe(429);
    expect(Number(report.headers['retry-after'])).toBeGreaterThan(0);
    const fromElsewhere = await app.request('POST', `/api/community/questions/${id}/vote`, {
      body: { voteType: 'upvote' },
      headers: voters[3].bearer,
      ip: otherNet(0x100),
    });
    expect(fromElsewhere.status).toBe(200);
  });

  it('counts posts from one /64 together and refuses the same text from another address of it', async () => {
    const writers = [];
    for (let host = 40; host < 44; host += 1) writers.push(await fresh(ipv4(host)));
    const text = questionBody();
    const first = await app.request('POST', '/api/community/questions', {
      body: text,
      headers: writers[0].bearer,
      ip: otherNet(0x300),
    });
    expect(first.status).toBe(201);
    const copy = await app.request('POST', '/api/community/questions', {
      body: text,
      headers: writers[1].bearer,
      ip: otherNet(0x301),
    });
    expect(copy.status).toBe(409);
    // The refused copy used a post of the network's three, as any attempt does.
    const statuses = [];
    for (const [index, writer] of writers.slice(1).entries())
      statuses.push(
        (
          await app.request('POST', '/api/community/questions', {
            body: questionBody(),
            headers: writer.bearer,
            ip: otherNet(0x310 + index),
          })
        ).status,
      );
    expect(statuses).toEqual([201, 429, 429]);
  });

  it("counts the assistant's messages from one /64 together, across nicknames", async () => {
    const askers = [];
    for (let host = 50; host < 55; host += 1) askers.push(await fresh(ipv4(host)));
    const statuses = [];
    const messages = [];
    for (const [index, asker] of askers.entries()) {
      const { sessionId } = await assistantOf(app, asker);
      const reply = await app.request('POST', `/api/community/assistant/sessions/${sessionId}/messages`, {
        body: { content: '이더리움 가스비가 왜 내려갔나요?' },
        headers: asker.bearer,
        ip: sameNet(0x400 + index),
      });
      statuses.push(reply.status);
      messages.push(reply.body.message);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(messages[3]).toBe(ASSISTANT_NETWORK_BUSY);
    const { sessionId } = await assistantOf(app, askers[4]);
    const elsewhere = await app.request('POST', `/api/community/assistant/sessions/${sessionId}/messages`, {
      body: { content: '이더리움 가스비가 왜 내려갔나요?' },
      headers: askers[4].bearer,
      ip: ipv4(55),
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe('NETWORK_IPV6_PREFIX: the network size is configuration', () => {
  it('with /128, each IPv6 address is its own network again', async () => {
    const app = await startCommunityTestApp({
      env: { COMMUNITY_IDENTITIES_PER_IP_HOUR: '1', NETWORK_IPV6_PREFIX: '128' },
    });
    try {
      for (let host = 1; host <= 3; host += 1) await app.signUp(`주소마다닉네임${host}`, sameNet(host));
      const again = await app.request('POST', '/api/community/auth/anonymous', {
        body: { username: '주소마다닉네임4' },
        ip: sameNet(1),
      });
      expect(again.status).toBe(429);
    } finally {
      await app.close();
    }
  });
});

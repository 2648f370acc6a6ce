import path from 'node:path';
import { runInNetworkNamespace } from '../../support/network-namespace';
import { namespaceAddressList } from './nicknames.addresses';

interface LookAlike {
  name: string;
  status: number;
  displayName: string | null;
  message: string | null;
}

interface ScenarioResult {
  original: { status: number; displayName: string };
  lookAlikes: LookAlike[];
  sameNetworkSignUps: number[];
  otherNetworkSignUp: number;
  ipv4SignUps: number[];
  sameNetworkVotes: number[];
  otherNetworkVote: number;
  sameNetworkAsks: number[];
  ipv4Ask: number;
  ordinary: { sent: number; notKept: Array<{ sentence: string; status: number }> };
}

/**
 * Nicknames and per-network limits as a script plays them, against the community service in a network
 * namespace of its own (several IPv6 addresses of one /64, another /64, IPv4 addresses): look-alike and
 * staff-like sign-ups, then nicknames, votes and assistant calls spread over the addresses of one /64.
 */
describe('abuse: nickname look-alikes and per-network limits (community service in a network namespace)', () => {
  let result: ScenarioResult;

  beforeAll(async () => {
    result = await runInNetworkNamespace<ScenarioResult>({
      addresses: namespaceAddressList(),
      entry: path.join(__dirname, 'nicknames.scenario.ts'),
      timeoutMs: 180_000,
    });
  });

  it('never shows a look-alike of a live nickname as that nickname: refused, or given a discriminator', () => {
    expect(result.original).toEqual({ status: 201, displayName: 'pulsefan' });
    const cloneOf = (name: string) => result.lookAlikes.find((reply) => reply.name === name)!;
    for (const invisible of ['pulse\u200bfan', 'pulsefan\u3164'])
      expect(cloneOf(invisible)).toMatchObject({
        status: 400,
        message: expect.stringMatching(/^username: .*보이지 않는 문자/),
      });
    expect(cloneOf('pulsef\u0430n')).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^username: .*문자 체계/),
    });
    for (const lookAlike of ['ｐｕｌｓｅｆａｎ', 'PulseFan'])
      expect(cloneOf(lookAlike)).toMatchObject({
        status: 201,
        displayName: expect.stringMatching(new RegExp(`^${lookAlike}#\\d{4}$`)),
      });
  });

  it('refuses the staff-like and site names and their look-alikes, in Korean', () => {
    const reserved = result.lookAlikes.filter(
      (reply) => !reply.name.includes('pulse') && !/ｐ|Pulse/.test(reply.name),
    );
    expect(reserved.map((reply) => reply.name)).toEqual([
      '관리자',
      '관리자\u3164',
      '운영자',
      '펄스',
      'admin',
      '\u0430dmin',
      'ａｄｍｉｎ',
      'moderator',
      '운영팀',
    ]);
    for (const reply of reserved) {
      expect(reply.status).toBe(400);
      expect(reply.message).toMatch(/^username: [가-힣]/);
    }
  });

  it('counts nicknames from every address of one IPv6 /64 together; another /64 and IPv4 addresses are apart', () => {
    expect(result.sameNetworkSignUps).toEqual([201, 201, 201, 429, 429, 429]);
    expect(result.otherNetworkSignUp).toBe(201);
    expect(result.ipv4SignUps).toEqual([201, 201, 201, 201]);
  });

  it('counts votes from one /64 together, whichever fresh nickname casts them', () => {
    expect(result.sameNetworkVotes).toEqual([200, 200, 200, 429, 429]);
    expect(result.otherNetworkVote).toBe(200);
  });

  it("counts the assistant's messages from one /64 together, across nicknames", () => {
    expect(result.sameNetworkAsks).toEqual([200, 200, 200, 429, 429]);
    expect(result.ipv4Ask).toBe(200);
  });

  it('keeps every ordinary sentence of the precision corpus as written', () => {
    expect(result.ordinary.sent).toBeGreaterThanOrEqual(200);
    expect(result.ordinary.notKept).toEqual([]);
  });
});

// Run inside a network namespace by nicknames.spec.ts. The community service (its test app: embedded
// store, memory cache, search-only assistant) listens on [::]; a script then plays the nickname and
// per-network cases from many addresses, rotating User-Agents, adding random query strings and made-up
// bearers, as a bot would. It prints what each request got, as one JSON line.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { ordinarySentences } from '@pulse/community/testing/abuse/ordinary-sentences';
import { startCommunityTestApp } from '@pulse/community/testing/community-test-app';
import { sendFrom } from '../../support/network-namespace';
import { NAMESPACE_ADDRESSES } from './nicknames.addresses';

const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  'curl/8.8.0',
  'python-requests/2.32.3',
];
let sent = 0;

async function main() {
  const community = await startCommunityTestApp({
    env: {
      COMMUNITY_IDENTITIES_PER_IP_HOUR: '3',
      COMMUNITY_VOTES_PER_IP_MINUTE: '3',
      COMMUNITY_POSTS_PER_IDENTITY_10MIN: '1000',
      ASSISTANT_MESSAGES_PER_NETWORK_MINUTE: '3',
    },
  });
  await community.app.listen({ port: 0, host: '::' });
  const { port } = community.app.getHttpServer().address() as AddressInfo;
  const { sameNetwork, otherNetwork, ipv4 } = NAMESPACE_ADDRESSES;

  /** A request as a script sends it: another User-Agent each time, a random query string. */
  async function send(
    from: string,
    path: string,
    init: { method?: string; body?: unknown; token?: string } = {},
  ) {
    sent += 1;
    const host = from.includes(':') ? `[${from}]` : from;
    const separator = path.includes('?') ? '&' : '?';
    const response = await sendFrom(
      from,
      `http://${host}:${port}${path}${separator}cb=${randomBytes(6).toString('hex')}`,
      {
        method: init.method ?? 'GET',
        headers: {
          'user-agent': USER_AGENTS[sent % USER_AGENTS.length],
          authorization: `Bearer ${init.token ?? `made-up-${randomBytes(8).toString('hex')}`}`,
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      },
    );
    let body: {
      data?: Record<string, unknown> & { user?: { displayName: string }; id?: string; token?: string };
      message?: string;
    } = {};
    try {
      body = JSON.parse(response.body);
    } catch {
      // not JSON
    }
    return { status: response.status, body };
  }

  // Identities for the later cases come from the IPv4 addresses, three per address (the hourly cap).
  let ipv4Used = 0;
  const nextIpv4 = () => ipv4[Math.floor(ipv4Used++ / 3) % ipv4.length];
  async function identity(name: string) {
    const reply = await send(nextIpv4(), '/api/community/auth/anonymous', {
      method: 'POST',
      body: { username: name },
    });
    if (reply.status !== 201)
      throw new Error(`sign-up of ${name} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body.data!.token as string;
  }

  // 1. Look-alikes of a live nickname, and of reserved names.
  const original = await send(nextIpv4(), '/api/community/auth/anonymous', {
    method: 'POST',
    body: { username: 'pulsefan' },
  });
  const lookAlikes = [];
  for (const name of [
    'pulsef\u0430n', // Cyrillic 'а'
    'pulse\u200bfan', // zero-width space
    'pulsefan\u3164', // Hangul filler
    'ｐｕｌｓｅｆａｎ', // full-width
    'PulseFan',
    '관리자',
    '관리자\u3164',
    '운영자',
    '펄스',
    'admin',
    '\u0430dmin',
    'ａｄｍｉｎ',
    'moderator',
    '운영팀',
  ]) {
    const reply = await send(nextIpv4(), '/api/community/auth/anonymous', {
      method: 'POST',
      body: { username: name },
    });
    if (reply.status !== 201) ipv4Used -= 1; // a refused name used no place of the address's three
    lookAlikes.push({
      name,
      status: reply.status,
      displayName: reply.body.data?.user?.displayName ?? null,
      message: reply.body.message ?? null,
    });
  }

  // 2. Nicknames from many addresses of one IPv6 /64, then from another /64 and from IPv4 addresses.
  const sameNetworkSignUps = [];
  for (const [index, from] of sameNetwork.entries())
    sameNetworkSignUps.push(
      (
        await send(from, '/api/community/auth/anonymous', {
          method: 'POST',
          body: { username: `한망봇${index}` },
        })
      ).status,
    );
  const otherNetworkSignUp = (
    await send(otherNetwork[0], '/api/community/auth/anonymous', {
      method: 'POST',
      body: { username: '옆망사람' },
    })
  ).status;
  const ipv4SignUps = [];
  for (const [index, from] of ipv4.slice(-4).entries())
    ipv4SignUps.push(
      (
        await send(from, '/api/community/auth/anonymous', {
          method: 'POST',
          body: { username: `사무실사람${index}` },
        })
      ).status,
    );

  // 3. Votes on one question by fresh nicknames, all sent from addresses of one /64.
  const author = await identity('질문올린사람');
  const question = await send(ipv4[0], '/api/community/questions', {
    method: 'POST',
    token: author,
    body: {
      title: '쿠버네티스 롤링 업데이트 중 502가 나요',
      content: '배포할 때마다 몇 초씩 502가 납니다. 준비 상태 검사는 넣었어요.',
      category: 'development',
      tagIds: [],
      tags: ['k8s'],
    },
  });
  const questionId = question.body.data!.id as string;
  const voters = [];
  for (let index = 0; index < 5; index += 1) voters.push(await identity(`추천부대${index}`));
  const sameNetworkVotes = [];
  for (const [index, voter] of voters.entries())
    sameNetworkVotes.push(
      (
        await send(sameNetwork[index % sameNetwork.length], `/api/community/questions/${questionId}/vote`, {
          method: 'POST',
          token: voter,
          body: { voteType: 'upvote' },
        })
      ).status,
    );
  const otherNetworkVote = (
    await send(otherNetwork[1], `/api/community/questions/${questionId}/vote`, {
      method: 'POST',
      token: voters[4],
      body: { voteType: 'upvote' },
    })
  ).status;

  // 4. The assistant, asked by fresh nicknames from addresses of one /64.
  const askers = [];
  for (let index = 0; index < 5; index += 1) askers.push(await identity(`도우미손님${index}`));
  const sameNetworkAsks = [];
  const sessions = [];
  for (const [index, asker] of askers.entries()) {
    const opened = await send(ipv4[1], '/api/community/assistant/sessions', {
      method: 'POST',
      token: asker,
      body: {},
    });
    sessions.push(opened.body.data!.id as string);
    sameNetworkAsks.push(
      (
        await send(
          sameNetwork[index % sameNetwork.length],
          `/api/community/assistant/sessions/${sessions[index]}/messages`,
          { method: 'POST', token: asker, body: { content: '쿠버네티스 롤링 업데이트 질문이 있어요' } },
        )
      ).status,
    );
  }
  const ipv4Ask = (
    await send(ipv4[2], `/api/community/assistant/sessions/${sessions[4]}/messages`, {
      method: 'POST',
      token: askers[4],
      body: { content: '쿠버네티스 롤링 업데이트 질문이 있어요' },
    })
  ).status;

  // 5. The ordinary sentences of the precision corpus, each as a comment under an article (comments take
  // the shortest texts, answers start at 10 characters).
  community.content.publish('ordinary-article');
  const writer = await identity('평범한댓글러');
  const sentences = ordinarySentences();
  const notKept = [];
  for (const sentence of sentences) {
    const reply = await send(ipv4[3], '/api/community/articles/ordinary-article/comments', {
      method: 'POST',
      token: writer,
      body: { content: sentence },
    });
    if (reply.status !== 201 || reply.body.data?.content !== sentence)
      notKept.push({ sentence, status: reply.status });
  }

  await community.close();
  process.stdout.write(
    `${JSON.stringify({
      original: { status: original.status, displayName: original.body.data?.user?.displayName },
      lookAlikes,
      sameNetworkSignUps,
      otherNetworkSignUp,
      ipv4SignUps,
      sameNetworkVotes,
      otherNetworkVote,
      sameNetworkAsks,
      ipv4Ask,
      ordinary: { sent: sentences.length, notKept },
    })}\n`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

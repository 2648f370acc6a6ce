// Run inside a network namespace by edges.spec.ts: the gateway's rate limits and the newsletter's sign-up
// limit, driven as a script would, from several IPv6 addresses of one /64, from other networks and with
// made-up bearers. Prints one JSON line: the statuses each step got.
import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SERVICE_HTTP_PREFIXES } from '@pulse/contracts';
import { InProcessUpstream } from '@pulse/gateway';
import { communityToken } from '@pulse/gateway/testing/community-token';
import { FakeUpstream, jsonResponse, startTestGateway } from '@pulse/gateway/testing/test-gateway';
import { startNewsletterTestApp } from '@pulse/newsletter/testing/newsletter-test-app';
import { sendFrom } from '../../support/network-namespace';

const SCENARIO = {
  readPerMinute: 5,
  writePerMinute: 3,
  signUpsPerNetworkHour: 3,
  communitySecret: 'edges-community-secret-0123456789abcdef',
  /** One IPv6 /64 the script holds many addresses of, another /64, and IPv4 addresses. */
  sameSlash64: (n: number) => `fd00:1:2:3::${(0x10 + n).toString(16)}`,
  otherSlash64: 'fd00:1:2:4::10',
  ipv4: ['10.9.0.2', '10.9.0.3', '10.9.0.4'],
} as const;

const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'curl/8.9.1',
];
let sent = 0;
/** What a script varies per request: its User-Agent and a random query string. */
const disguise = () => ({ 'user-agent': USER_AGENTS[sent++ % USER_AGENTS.length] });
const cacheBuster = () => `cb=${randomBytes(6).toString('hex')}`;
// A read's random query string uses a parameter the endpoint declares: the gateway answers an undeclared
// one (?cb=…) 400 itself, before the service (docs/abuse/cache-busting.md), and this scenario is about buckets.
const randomOffset = () => `offset=${randomBytes(4).readUInt32BE() % 100_000}`;
const madeUpBearer = () => `Bearer ${randomBytes(24).toString('base64url')}`;

const urlOf = (server: string, port: number, path: string) =>
  `http://${server.includes(':') ? `[${server}]` : server}:${port}${path}`;

async function main() {
  // The gateway's rate limits, over a fake content service.
  const content = new FakeUpstream('content', ['/api/content'], () => jsonResponse(200, { articles: [] }));
  const limited = await startTestGateway({
    upstreams: [content],
    host: '::',
    env: {
      RATE_LIMIT_READ_PER_MIN: String(SCENARIO.readPerMinute),
      RATE_LIMIT_WRITE_PER_MIN: String(SCENARIO.writePerMinute),
      COMMUNITY_TOKEN_SECRET: SCENARIO.communitySecret,
    },
  });
  const port = (limited.app.getHttpServer().address() as AddressInfo).port;
  // Each request goes to the address family it comes from; the server listens on both.
  const get = async (from: string, headers: Record<string, string> = {}) =>
    (
      await sendFrom(from, urlOf(from, port, `/api/content/news?${randomOffset()}`), {
        headers: { ...disguise(), ...headers },
      })
    ).status;
  const post = async (from: string, headers: Record<string, string> = {}) =>
    (
      await sendFrom(from, urlOf(from, port, `/api/content/like?${cacheBuster()}`), {
        method: 'POST',
        headers: { ...disguise(), ...headers },
        body: '{}',
      })
    ).status;

  const [scripted] = SCENARIO.ipv4;
  const madeUpReads: number[] = [];
  for (let i = 0; i < SCENARIO.readPerMinute + 5; i++)
    madeUpReads.push(await get(scripted, { authorization: madeUpBearer() }));
  const madeUpWrites: number[] = [];
  for (let i = 0; i < SCENARIO.writePerMinute + 3; i++)
    madeUpWrites.push(await post(scripted, { authorization: madeUpBearer() }));
  // A credential the gateway can verify does get a bucket of its own.
  const member = await communityToken(SCENARIO.communitySecret, `member-${randomUUID()}`);
  const verifiedAfter = await get(scripted, { authorization: `Bearer ${member}` });

  const sameSlash64: number[] = [];
  for (let i = 0; i < SCENARIO.readPerMinute + 3; i++) sameSlash64.push(await get(SCENARIO.sameSlash64(i)));
  const otherSlash64 = await get(SCENARIO.otherSlash64);
  const ipv4Others: number[] = [];
  for (const from of SCENARIO.ipv4.slice(1))
    for (let i = 0; i < SCENARIO.readPerMinute; i++) ipv4Others.push(await get(from));
  await limited.close();

  // Newsletter sign-ups, through a gateway in front of the real newsletter service.
  const newsletter = await startNewsletterTestApp({
    env: { NEWSLETTER_SUBSCRIBES_PER_IP_HOUR: String(SCENARIO.signUpsPerNetworkHour) },
  });
  const site = await startTestGateway({
    upstreams: [new InProcessUpstream('newsletter', SERVICE_HTTP_PREFIXES.newsletter, newsletter.app)],
    host: '::',
  });
  const sitePort = (site.app.getHttpServer().address() as AddressInfo).port;
  const signUp = async (from: string) =>
    (
      await sendFrom(from, urlOf(from, sitePort, '/api/subscribers'), {
        method: 'POST',
        headers: disguise(),
        body: JSON.stringify({ email: `reader-${randomUUID()}@example.com` }),
      })
    ).status;
  const signUpsSameSlash64: number[] = [];
  for (let i = 0; i < SCENARIO.signUpsPerNetworkHour + 3; i++)
    signUpsSameSlash64.push(await signUp(SCENARIO.sameSlash64(0x20 + i)));
  const signUpOtherSlash64 = await signUp(SCENARIO.otherSlash64);
  const signUpsIpv4: number[] = [];
  for (const from of SCENARIO.ipv4) signUpsIpv4.push(await signUp(from));
  await site.close();
  await newsletter.close();

  process.stdout.write(
    `${JSON.stringify({
      settings: {
        readPerMinute: SCENARIO.readPerMinute,
        writePerMinute: SCENARIO.writePerMinute,
        signUpsPerNetworkHour: SCENARIO.signUpsPerNetworkHour,
      },
      madeUpReads,
      madeUpWrites,
      verifiedAfter,
      sameSlash64,
      otherSlash64,
      ipv4Others,
      signUpsSameSlash64,
      signUpOtherSlash64,
      signUpsIpv4,
    })}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});

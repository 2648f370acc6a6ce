// Run inside a network namespace by trust.spec.ts: the community service (embedded adapters, a settable
// clock) listens on [::]; nicknames are made and report over TCP from several addresses of one IPv6 /64,
// from other /64s and from IPv4 addresses, as a script on one machine with a /64 would.
import type { AddressInfo } from 'node:net';
import { questionBody, startCommunityTestApp, testClock } from '@pulse/community/testing/community-test-app';
import { sendFrom } from '../../support/network-namespace';

const ONE_64 = ['fd00:7:7:7::11', 'fd00:7:7:7::12', 'fd00:7:7:7::13', 'fd00:7:7:7::14', 'fd00:7:7:7::15'];
const OTHERS = ['fd00:7:7:8::11', 'fd00:7:7:9::11', '10.9.0.2', '10.9.0.3'];
const AGENTS = ['curl/8.5.0', 'Mozilla/5.0 (X11; Linux x86_64)', 'python-requests/2.32', 'k6/0.52'];

async function main() {
  const clock = testClock(Date.parse('2026-05-01T00:00:00.000Z'));
  const app = await startCommunityTestApp({ clock });
  await app.app.listen(0, '::');
  const { port } = app.app.getHttpServer().address() as AddressInfo;
  let sent = 0;
  const call = async (from: string, method: string, path: string, body?: unknown, token?: string) => {
    sent += 1;
    // The server listens on [::]; an IPv4 sender reaches it at an IPv4 address of the namespace.
    const host = from.includes(':') ? '[fd00:7:7:7::11]' : '10.9.0.2';
    const reply = await sendFrom(from, `http://${host}:${port}${path}`, {
      method,
      headers: {
        'user-agent': AGENTS[sent % AGENTS.length],
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: reply.status, body: reply.body ? JSON.parse(reply.body) : null };
  };
  let serial = 0;
  const signUp = async (from: string) => {
    serial += 1;
    const reply = await call(from, 'POST', '/api/community/auth/anonymous', { username: `신고봇${serial}` });
    if (reply.status !== 201) throw new Error(`sign-up from ${from}: ${reply.status}`);
    return { from, token: reply.body.data.token as string };
  };
  const visible = async (id: string) =>
    (await call(OTHERS[0], 'GET', `/api/community/questions/${id}?cb=${Math.random().toString(36).slice(2)}`))
      .status;

  const author = await signUp(OTHERS[3]);
  const ask = async () =>
    (await call(author.from, 'POST', '/api/community/questions', questionBody(), author.token)).body.data.id;
  /** `held` from the answer, or the status when the report was refused (a post already hidden is 404). */
  const report = async (who: { from: string; token: string }, id: string) => {
    const reply = await call(
      who.from,
      'POST',
      `/api/community/questions/${id}/report`,
      { reason: 'spam' },
      who.token,
    );
    return reply.status === 200 ? (reply.body.data.held as boolean) : reply.status;
  };

  // Fresh nicknames: five from five addresses of one /64, three from other networks.
  const fresh = [];
  for (const from of [...ONE_64, ...OTHERS.slice(0, 3)]) fresh.push(await signUp(from));
  const first = await ask();
  const freshHeld = [];
  for (const who of fresh) freshHeld.push(await report(who, first));
  const afterFresh = await visible(first);

  // A day later the same nicknames are 'basic' (weight 1 each), but the five on one /64 count once.
  clock.advance(25 * 60 * 60 * 1000);
  const second = await ask();
  const oneNetworkHeld = [];
  for (const who of fresh.slice(0, 5)) oneNetworkHeld.push(await report(who, second));
  const afterOneNetwork = await visible(second);
  // Three more networks' basic reporters bring the weight to 4: held.
  const othersHeld = [];
  for (const who of fresh.slice(5)) othersHeld.push(await report(who, second));
  const afterOthers = await visible(second);

  await app.close();
  process.stdout.write(
    `${JSON.stringify({
      freshHeld,
      afterFresh,
      oneNetworkHeld,
      afterOneNetwork,
      othersHeld,
      afterOthers,
    })}\n`,
  );
}

void main().catch((error: unknown) => {
  process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
});

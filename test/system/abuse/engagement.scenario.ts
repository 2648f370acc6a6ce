// Run inside a network namespace by engagement.spec.ts: content, trending and community on [::], and the
// engagement attacks of a script, each request sent from the address it names (sendFrom). Prints one JSON
// line: what each attack achieved, in the figures the public API shows.
import type { AddressInfo } from 'node:net';
import { questionBody } from '@pulse/community/testing/community-test-app';
import type { ArticleDetailResponse, TrendingListResponse } from '@pulse/contracts';
import { ReaderSessionSigner } from '@pulse/platform';
import { sendFrom, type SentResponse } from '../../support/network-namespace';
import { SITE_ADMIN_TOKEN, SITE_SESSION_SECRET, startEngagementSite } from './engagement-site';

const RING = Array.from({ length: 8 }, (_, i) => `fd00:1:2:3::${(0x10 + i).toString(16)}`);
const SESSIONS = 70;
const DAY_MS = 86_400_000;

const cookieOf = (response: SentResponse, name: string) =>
  ([] as string[])
    .concat(response.headers['set-cookie'] ?? [])
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.split(';')[0];
const json = <T>(response: SentResponse): T => JSON.parse(response.body) as T;

async function main() {
  const site = await startEngagementSite();
  const ports = await Promise.all(
    [site.content, site.trending, site.community].map(async (app) => {
      await app.listen(0, '::');
      return (app.getHttpServer().address() as AddressInfo).port;
    }),
  );
  const base = (from: string, port: number) =>
    from.includes(':') ? `http://[${RING[0]}]:${port}` : `http://127.0.0.1:${port}`;
  const content = (from: string, path: string, init: Parameters<typeof sendFrom>[2] = {}) =>
    sendFrom(from, `${base(from, ports[0])}${path}`, init);
  const like = (from: string, id: string, headers: Record<string, string> = {}) =>
    content(from, '/api/interactions/like', {
      method: 'POST',
      headers,
      body: JSON.stringify({ contentId: id, contentType: 'article' }),
    });
  const view = (from: string, id: string, headers: Record<string, string> = {}) =>
    content(from, `/api/articles/${id}/view`, { method: 'POST', headers });
  const share = (from: string, id: string, headers: Record<string, string> = {}) =>
    content(from, `/api/articles/${id}/share`, { method: 'POST', headers, body: '{"platform":"twitter"}' });
  /** A reader as a script plays it: a session fetched first (the page's status read), then each action. */
  const freshSession = async (from: string, id: string) =>
    cookieOf(await content(from, `/api/interactions/status/${id}`), 'pulse_sid')!;
  const engageAll = async (from: string, id: string, cookie: string) => {
    const headers = { cookie };
    await like(from, id, headers);
    await share(from, id, headers);
    await view(from, id, headers);
  };
  const contentCounts = async (id: string) => {
    const { article } = json<ArticleDetailResponse>(await content('127.0.0.1', `/api/articles/${id}`));
    return { likes: article.likesCount, shares: article.sharesCount };
  };

  const now = Date.now();
  const articles = ['free', 'ring', 'fresh', 'aged', 'first', 'retry'];
  await site.publish(articles, now - 60_000);
  const deadline = Date.now() + 30_000;
  for (const id of articles)
    while ((await content('127.0.0.1', `/api/articles/${id}`)).status !== 200) {
      if (Date.now() > deadline) throw new Error(`article ${id} was not published`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

  // 1. Thirty likes without a reader cookie, each with a made-up bearer.
  for (let i = 0; i < 30; i += 1)
    await like(RING[0], 'free', {
      authorization: `Bearer made-up-${i}-${Math.random().toString(36).slice(2)}`,
    });
  const free = await contentCounts('free');

  // 2. A ring on one /64: 70 sessions from 8 addresses of fd00:1:2:3::/64, each liking, sharing, viewing.
  let ringViews = 0;
  for (let i = 0; i < SESSIONS; i += 1) {
    const from = RING[i % RING.length];
    const cookie = await freshSession(from, 'ring');
    await engageAll(from, 'ring', cookie);
    ringViews = Math.max(ringViews, json<{ views: number }>(await view(from, 'ring', { cookie })).views);
  }
  // 3. A burst of brand-new sessions, each from its own IPv4 address (70 networks).
  let freshViews = 0;
  for (let i = 0; i < SESSIONS; i += 1) {
    const from = `127.0.3.${i + 10}`;
    const cookie = await freshSession(from, 'fresh');
    await engageAll(from, 'fresh', cookie);
    freshViews = Math.max(freshViews, json<{ views: number }>(await view(from, 'fresh', { cookie })).views);
  }
  // 4. Organic readers: the same volume from 70 networks, sessions the site issued a day ago.
  const signer = new ReaderSessionSigner(SITE_SESSION_SECRET);
  let agedViews = 0;
  for (let i = 0; i < SESSIONS; i += 1) {
    const from = `127.0.4.${i + 10}`;
    const cookie = `pulse_sid=${signer.issue(now - DAY_MS).value}`;
    await engageAll(from, 'aged', cookie);
    agedViews = Math.max(agedViews, json<{ views: number }>(await view(from, 'aged', { cookie })).views);
  }
  // 5. First-time readers in a browser: the page reads the like status (the session), then the click;
  // and a client that clicks at once, then sends the click again with the cookie it got.
  const arriving = await freshSession('127.0.9.1', 'first');
  const firstClick = json<{ likesCount: number }>(await like('127.0.9.1', 'first', { cookie: arriving }));
  const straight = await like('127.0.9.2', 'retry');
  const retried = json<{ likesCount: number }>(
    await like('127.0.9.2', 'retry', { cookie: cookieOf(straight, 'pulse_sid')! }),
  );

  // 6. Question views with a rotating User-Agent: without a cookie, then a script that keeps its cookie.
  const community = (from: string, path: string, init: Parameters<typeof sendFrom>[2] = {}) =>
    sendFrom(from, `http://127.0.0.1:${ports[2]}${path}`, init);
  const signUp = json<{ data: { token: string } }>(
    await community('127.0.8.1', '/api/community/auth/anonymous', {
      method: 'POST',
      body: JSON.stringify({ username: '조회수실험' }),
    }),
  );
  const asked = json<{ data: { id: string } }>(
    await community('127.0.8.1', '/api/community/questions', {
      method: 'POST',
      headers: { authorization: `Bearer ${signUp.data.token}` },
      body: JSON.stringify(questionBody()),
    }),
  );
  const questionId = asked.data.id;
  const questionViews = async () =>
    json<{ data: { viewCount: number } }>(
      await community('127.0.8.1', `/api/community/questions/${questionId}`),
    ).data.viewCount;
  for (let i = 0; i < 30; i += 1)
    await community('127.0.8.2', `/api/community/questions/${questionId}/view`, {
      method: 'POST',
      headers: { 'user-agent': `Mozilla/5.0 (rotating ${i}; ${Math.random()})` },
    });
  const rotatingWithoutCookie = await questionViews();
  let kept: string | undefined;
  for (let i = 0; i < 30; i += 1) {
    const response = await community('127.0.8.3', `/api/community/questions/${questionId}/view`, {
      method: 'POST',
      headers: { 'user-agent': `Mozilla/5.0 (rotating ${i})`, ...(kept ? { cookie: kept } : {}) },
    });
    kept ??= cookieOf(response, 'pulse_community_sid');
  }
  const rotatingWithCookie = (await questionViews()) - rotatingWithoutCookie;

  // Trending: wait until its raw figures have every engagement content counted, then for a recompute.
  const counted = {
    ring: { ...(await contentCounts('ring')), views: ringViews },
    fresh: { ...(await contentCounts('fresh')), views: freshViews },
    aged: { ...(await contentCounts('aged')), views: agedViews },
  };
  const trendingGet = async <T>(path: string, headers: Record<string, string> = {}) =>
    json<T>(await sendFrom('127.0.0.1', `http://127.0.0.1:${ports[1]}${path}`, { headers }));
  const hot = async () => {
    const { articles: listed } = await trendingGet<TrendingListResponse>('/api/trending/hot-topics?limit=50');
    return Object.fromEntries(listed.map((article) => [article.id, article]));
  };
  const waitUntil = Date.now() + 60_000;
  let scores: Record<string, { hotScore: number; likesCount: number; sharesCount: number; views: number }> =
    {};
  let previous = '';
  for (;;) {
    scores = await hot();
    const caughtUp = (['ring', 'fresh', 'aged'] as const).every(
      (id) =>
        scores[id]?.likesCount === counted[id].likes &&
        scores[id]?.sharesCount === counted[id].shares &&
        scores[id]?.views === counted[id].views,
    );
    const snapshot = JSON.stringify(['ring', 'fresh', 'aged'].map((id) => scores[id]?.hotScore));
    if (caughtUp && snapshot === previous) break;
    previous = caughtUp ? snapshot : '';
    if (Date.now() > waitUntil)
      throw new Error(`trending did not catch up: ${JSON.stringify({ counted, scores })}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const figures = await trendingGet<{ articles?: unknown[] }>('/api/trending/admin/engagement?limit=50', {
    authorization: `Bearer ${SITE_ADMIN_TOKEN}`,
  }).catch(() => ({}));

  await site.close();
  process.stdout.write(
    `${JSON.stringify({
      free,
      counted,
      hot: Object.fromEntries(['ring', 'fresh', 'aged'].map((id) => [id, scores[id]?.hotScore ?? 0])),
      first: { firstClick: firstClick.likesCount, retried: retried.likesCount },
      questions: { rotatingWithoutCookie, rotatingWithCookie },
      trendingFigures: figures,
    })}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

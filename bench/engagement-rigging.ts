/**
 * Rigging benchmark (docs/abuse/engagement.md): how far a like/share/view burst from one network moves an
 * article's hot score, against the same volume from distinct, aged readers.
 *
 *   npm run bench:rigging
 *
 * Content, trending and community are built as the site runs them (createServiceApp on embedded adapters,
 * one in-process bus; test/system/abuse/engagement-site.ts) on one settable clock, and driven over HTTP
 * (fastify injection, each request from the client address it names). Three articles are published at
 * the same instant and get, over the next 50 minutes, the same organic engagement: BENCH_ORGANIC_VIEWS
 * (100) views, 4 % of them likes and 1 % shares, each from its own reader on its own IPv4 network with a
 * session issued a day before. On top of that:
 *
 * - attacked: a burst at 10× that rate from one IPv6 /64 (random addresses in it), each view, like and
 *   share by a script's session fetched just before (the row 'fresh sessions'), or by sessions the
 *   script fetched a day before from that /64 (the row 'aged sessions');
 * - reference: the same volume from distinct, aged readers on distinct networks.
 *
 * Figure: the attack's share of the reference's effect, (hot(attacked) − hot(organic)) / (hot(reference) −
 * hot(organic)); the aim is at most 10 %. Also shown: that share with content's caps only (the hot
 * score of trending's raw figures), and that the organic article's counted figures equal its raw ones.
 */
import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TestClock } from '@pulse/testing';
import { hotScore } from '@pulse/trending/src/scoring';
// The benchmark measures the site the abuse suite plays against, so it starts the same one (Nx counts the
// test project an application, which its rule forbids importing; nothing ships from either).
// eslint-disable-next-line @nx/enforce-module-boundaries
import {
  SITE_ADMIN_TOKEN,
  startEngagementSite,
  type EngagementSite,
} from '@pulse/system-tests/system/abuse/engagement-site';

const ORGANIC_VIEWS = Number(process.env.BENCH_ORGANIC_VIEWS ?? 100);
const BURST_FACTOR = 10;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

interface Volume {
  views: number;
  likes: number;
  shares: number;
}
const organic: Volume = {
  views: ORGANIC_VIEWS,
  likes: Math.round(ORGANIC_VIEWS * 0.04),
  shares: Math.max(1, Math.round(ORGANIC_VIEWS * 0.01)),
};
const burst: Volume = {
  views: organic.views * BURST_FACTOR,
  likes: organic.likes * BURST_FACTOR,
  shares: organic.shares * BURST_FACTOR,
};

interface Figures {
  articleId: string;
  hotScore: number;
  raw: Volume;
  counted: Volume;
}

class Driver {
  private network = 0;

  constructor(
    private readonly site: EngagementSite,
    private readonly clock: TestClock,
  ) {}

  /** A distinct IPv4 network per reader (10.0.0.0/8 has room for every reader of the bench). */
  nextNetwork(): string {
    this.network += 1;
    return `10.${(this.network >> 16) & 255}.${(this.network >> 8) & 255}.${this.network & 255}`;
  }

  async session(from: string): Promise<string> {
    const response = await this.site.content.inject({
      method: 'GET',
      url: '/api/interactions/status/none',
      remoteAddress: from,
    });
    const cookie = ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .find((value) => value.startsWith('pulse_sid='));
    if (!cookie) throw new Error('no session issued');
    return cookie.split(';')[0];
  }

  async act(kind: keyof Volume, articleId: string, from: string, cookie: string): Promise<number> {
    const app: NestFastifyApplication = this.site.content;
    const headers = { cookie };
    const response =
      kind === 'views'
        ? await app.inject({
            method: 'POST',
            url: `/api/articles/${articleId}/view`,
            headers,
            remoteAddress: from,
          })
        : kind === 'likes'
          ? await app.inject({
              method: 'POST',
              url: '/api/interactions/like',
              headers,
              remoteAddress: from,
              payload: { contentId: articleId, contentType: 'article' },
            })
          : await app.inject({
              method: 'POST',
              url: `/api/articles/${articleId}/share`,
              headers,
              remoteAddress: from,
              payload: { platform: 'twitter' },
            });
    return response.statusCode;
  }

  /** Sessions issued a day before `at`, one per reader, each on `network()`. */
  async agedReaders(count: number, network: () => string, at: number) {
    const now = this.clock.now();
    this.clock.set(at - DAY_MS);
    const readers = [];
    for (let i = 0; i < count; i += 1) {
      const from = network();
      readers.push({ from, cookie: await this.session(from) });
    }
    this.clock.set(now);
    return readers;
  }
}

/** `volume` spread evenly over the steps' minutes: one reader per view, the first ones also like and share. */
function plan(volume: Volume): Array<Array<keyof Volume>> {
  return Array.from({ length: volume.views }, (_, i) => [
    'views' as const,
    ...(i < volume.likes ? (['likes'] as const) : []),
    ...(i < volume.shares ? (['shares'] as const) : []),
  ]);
}

async function figures(site: EngagementSite): Promise<Map<string, Figures>> {
  const response = await site.trending.inject({
    method: 'GET',
    url: '/api/trending/admin/engagement?limit=50',
    headers: { authorization: `Bearer ${SITE_ADMIN_TOKEN}` },
  });
  const { articles } = response.json<{ articles: Figures[] }>();
  return new Map(articles.map((article) => [article.articleId, article]));
}

async function scenario(attack: 'fresh sessions' | 'aged sessions') {
  // The start of an hour plus a minute: the whole run stays in one of the filter's hour windows.
  const start = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3 * 3_600_000 + MINUTE_MS;
  const clock = new TestClock(start);
  const site = await startEngagementSite({ clock });
  try {
    const driver = new Driver(site, clock);
    const ids = { organic: 'organic', attacked: 'attacked', reference: 'reference' };
    await site.publish(Object.values(ids), start);
    const ringPrefix = `2001:db8:${randomBytes(2).toString('hex')}:1`;
    const ringAddress = () =>
      `${ringPrefix}:${[0, 1, 2, 3].map(() => randomBytes(2).toString('hex')).join(':')}`;
    const organicPlan = plan(organic);
    const burstPlan = plan(burst);
    // Readers: per article its own organic audience; the reference's and, for that row, the attacker's
    // sessions a day old.
    const audiences = {
      organic: await driver.agedReaders(organicPlan.length, () => driver.nextNetwork(), start),
      attacked: await driver.agedReaders(organicPlan.length, () => driver.nextNetwork(), start),
      reference: await driver.agedReaders(organicPlan.length, () => driver.nextNetwork(), start),
    };
    const referenceBurst = await driver.agedReaders(burstPlan.length, () => driver.nextNetwork(), start);
    const agedRing =
      attack === 'aged sessions' ? await driver.agedReaders(burstPlan.length, ringAddress, start) : [];
    // Wait until content has published all three (article.translated → article.published).
    for (const id of Object.values(ids))
      for (
        let tries = 0;
        (await site.content.inject({ url: `/api/articles/${id}` })).statusCode !== 200;
        tries += 1
      ) {
        if (tries > 600) throw new Error(`article ${id} not published`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }

    const statuses = new Map<number, number>();
    const note = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    // 50 minutes, organic engagement spread evenly, the burst alongside.
    const steps = 50;
    for (let step = 0; step < steps; step += 1) {
      clock.set(start + (step + 1) * MINUTE_MS);
      const slice = <T>(list: T[]) =>
        list.slice(Math.floor((list.length * step) / steps), Math.floor((list.length * (step + 1)) / steps));
      for (const id of Object.values(ids))
        for (const [index, kinds] of organicPlan.entries())
          if (Math.floor((index * steps) / organicPlan.length) === step)
            for (const kind of kinds)
              await driver.act(
                kind,
                id,
                audiences[id as keyof typeof audiences][index].from,
                audiences[id as keyof typeof audiences][index].cookie,
              );
      const burstIndexes = slice(burstPlan.map((_, index) => index));
      for (const index of burstIndexes) {
        const reference = referenceBurst[index];
        for (const kind of burstPlan[index])
          await driver.act(kind, ids.reference, reference.from, reference.cookie);
        const attacker =
          agedRing[index] ??
          (await (async () => {
            const from = ringAddress();
            return { from, cookie: await driver.session(from) };
          })());
        for (const kind of burstPlan[index])
          note(await driver.act(kind, ids.attacked, attacker.from, attacker.cookie));
      }
    }
    // Trending has taken everything content counted once its raw figures stop moving and a pass has
    // scored them (the debounce pass follows the last batch).
    let last = '';
    let result = new Map<string, Figures>();
    for (let tries = 0; ; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      result = await figures(site);
      const snapshot = JSON.stringify([...result.values()]);
      if (snapshot === last && result.size === 3) break;
      last = snapshot;
      if (tries > 240) throw new Error('trending did not settle');
    }
    const hot = (id: string) => result.get(id)!.hotScore;
    const rawHot = (id: string) => hotScore(result.get(id)!.raw, start, clock.now());
    const share = (score: (id: string) => number) =>
      (score(ids.attacked) - score(ids.organic)) / (score(ids.reference) - score(ids.organic));
    return {
      attack,
      organic: result.get(ids.organic)!,
      attacked: result.get(ids.attacked)!,
      reference: result.get(ids.reference)!,
      share: share(hot),
      shareCapsOnly: share(rawHot),
      attackStatuses: Object.fromEntries(statuses),
    };
  } finally {
    await site.close();
  }
}

const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
const volume = (v: Volume) => `${v.views} / ${v.likes} / ${v.shares}`;
const rounded = (v: Volume) => `${v.views.toFixed(1)} / ${v.likes.toFixed(1)} / ${v.shares.toFixed(1)}`;

async function main() {
  const rows = [];
  for (const attack of ['fresh sessions', 'aged sessions'] as const) rows.push(await scenario(attack));
  console.log(
    `Organic per article: ${volume(organic)} (views / likes / shares) in 50 minutes; burst: ${volume(burst)} (${BURST_FACTOR}×).\n`,
  );
  console.log(
    '| attack from one /64 | hot organic | hot attacked | hot reference | attack ÷ reference (filter + caps) | caps only | attacked raw → counted | organic raw → counted |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- | --- |');
  for (const row of rows)
    console.log(
      `| ${row.attack} | ${row.organic.hotScore} | ${row.attacked.hotScore} | ${row.reference.hotScore} | ${pct(row.share)} | ${pct(row.shareCapsOnly)} | ${volume(row.attacked.raw)} → ${rounded(row.attacked.counted)} | ${volume(row.organic.raw)} → ${rounded(row.organic.counted)} |`,
    );
  console.log(
    `\nHTTP answers to the attack's requests: ${rows.map((row) => `${row.attack}: ${JSON.stringify(row.attackStatuses)}`).join('; ')}`,
  );
  const failed = rows.filter(
    (row) =>
      row.share > 0.1 ||
      row.organic.counted.views !== row.organic.raw.views ||
      row.organic.raw.views !== organic.views ||
      row.organic.raw.likes !== organic.likes ||
      row.organic.raw.shares !== organic.shares,
  );
  if (failed.length > 0) {
    console.error(`FAILED: ${failed.map((row) => row.attack).join(', ')}`);
    process.exitCode = 1;
  }
}

void main();

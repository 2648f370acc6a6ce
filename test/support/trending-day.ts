import {
  buildEnvelope,
  TOPICS,
  type ArticleEngagedPayload,
  type ArticlePublishedPayload,
  type EventEnvelope,
} from '@pulse/contracts';
import { seededRandom } from '@pulse/testing';

/**
 * A scripted day of engagement for the trending service (the trending simulation specs of test/system run it): deterministic
 * for a seed, so the expected orders are known before the service computes anything.
 *
 * `now` is the end of the simulated day. 500 articles are published over the 24 hours before it
 * (news ~60 %, insight ~25 %, analysis ~15 %), each with a long-tailed audience (log-normal, gathered
 * with a 6 h half-life after publication, likes 2–5 % and shares 0.5–1 % of views, a few likes
 * withdrawn by an unlike). Over that background sit the known bursts:
 *
 * - hot H1…H5: published 3 h to 5 h before `now`, H1 the youngest, with heavy traffic front-loaded after
 *   publication (half-life 45 min) and strictly decreasing views, likes and shares from H1 to H5. Each
 *   is younger than the next and has more of every kind of engagement, so any score that rises with
 *   engagement and decays with age orders them H1 > … > H5; they dwarf the background (whose audience
 *   is capped), so they are the top five of hot-topics. Types: news, insight, news, analysis, news.
 * - rising R1…R3: published 14–16 h before `now`, quiet (a few views, none in the last 2 h) until a burst
 *   in the last 30 minutes (240, 160, 90 views; 2, 4, 6 views in the half hour before). Views in the last
 *   hour, views in the last 30 minutes and their share all decrease from R1 to R3. Types: analysis,
 *   news, insight.
 * - week leader W (analysis): published 4 days before `now`, more views, likes and shares than anything
 *   else in the week, all of them 3–4 days ago: first of popular week (and second of month), absent from
 *   day, which H1…H5 lead.
 * - month leader M (insight): published 20 days before `now`, more than W, all 18–20 days ago: first of
 *   popular month only.
 *
 * Every event keeps clear of the window edges the service measures (24 h, 7 d, 30 d, 60 and 30 minutes,
 * an article's 30th minute) by several minutes, so a service clock a minute or two past `now` (the
 * local-stack spec runs on the real clock) sees the same windows. No background article gets 15 views
 * in the last hour (the rising rule's floor), so the rising list is exactly R1…R3.
 */

export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;
const DAY_MS = 24 * HOUR_MS;

export type ContentType = 'news' | 'insight' | 'analysis';
export type ArticleRole = 'background' | 'hot' | 'rising' | 'week-leader' | 'month-leader';

export interface ScriptedArticle {
  id: string;
  type: ContentType;
  role: ArticleRole;
  publishedAtMs: number;
}

export interface Totals {
  views: number;
  likes: number;
  shares: number;
}

export interface PeriodExpectation {
  totalArticles: number;
  totalViews: number;
  /** Articles published per Asia/Seoul day (yyyy-MM-dd), days without any left out. */
  dailyTrends: Record<string, number>;
}

export interface ScriptedDayExpectations {
  /** Top of hot-topics, in order (H1…H5). */
  hot: string[];
  /** Top of hot-topics?type=…, in order. */
  hotByType: Record<ContentType, string[]>;
  /** The whole rising list, in order (R1…R3). */
  rising: string[];
  /** Top of popular?period=…, in order. */
  popular: Record<'day' | 'week' | 'month', string[]>;
  /** Top of popular?period=…&type=…, in order. */
  popularByType: Record<'day' | 'week' | 'month', Record<ContentType, string[]>>;
  stats: Record<'day' | 'week' | 'month', PeriodExpectation>;
}

export interface ScriptedDay {
  nowMs: number;
  articles: ScriptedArticle[];
  published: Array<EventEnvelope<ArticlePublishedPayload>>;
  /** In occurredAt order. */
  engaged: Array<EventEnvelope<ArticleEngagedPayload>>;
  /** Net per article: likes minus unlikes. */
  totals: Map<string, Totals>;
  expected: ScriptedDayExpectations;
  counts: { views: number; likes: number; unlikes: number; shares: number };
}

export interface ScriptedDayOptions {
  /** End of the simulated day (ms since the epoch). */
  nowMs: number;
  seed?: number;
  /** Articles published in the day, bursts included. Default 500. */
  articles?: number;
  /** Median eventual audience of a background article. Default 40 (about 22,000 background views). */
  medianViews?: number;
  /**
   * Multiplies the hot bursts', the leaders' and the background cap's audiences (not the rising bursts',
   * which the rising badge needs), for a smaller day on a slower stack. Default 1; at least 0.4, below
   * which R1 would outview H5.
   */
  scale?: number;
  /** Prefix of article ids, envelope ids and session keys: a run on a shared broker passes its own. */
  idPrefix?: string;
}

const SHARE_PLATFORMS = ['facebook', 'twitter', 'telegram', 'linkedin', 'copy-link', 'native'] as const;
const CATEGORIES = ['gen-ai', 'blockchain', 'big-tech'] as const;

/** yyyy-MM-dd in Asia/Seoul (UTC+9, no daylight saving). */
export const seoulDate = (ms: number): string => new Date(ms + 9 * HOUR_MS).toISOString().slice(0, 10);

interface PlannedEvent {
  articleId: string;
  kind: 'view' | 'like' | 'unlike' | 'share';
  atMs: number;
  session: string;
  platform?: (typeof SHARE_PLATFORMS)[number];
}

const HOT = [
  { ageH: 3, views: 1500, type: 'news' },
  { ageH: 3.5, views: 1300, type: 'insight' },
  { ageH: 4, views: 1100, type: 'news' },
  { ageH: 4.5, views: 900, type: 'analysis' },
  { ageH: 5, views: 700, type: 'news' },
] as const;
const RISING = [
  { ageH: 14, quiet: 24, before: 2, recent: 240, type: 'analysis' },
  { ageH: 15, quiet: 22, before: 4, recent: 160, type: 'news' },
  { ageH: 16, quiet: 20, before: 6, recent: 90, type: 'insight' },
] as const;
const WEEK_LEADER = { ageDays: 4, views: 1800, type: 'analysis' } as const;
const MONTH_LEADER = { ageDays: 20, views: 2100, type: 'insight' } as const;
/** Background audiences are capped so no background article reaches H5 in any count. */
const BACKGROUND_CAP = 400;
/** At most this many background views in the last hour (the rising rule needs 15). */
const BACKGROUND_LAST_HOUR_CAP = 12;

export function scriptedDay(options: ScriptedDayOptions): ScriptedDay {
  const nowMs = Math.floor(options.nowMs / MINUTE_MS) * MINUTE_MS;
  const seed = options.seed ?? 20_260_505;
  const total = options.articles ?? 500;
  const medianViews = options.medianViews ?? 40;
  const prefix = options.idPrefix ?? 'sim-';
  const scale = options.scale ?? 1;
  const scaled = (views: number) => Math.round(views * scale);
  const next = seededRandom(seed);
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)];

  const articles: ScriptedArticle[] = [];
  const events: PlannedEvent[] = [];
  let sessions = 0;
  const session = () =>
    `${prefix}session-${(sessions++).toString(36).padStart(10, '0')}`.replace(/[^A-Za-z0-9_-]/g, '_');

  /** A view with its likes, unlikes and shares from the same reader, all before the end of the day. */
  const engage = (articleId: string, atMs: number, likeRate: number, shareRate: number, unlikeRate = 0) => {
    const reader = session();
    events.push({ articleId, kind: 'view', atMs, session: reader });
    const later = (ms: number) => Math.min(atMs + ms, nowMs - 2 * MINUTE_MS);
    if (next() < likeRate) {
      const likedAt = later(Math.floor(next() * 3) * MINUTE_MS);
      events.push({ articleId, kind: 'like', atMs: likedAt, session: reader });
      if (next() < unlikeRate)
        events.push({
          articleId,
          kind: 'unlike',
          atMs: Math.max(likedAt, later(5 * MINUTE_MS)),
          session: reader,
        });
    }
    if (next() < shareRate)
      events.push({
        articleId,
        kind: 'share',
        atMs: later(Math.floor(next() * 4) * MINUTE_MS),
        session: reader,
        platform: pick(SHARE_PLATFORMS),
      });
  };
  /** Exact counts for the bursts: the first `likes` readers like, every `views/shares`-th shares. */
  const engageExactly = (articleId: string, times: number[], likes: number, shares: number) => {
    times.forEach((atMs, index) => {
      const reader = session();
      events.push({ articleId, kind: 'view', atMs, session: reader });
      if (index % Math.floor(times.length / likes) === 0 && index / Math.floor(times.length / likes) < likes)
        events.push({ articleId, kind: 'like', atMs, session: reader });
      if (
        index % Math.floor(times.length / shares) === 0 &&
        index / Math.floor(times.length / shares) < shares
      )
        events.push({
          articleId,
          kind: 'share',
          atMs,
          session: reader,
          platform: SHARE_PLATFORMS[index % 6],
        });
    });
  };
  /** n times between from and to, denser early (exponential with the half-life), deterministic quantiles. */
  const frontLoaded = (n: number, fromMs: number, toMs: number, halfLifeMs: number) => {
    const mass = 1 - Math.pow(0.5, (toMs - fromMs) / halfLifeMs);
    return Array.from({ length: n }, (_, k) =>
      Math.floor(fromMs - halfLifeMs * Math.log2(1 - ((k + 0.5) / n) * mass)),
    );
  };
  const spread = (n: number, fromMs: number, toMs: number) =>
    Array.from({ length: n }, (_, k) => Math.floor(fromMs + ((k + 0.5) / n) * (toMs - fromMs)));
  const add = (role: ArticleRole, type: ContentType, publishedAtMs: number) => {
    const article: ScriptedArticle = {
      id: `${prefix}a${String(articles.length).padStart(4, '0')}`,
      type,
      role,
      publishedAtMs,
    };
    articles.push(article);
    return article;
  };

  /** A burst's event moved out of the 4 minutes either side of the 30- and 60-minute window edges. */
  const clearOfEdges = (atMs: number) => {
    for (const edge of [30 * MINUTE_MS, HOUR_MS])
      if (Math.abs(nowMs - atMs - edge) < 4 * MINUTE_MS) return nowMs - edge - 5 * MINUTE_MS;
    return atMs;
  };
  const hot = HOT.map((spec) => {
    const article = add('hot', spec.type, nowMs - spec.ageH * HOUR_MS);
    const views = scaled(spec.views);
    const times = frontLoaded(
      views,
      article.publishedAtMs + MINUTE_MS,
      nowMs - 3 * MINUTE_MS,
      45 * MINUTE_MS,
    );
    engageExactly(article.id, times.map(clearOfEdges), Math.round(views * 0.05), Math.round(views * 0.015));
    return article;
  });
  const rising = RISING.map((spec) => {
    const article = add('rising', spec.type, nowMs - spec.ageH * HOUR_MS);
    const quiet = spread(spec.quiet, article.publishedAtMs + 10 * MINUTE_MS, nowMs - 3 * HOUR_MS);
    const before = spread(spec.before, nowMs - 52 * MINUTE_MS, nowMs - 38 * MINUTE_MS);
    const recent = spread(spec.recent, nowMs - 25 * MINUTE_MS, nowMs - 3 * MINUTE_MS);
    engageExactly(
      article.id,
      [...quiet, ...before, ...recent],
      Math.round(spec.recent * 0.04),
      Math.round(spec.recent * 0.01),
    );
    return article;
  });
  const leader = (role: ArticleRole, spec: { ageDays: number; views: number; type: ContentType }) => {
    const article = add(role, spec.type, nowMs - spec.ageDays * DAY_MS);
    const views = scaled(spec.views);
    const times = frontLoaded(
      views,
      article.publishedAtMs + MINUTE_MS,
      article.publishedAtMs + 36 * HOUR_MS,
      6 * HOUR_MS,
    );
    engageExactly(article.id, times, Math.round(views * 0.05), Math.round(views * 0.015));
    return article;
  };
  const week = leader('week-leader', WEEK_LEADER);
  const month = leader('month-leader', MONTH_LEADER);

  // Background: published evenly at random over the day, clear of the edges (24 h ago, an age of 30 min).
  const backgroundCount = total - hot.length - rising.length;
  for (let i = 0; i < backgroundCount; i++) {
    let publishedAtMs: number;
    do publishedAtMs = nowMs - 23.9 * HOUR_MS + Math.floor(next() * (23.9 * HOUR_MS - 5 * MINUTE_MS));
    while (Math.abs(nowMs - publishedAtMs - 30 * MINUTE_MS) < 5 * MINUTE_MS);
    const roll = next();
    const type: ContentType = roll < 0.6 ? 'news' : roll < 0.85 ? 'insight' : 'analysis';
    const article = add('background', type, publishedAtMs);
    const eventual = Math.min(BACKGROUND_CAP * scale, medianViews * Math.exp(gaussian()));
    const halfLife = 6 * HOUR_MS;
    const reached = 1 - Math.pow(0.5, (nowMs - publishedAtMs) / halfLife);
    const views = Math.round(eventual * reached);
    const likeRate = 0.02 + next() * 0.03;
    const shareRate = 0.005 + next() * 0.005;
    let lastHour = 0;
    for (let v = 0; v < views; v++) {
      const atMs = Math.floor(publishedAtMs - halfLife * Math.log2(1 - next() * reached));
      const age = nowMs - atMs;
      if (age < 3 * MINUTE_MS) continue; // the end of the day is clear of events
      // Clear of the 30- and 60-minute edges, and never 15 views in the last hour.
      if (Math.abs(age - 30 * MINUTE_MS) < 4 * MINUTE_MS || Math.abs(age - HOUR_MS) < 4 * MINUTE_MS) continue;
      if (age < HOUR_MS && ++lastHour > BACKGROUND_LAST_HOUR_CAP) continue;
      engage(article.id, Math.max(atMs, publishedAtMs + MINUTE_MS), likeRate, shareRate, 0.05);
    }
  }

  events.sort((a, b) => a.atMs - b.atMs);
  const iso = (ms: number) => new Date(ms).toISOString();
  const published = articles.map((article, index) =>
    buildEnvelope(
      TOPICS.articlePublished,
      {
        id: article.id,
        type: article.type,
        title: `시뮬레이션 기사 ${index + 1} (${article.role})`,
        summary: `${article.type} 기사 요약 ${index + 1}`,
        categories: [CATEGORIES[index % 3]],
        tags: ['trending-sim'],
        publishedAt: iso(article.publishedAtMs),
        url: `/news/${article.id}`,
        imageUrl: null,
      },
      { source: 'content', id: `${prefix}pub-${article.id}`, occurredAt: iso(article.publishedAtMs) },
    ),
  );
  const engaged = events.map((event, index) =>
    buildEnvelope(
      TOPICS.articleEngaged,
      event.kind === 'share'
        ? {
            articleId: event.articleId,
            kind: 'share',
            platform: event.platform!,
            sessionKey: event.session,
            occurredAt: iso(event.atMs),
          }
        : {
            articleId: event.articleId,
            kind: event.kind,
            sessionKey: event.session,
            occurredAt: iso(event.atMs),
          },
      { source: 'content', id: `${prefix}eng-${index}`, occurredAt: iso(event.atMs) },
    ),
  );

  const totals = new Map<string, Totals>(
    articles.map((article) => [article.id, { views: 0, likes: 0, shares: 0 }]),
  );
  const counts = { views: 0, likes: 0, unlikes: 0, shares: 0 };
  for (const event of events) {
    const entry = totals.get(event.articleId)!;
    if (event.kind === 'view') entry.views++;
    else if (event.kind === 'like') entry.likes++;
    else if (event.kind === 'unlike') entry.likes--;
    else entry.shares++;
    counts[
      event.kind === 'view'
        ? 'views'
        : event.kind === 'like'
          ? 'likes'
          : event.kind === 'unlike'
            ? 'unlikes'
            : 'shares'
    ]++;
  }

  const inPeriod = (days: number) =>
    articles.filter((article) => nowMs - article.publishedAtMs < days * DAY_MS);
  const ofType = (ids: string[], type: ContentType) =>
    ids.filter((id) => articles.find((article) => article.id === id)!.type === type);
  const ids = (list: ScriptedArticle[]) => list.map((article) => article.id);
  const popular = {
    day: ids(hot),
    week: [week.id, ...ids(hot)],
    month: [month.id, week.id, ...ids(hot)],
  };
  const byType = (list: string[]) => ({
    news: ofType(list, 'news'),
    insight: ofType(list, 'insight'),
    analysis: ofType(list, 'analysis'),
  });
  const period = (days: number): PeriodExpectation => {
    const list = inPeriod(days);
    const dailyTrends: Record<string, number> = {};
    for (const article of list)
      dailyTrends[seoulDate(article.publishedAtMs)] =
        (dailyTrends[seoulDate(article.publishedAtMs)] ?? 0) + 1;
    return {
      totalArticles: list.length,
      totalViews: list.reduce((sum, article) => sum + totals.get(article.id)!.views, 0),
      dailyTrends,
    };
  };
  const day: ScriptedDay = {
    nowMs,
    articles,
    published,
    engaged,
    totals,
    counts,
    expected: {
      hot: ids(hot),
      hotByType: byType(ids(hot)),
      rising: ids(rising),
      popular,
      popularByType: { day: byType(popular.day), week: byType(popular.week), month: byType(popular.month) },
      stats: { day: period(1), week: period(7), month: period(30) },
    },
  };
  checkScript(day);
  return day;
}

/**
 * The script's own guarantees, checked on what it generated (a seed or option change that breaks one
 * fails here, not as a puzzling service failure): each leader beats every article it must beat in views,
 * likes and shares; each hot burst outscores every background article by a wide margin under two
 * gravity formulas; no background article is rising.
 */
function checkScript(day: ScriptedDay): void {
  const { totals, articles, nowMs, expected } = day;
  const dominates = (a: string, b: string) => {
    const [x, y] = [totals.get(a)!, totals.get(b)!];
    return x.views > y.views && x.likes > y.likes && x.shares > y.shares;
  };
  const fail = (message: string) => {
    throw new Error(`scripted day: ${message}`);
  };
  for (const list of Object.values(expected.popular)) {
    for (let i = 0; i + 1 < list.length; i++)
      if (!dominates(list[i], list[i + 1])) fail(`${list[i]} does not lead ${list[i + 1]}`);
    for (const article of articles)
      if (
        !list.includes(article.id) &&
        article.role !== 'month-leader' &&
        article.role !== 'week-leader' &&
        !dominates(list[list.length - 1], article.id)
      )
        fail(`${list[list.length - 1]} does not lead ${article.id}`);
  }
  const byId = new Map(articles.map((article) => [article.id, article]));
  for (const gravity of [1.5, 1.8]) {
    const score = (id: string) => {
      const t = totals.get(id)!;
      const ageH = (nowMs - byId.get(id)!.publishedAtMs) / HOUR_MS;
      return (t.views + 3 * t.likes + 5 * t.shares) / Math.pow(ageH + 2, gravity);
    };
    const weakestHot = Math.min(...expected.hot.map(score));
    const strongestOther = Math.max(...articles.filter((a) => a.role !== 'hot').map((a) => score(a.id)));
    if (weakestHot < 2 * strongestOther) fail(`hot bursts do not clearly lead (gravity ${gravity})`);
  }
  const lastHour = new Map<string, number>();
  for (const event of day.engaged)
    if (event.payload.kind === 'view' && nowMs - Date.parse(event.payload.occurredAt) < HOUR_MS)
      lastHour.set(event.payload.articleId, (lastHour.get(event.payload.articleId) ?? 0) + 1);
  for (const article of articles)
    if (article.role === 'background' && (lastHour.get(article.id) ?? 0) >= 15)
      fail(`${article.id} would be rising`);
}

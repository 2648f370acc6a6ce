import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadDemoAnalyses } from '@pulse/content/src/tech-analysis/demo/demo-analyses';
import type { NewsListResponse, SearchResponse, TechAnalysisListResponse } from '@pulse/contracts';
import { eventually } from '@pulse/testing/src/eventually';
import { loadDemoCorpus, SAMPLE_TAG, type DemoArticle } from '@pulse/translation/src/demo/demo-corpus';
import { freePort, REPO_ROOT, startTs, type RunningProcess, untilReady } from '../../support/processes';

/**
 * What `npm start` serves: the whole site in one process, its settings `npm start`'s, its code compiled
 * as the production image runs it (./build-site.ts, the suite's global setup, names the build startTs uses).
 */
export interface Site {
  base: string;
  /** PULSE_DATA_DIR of the site: each service's embedded data lives in <dataDir>/<service>/. */
  dataDir: string;
  /** The Korean sample articles the translation service publishes into the empty store. */
  corpus: readonly DemoArticle[];
  url(pathname: string): string;
  /** GET (or another method) on the site's public API, as JSON; a non-2xx answer throws with its body. */
  api<T>(pathname: string, init?: RequestInit): Promise<T>;
  output(): string;
  stop(): Promise<void>;
}

const BUILT_STAMPS = [
  'frontends/shell/dist/index.html',
  ...['news', 'trending', 'tech-analysis', 'qa'].map((remote) => `frontends/${remote}/dist/mf-manifest.json`),
];

/** `env`: settings of this site beyond `npm start`'s (an LLM, an admin token), for the specs that need them. */
export async function startSite(env: Record<string, string> = {}): Promise<Site> {
  const missing = BUILT_STAMPS.filter((stamp) => !existsSync(path.join(REPO_ROOT, stamp)));
  if (missing.length > 0)
    throw new Error(
      `front ends are not built (missing ${missing.join(', ')}): run \`bash frontends/build-all.sh\` (npm test does)`,
    );

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-e2e-'));
  const site: RunningProcess = startTs('embedded/src/main.ts', {
    PORT: String(port),
    // Where readers reach it: events and feeds name images and links under it (a generated article image
    // in trending's lists, say), so they must point at this site, not at `npm start`'s default port.
    PUBLIC_SITE_URL: base,
    PULSE_DATA_DIR: dataDir,
    DEMO_CORPUS: 'true',
    // Every browser of the suite is one anonymous reader on 127.0.0.1, loading pages far faster than a
    // person would: the gateway's per-identity and per-IP budgets (60 writes, 600 reads a minute) are
    // for people. Everything else stays at the `npm start` defaults.
    RATE_LIMIT_READ_PER_MIN: '1000000',
    RATE_LIMIT_WRITE_PER_MIN: '1000000',
    // Likewise the community's caps per address (new identities, posts): every browser here is 127.0.0.1.
    COMMUNITY_IDENTITIES_PER_IP_HOUR: '1000',
    COMMUNITY_POSTS_PER_IP_10MIN: '1000',
    // And the engagement caps per network and trending's filter of bursts from one network: every reader
    // here shares 127.0.0.1 (docs/abuse/engagement.md).
    CONTENT_VIEWS_PER_NETWORK_ARTICLE_HOUR: '1000000',
    CONTENT_LIKES_PER_NETWORK_ARTICLE_HOUR: '1000000',
    CONTENT_SHARES_PER_NETWORK_ARTICLE_HOUR: '1000000',
    TRENDING_FILTER_NETWORK_FREE: '10000',
    TRENDING_FILTER_NEW_SESSION_MINUTES: '0',
    ...env,
  });

  const api = async <T>(pathname: string, init?: RequestInit): Promise<T> => {
    const response = await fetch(base + pathname, init);
    const body = await response.text();
    if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${pathname}: ${response.status} ${body}`);
    return (body ? JSON.parse(body) : undefined) as T;
  };
  const stop = async () => {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };

  const corpus = loadDemoCorpus();
  try {
    await untilReady(site, base, { timeoutMs: 90_000 });
    await waitForDemoContent(api, corpus);
  } catch (error) {
    await stop();
    throw error;
  }

  return { base, dataDir, corpus, url: (pathname) => base + pathname, api, output: site.output, stop };
}

/**
 * The corpus flows translation → bus → content after start: wait until every sample is listed and
 * searchable, and every sample analysis is there, so each page shows the same, complete data.
 */
async function waitForDemoContent(api: Site['api'], corpus: readonly DemoArticle[]): Promise<void> {
  const expected = {
    news: corpus.filter((a) => a.contentType === 'news').length,
    insights: corpus.filter((a) => a.contentType === 'insight').length,
    searchable: corpus.length,
    analyses: loadDemoAnalyses().length,
  };
  await eventually(
    async () => {
      const [news, insights, tagged, analyses] = await Promise.all([
        api<NewsListResponse>('/api/content/news?limit=50&offset=0'),
        api<NewsListResponse>('/api/content/insights?limit=50&offset=0'),
        api<SearchResponse>(`/api/articles/search?tag=${encodeURIComponent(SAMPLE_TAG)}`),
        api<TechAnalysisListResponse>('/api/tech-analysis?page=1&limit=50&lang=ko'),
      ]);
      const seen = {
        news: news.articles.length,
        insights: insights.articles.length,
        searchable: tagged.total,
        analyses: analyses.analyses.length,
      };
      if (JSON.stringify(seen) !== JSON.stringify(expected))
        throw new Error(`demo content not all published yet: ${JSON.stringify(seen)}`);
    },
    { timeoutMs: 90_000, intervalMs: 250 },
  );
}

/** 'yyyy년 MM월 dd일' in Seoul time, as the site shows dates (docs/spec-content.md §9). */
export function koreanDate(iso: string): string {
  const { year, month, day } = seoulParts(iso);
  return `${year}년 ${month}월 ${day}일`;
}

/** 'MM/dd' in Seoul time (related articles). */
export function shortDate(iso: string): string {
  const { month, day } = seoulParts(iso);
  return `${month}/${day}`;
}

function seoulParts(iso: string): Record<'year' | 'month' | 'day', string> {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { year: part('year'), month: part('month'), day: part('day') };
}

/**
 * Views of an article by `readers` different anonymous readers, the way trending gets its numbers: through
 * the public API. Each reader's first request gets its session (counted: false, docs/abuse/engagement.md)
 * and the view sent again with that cookie counts, as the front end's API client does.
 */
export async function recordViews(site: Site, articleId: string, readers: number): Promise<void> {
  const url = `${site.base}/api/articles/${encodeURIComponent(articleId)}/view`;
  for (let reader = 0; reader < readers; reader += 1) {
    const first = await fetch(url, { method: 'POST' });
    const cookie = first.headers.getSetCookie().find((value) => value.startsWith('pulse_sid='));
    const { counted } = (await (
      await fetch(url, { method: 'POST', headers: { cookie: cookie?.split(';')[0] ?? '' } })
    ).json()) as { counted: boolean };
    if (!counted) throw new Error(`a new reader's view of ${articleId} was not counted`);
  }
}

import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { eventually } from '@pulse/testing/src/eventually';
import {
  askQuestion,
  newestNews,
  newestStory,
  PAGE_PATHS,
  QUESTION_CONTENT,
  QUESTION_TITLE,
  type SiteApi,
} from '@pulse/testing/src/page-types';
import type { Browser, Page, Request } from 'playwright-core';
import { openPage } from '../../support/browser';
import type { Site } from './site';

/**
 * How much JavaScript a page costs before the reader does anything (docs/benchmarks.md 'Front-end page speed'): every
 * script response of a cold load (fresh browser context, empty cache) at the desktop width, from navigation
 * until the page's main content is shown and no script request has started for QUIET_MS, without scrolling
 * or clicking. What loads on scroll (below-the-fold sections) or on a click (the assistant panel) is not
 * counted, as the reader has not asked for it yet; what loads on its own once the page is shown is.
 * Each response's body is compressed with brotli at quality 11, as frontends/scripts/precompress.js writes
 * the .br copies the gateway sends.
 */

/** Long enough for a chunk one render after the content to start; the pages poll nothing this often. */
const QUIET_MS = 1_500;

export interface PageType {
  /** A name for tables and test titles. */
  name: string;
  /** The URL to open, found from the site's own API. */
  path(site: SiteApi): Promise<string>;
  /** Resolves when the page's main content is on screen. */
  shown(page: Page, site: SiteApi): Promise<void>;
}

export interface ScriptLoad {
  url: string;
  bytes: number;
  brotliBytes: number;
}

export interface PageJs {
  page: string;
  path: string;
  scripts: ScriptLoad[];
  bytes: number;
  brotliBytes: number;
}

export { askQuestion, QUESTION_CONTENT, QUESTION_TITLE, type SiteApi };

/** A page type's URL finder (@pulse/testing page-types.ts), by its name. */
const pathOf = (name: string) => PAGE_PATHS.find((entry) => entry.name === name)!.path;

const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('main').getByRole('heading', { level: 1, name }).waitFor();

/** The page types of the issue: home, article, category, search, trending, tech analysis, a question, a story. */
export const PAGE_TYPES: readonly PageType[] = [
  {
    name: 'home',
    path: pathOf('home'),
    shown: (page) => page.getByRole('region', { name: '최신 뉴스' }).getByRole('article').first().waitFor(),
  },
  {
    name: 'article',
    path: pathOf('article'),
    shown: async (page, site) => heading(page, (await newestNews(site)).title),
  },
  {
    name: 'category',
    path: pathOf('category'),
    shown: async (page) => {
      await heading(page, '생성형 AI');
      await page.getByRole('main').getByRole('article').first().waitFor();
    },
  },
  {
    name: 'search',
    path: pathOf('search'),
    shown: async (page) => {
      await heading(page, "'AI' 검색 결과");
      await page.getByRole('main').getByRole('list').first().getByRole('listitem').first().waitFor();
    },
  },
  {
    name: 'trending',
    path: pathOf('trending'),
    shown: async (page) => {
      await heading(page, '트렌딩');
      await page.getByRole('tabpanel').getByRole('list').first().waitFor();
    },
  },
  {
    name: 'tech analysis',
    path: pathOf('tech analysis'),
    shown: async (page) => {
      await heading(page, '기술 분석');
      await page.getByRole('main').getByRole('article').first().waitFor();
    },
  },
  {
    name: 'question',
    path: pathOf('question'),
    shown: (page) => heading(page, QUESTION_TITLE),
  },
  {
    name: 'story',
    path: pathOf('story'),
    shown: async (page, site) => {
      await heading(page, (await newestStory(site)).title);
      await page
        .getByRole('list', { name: '보도 타임라인 (최신순)' })
        .getByRole('listitem')
        .first()
        .waitFor();
    },
  },
];

function isScript(request: Request): boolean {
  return request.resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(request.url()).pathname);
}

export function brotliSize(body: Buffer): number {
  return brotliCompressSync(body, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  }).length;
}

/**
 * Loads one page type in `page`, a fresh desktop-width context's page with the site as its base URL, and
 * sums the JavaScript it fetched before any interaction.
 */
export async function measurePageJs(page: Page, site: Site, type: PageType): Promise<PageJs> {
  const path = await type.path(site);
  const requests: Request[] = [];
  let lastScriptAt = Date.now();
  page.on('request', (request) => {
    if (!isScript(request)) return;
    requests.push(request);
    lastScriptAt = Date.now();
  });
  await page.goto(path);
  await type.shown(page, site).catch((error: Error) => {
    throw new Error(`${type.name} (${path}): main content not shown: ${error.message}`);
  });
  // Quiet: every script request answered and none new for QUIET_MS.
  await eventually(
    async () => {
      const answered = await Promise.all(requests.map(async (r) => (await r.response()) !== null));
      if (answered.includes(false) || Date.now() - lastScriptAt < QUIET_MS)
        throw new Error(`${path}: script requests still loading`);
    },
    { timeoutMs: 30_000, intervalMs: 100 },
  );
  const scripts = await Promise.all(
    requests.map(async (request): Promise<ScriptLoad> => {
      const response = await request.response();
      if (!response || !response.ok())
        throw new Error(`${request.url()}: ${response ? response.status() : 'no response'}`);
      const body = await response.body();
      return { url: new URL(request.url()).pathname, bytes: body.length, brotliBytes: brotliSize(body) };
    }),
  );
  return {
    page: type.name,
    path,
    scripts,
    bytes: scripts.reduce((sum, s) => sum + s.bytes, 0),
    brotliBytes: scripts.reduce((sum, s) => sum + s.brotliBytes, 0),
  };
}

/** measurePageJs in a fresh context of `browser` (no cache), failing on an uncaught exception in the page. */
export async function measureColdPageJs(browser: Browser, site: Site, type: PageType): Promise<PageJs> {
  const { page, context, errors } = await openPage(browser, 'desktop', { baseURL: site.base });
  try {
    const measured = await measurePageJs(page, site, type);
    if (errors.length > 0) throw new Error(`${measured.path}: page errors: ${errors.join('; ')}`);
    return measured;
  } finally {
    await context.close();
  }
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** A Markdown table of the figures, one row per page. */
export function pageJsTable(rows: readonly PageJs[]): string {
  const lines = [
    '| page | path | scripts | JS (KB, uncompressed) | JS (KB, brotli) |',
    '|---|---|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.page} | ${row.path.replace(/[0-9a-f-]{16,}/g, '{id}')} | ${row.scripts.length} | ${kb(row.bytes)} | ${kb(row.brotliBytes)} |`,
    ),
  ];
  return lines.join('\n');
}

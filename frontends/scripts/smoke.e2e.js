#!/usr/bin/env node
// Smoke test of the built front ends in headless Chromium: the shell and every remote load through the
// runtime configuration, and a remote that is down shows the fallback while the rest of the site works.
// Needs the dists (frontends/build-all.sh) and Debian's chromium. Exits non-zero on any failure.
const fs = require('node:fs');
const path = require('node:path');
const { chromium } = require('playwright-core');
const { startServer, REMOTE_DIRS } = require('./serve-dist');

const CHROMIUM = process.env.CHROMIUM_BIN || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
const FALLBACK_TITLE = '이 영역을 불러오지 못했습니다';

// The shell's own pages, each found by a heading it always shows (no API needed).
const HOME_HEADING = 'AI와 블록체인, 빅테크의 흐름을 가장 빠르게';
const SHELL_PAGES = [
  ['/', HOME_HEADING],
  ['/about', '사이트 소개'],
  ['/privacy', '개인정보처리방침'],
  ['/sitemap', '사이트맵'],
  ['/category/metaverse', '카테고리를 찾을 수 없습니다'],
  ['/this/route/does-not-exist', '404 Page Not Found'],
];
// A route of each remote and what it shows with no API behind it (every /api call answers 404, below).
// It renders through the shared router: seeing the remote's own text proves the remote loaded through the
// runtime configuration and used the shell's react-router (a second copy would have no router context and
// throw). The site with its API and data is tested by test/e2e.
const REMOTE_PAGES = [
  ['/news', '전체 뉴스'],
  ['/news/abc123', '기사를 찾을 수 없습니다'],
  ['/insights', '인사이트'],
  ['/analysis/abc123', '기사를 찾을 수 없습니다'],
  ['/trending', '트렌딩'],
  ['/tech-analysis', '기술 분석'],
  ['/tech-analysis/some-slug', '기술분석을 찾을 수 없습니다.'],
  ['/community/qa', '질문과 답변'],
];

/**
 * Waits until <main> shows `text` (a heading, a tab or a message of the remote), failing at once if the
 * fallback appears instead.
 */
async function remoteRendered(page, text) {
  const handle = await page.waitForFunction(
    ([fallback, expected]) => {
      const main = document.querySelector('main');
      if (!main) return null;
      if (main.textContent.includes(fallback)) return 'fallback';
      const shown = [...main.querySelectorAll('h1, h2, [role="tab"], p')].some(
        (el) => el.textContent.trim() === expected,
      );
      return shown ? 'remote' : null;
    },
    [FALLBACK_TITLE, text],
  );
  if ((await handle.jsonValue()) !== 'remote') throw new Error('the remote fallback was shown');
}

async function main() {
  assertBuilt();
  const server = await startServer();
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const failures = [];
  const check = async (name, fn) => {
    const context = await browser.newContext({ locale: 'ko-KR' });
    context.setDefaultTimeout(15_000);
    // No services here: every API call gets the gateway's answer for a path nothing serves, a JSON 404
    // (serve-dist alone would send the shell's HTML), so each screen shows its not-found or error state.
    await context.route('**/api/**', (route) =>
      route.fulfill({
        status: 404,
        json: { statusCode: 404, error: 'Not Found', message: 'no API in the smoke test' },
      }),
    );
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // serve-dist serves no API: the pages' own /api calls fail by design here and are not the front ends' errors.
    page.on(
      'console',
      (message) =>
        message.type() === 'error' &&
        !(message.text().startsWith('Failed to load resource') && message.location().url.includes('/api/')) &&
        errors.push(message.text()),
    );
    try {
      await fn(page, errors);
      console.log(`ok   ${name}`);
    } catch (error) {
      failures.push(name);
      console.log(`FAIL ${name}\n     ${String(error.message).split('\n')[0]}`);
    } finally {
      await context.close();
    }
  };

  try {
    const inLayout = async (page, errors) => {
      await page.getByRole('link', { name: '펄스', exact: true }).waitFor();
      await page.getByText(`© ${new Date().getFullYear()} 펄스`).waitFor();
      if (errors.length > 0) throw new Error(`errors in the page: ${errors.join('; ')}`);
    };
    for (const [url, text] of SHELL_PAGES) {
      await check(`${url} shows "${text}" inside the layout`, async (page, errors) => {
        await page.goto(base + url);
        await page.getByRole('heading', { name: text, exact: true }).first().waitFor();
        await inLayout(page, errors);
      });
    }
    for (const [url, text] of REMOTE_PAGES) {
      await check(`${url} renders its remote ("${text}") inside the layout`, async (page, errors) => {
        await page.goto(base + url);
        await remoteRendered(page, text);
        await inLayout(page, errors);
      });
    }

    await check('client-side navigation loads a remote and scrolls to the top', async (page) => {
      await page.goto(base + '/');
      await page.getByRole('heading', { name: HOME_HEADING }).waitFor();
      await page.evaluate(() => {
        document.body.style.minHeight = '5000px';
        window.scrollTo(0, 3000);
      });
      await page.waitForFunction(() => window.scrollY > 0);
      await page.getByRole('navigation', { name: '주요 메뉴' }).getByRole('link', { name: '트렌딩' }).click();
      await page.waitForURL('**/trending');
      await remoteRendered(page, '트렌딩');
      await page.waitForFunction(() => window.scrollY === 0);
    });

    server.setRemoteDown('trending', true);
    await check(
      'with trending down, /trending shows the fallback and the site keeps working',
      async (page) => {
        await page.goto(base + '/trending');
        await page.getByRole('alert').getByRole('heading', { name: FALLBACK_TITLE }).waitFor();
        await page.getByRole('button', { name: '다시 시도' }).waitFor();
        await page.getByRole('navigation', { name: '주요 메뉴' }).getByRole('link', { name: '뉴스' }).click();
        await page.waitForURL('**/news');
        await remoteRendered(page, '전체 뉴스');
        await page.goto(base + '/');
        await page.getByRole('heading', { name: HOME_HEADING }).waitFor();
      },
    );

    await check('retry loads trending once it is back', async (page) => {
      await page.goto(base + '/trending');
      await page.getByRole('heading', { name: FALLBACK_TITLE }).waitFor();
      server.setRemoteDown('trending', false);
      await page.getByRole('button', { name: '다시 시도' }).click();
      await remoteRendered(page, '트렌딩');
    });
  } finally {
    await browser.close();
    server.close();
  }

  if (failures.length > 0) {
    console.error(`\n${failures.length} smoke check(s) failed`);
    process.exit(1);
  }
  console.log('\nall smoke checks passed');
}

function assertBuilt() {
  const missing = ['shell', ...REMOTE_DIRS]
    .map((dir) =>
      path.join(__dirname, '..', dir, 'dist', dir === 'shell' ? 'index.html' : 'mf-manifest.json'),
    )
    .filter((file) => !fs.existsSync(file));
  if (missing.length > 0) {
    console.error(`front ends are not built (missing ${missing.join(', ')}); run frontends/build-all.sh`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

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

// Each remote's placeholder renders through the shared router: seeing it proves the remote loaded and
// used the shell's react-router (a second copy would have no router context and throw).
const PAGES = [
  ['/', '펄스 — 준비 중입니다'],
  ['/news', '뉴스 목록은 곧 제공됩니다.'],
  ['/news/abc123', '뉴스 상세 페이지는 곧 제공됩니다.'],
  ['/insights', '인사이트 목록은 곧 제공됩니다.'],
  ['/analysis/abc123', '분석 상세 페이지는 곧 제공됩니다.'],
  ['/trending', '트렌딩 정보는 곧 제공됩니다.'],
  ['/tech-analysis', '기술 분석 목록은 곧 제공됩니다.'],
  ['/tech-analysis/some-slug', '기술 분석 상세 페이지는 곧 제공됩니다.'],
  ['/community/qa', '질문 목록은 곧 제공됩니다.'],
  ['/this/route/does-not-exist', '404 Page Not Found'],
];

async function main() {
  assertBuilt();
  const server = await startServer();
  const base = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const failures = [];
  const check = async (name, fn) => {
    const context = await browser.newContext({ locale: 'ko-KR' });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
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
    for (const [url, text] of PAGES) {
      await check(`${url} shows "${text}" inside the layout`, async (page, errors) => {
        await page.goto(base + url);
        await page.getByText(text, { exact: true }).waitFor();
        await page.getByRole('link', { name: '펄스', exact: true }).waitFor();
        await page.getByText(`© ${new Date().getFullYear()} 펄스`).waitFor();
        if (errors.length > 0) throw new Error(`errors in the page: ${errors.join('; ')}`);
      });
    }

    await check('client-side navigation loads a remote and scrolls to the top', async (page) => {
      await page.goto(base + '/');
      await page.getByRole('heading', { name: '펄스 — 준비 중입니다' }).waitFor();
      await page.evaluate(() => {
        document.body.style.minHeight = '5000px';
        window.scrollTo(0, 3000);
      });
      await page.waitForFunction(() => window.scrollY > 0);
      await page.getByRole('navigation').getByRole('link', { name: '트렌딩' }).click();
      await page.getByText('트렌딩 정보는 곧 제공됩니다.').waitFor();
      await page.waitForFunction(() => window.scrollY === 0);
    });

    server.setRemoteDown('trending', true);
    await check(
      'with trending down, /trending shows the fallback and the site keeps working',
      async (page) => {
        await page.goto(base + '/trending');
        await page.getByRole('alert').getByRole('heading', { name: FALLBACK_TITLE }).waitFor();
        await page.getByRole('button', { name: '다시 시도' }).waitFor();
        await page.getByRole('navigation').getByRole('link', { name: '뉴스' }).click();
        await page.getByText('뉴스 목록은 곧 제공됩니다.').waitFor();
        await page.goto(base + '/community/qa');
        await page.getByText('질문 목록은 곧 제공됩니다.').waitFor();
      },
    );

    await check('retry loads trending once it is back', async (page) => {
      await page.goto(base + '/trending');
      await page.getByRole('heading', { name: FALLBACK_TITLE }).waitFor();
      server.setRemoteDown('trending', false);
      await page.getByRole('button', { name: '다시 시도' }).click();
      await page.getByText('트렌딩 정보는 곧 제공됩니다.').waitFor();
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

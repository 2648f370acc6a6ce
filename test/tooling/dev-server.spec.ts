import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eventually } from '@pulse/testing/src/eventually';
import type { Browser } from 'playwright-core';
import { launchChromium, openPage, type OpenedPage } from '../support/browser';
import { childProcessesOf, REPO_ROOT, startProcess, type RunningProcess } from '../support/processes';

/** The trending remote's intro (frontends/trending/src/copy.ts), edited while the site runs. */
const COPY_FILE = path.join(REPO_ROOT, 'frontends/trending/src/copy.ts');
const ORIGINAL_INTRO = '지금 가장 많이 읽히고 공유되는 콘텐츠입니다.';
const EDITED_INTRO = '개발 서버에서 고친 소개 문장입니다.';
/** A file the embedded site loads (every service goes through it), rewritten to prove `node --watch`. */
const EMBEDDED_FILE = path.join(REPO_ROOT, 'embedded/src/services.ts');

const processCommand = (pid: number): string => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
};

/**
 * `npm run dev` (scripts/dev.js): the site serves from rspack's dev servers, a saved component's new text
 * shows in the open page with neither the page reloaded by the test nor any process restarted, and a saved
 * service file restarts the embedded site (and only it) under `node --watch`.
 */
describe('npm run dev', () => {
  let dev: RunningProcess;
  let browser: Browser | undefined;
  let opened: OpenedPage | undefined;
  const original = readFileSync(COPY_FILE, 'utf8');

  beforeAll(() => {
    // A copy left edited by an interrupted run would make this test pass on nothing.
    expect(original).toContain(ORIGINAL_INTRO);
    expect(original).not.toContain(EDITED_INTRO);
    dev = startProcess(process.execPath, ['scripts/dev.js', '--port', '0'], {});
  });

  afterAll(async () => {
    writeFileSync(COPY_FILE, original);
    await opened?.context.close();
    await browser?.close();
    await dev?.stop();
  });

  /** The embedded site's process: the child of the `node --watch` process dev.js started. */
  const sitePid = (): number => {
    const watcher = childProcessesOf(dev.child.pid!).find((pid) => processCommand(pid).includes('--watch'));
    const [site] = watcher ? childProcessesOf(watcher) : [];
    if (!site) throw new Error('no embedded site process under node --watch');
    return site;
  };

  it('serves the site, shows a saved text edit in the open page, and restarts the services on a save', async () => {
    const started = Date.now();
    const base = await eventually(
      () => {
        if (dev.child.exitCode !== null) throw new Error(`dev exited early:\n${dev.output()}`);
        const url = /펄스 개발 서버: (http:\/\/[\d.:]+)/.exec(dev.output())?.[1];
        if (!url) throw new Error(`no address yet:\n${dev.output().slice(-2_000)}`);
        return url;
      },
      { timeoutMs: 150_000, intervalMs: 250 },
    );
    const servedInMs = Date.now() - started;
    // Drawn in the browser, but a page, not the 503 a site without its server renders would answer.
    await eventually(
      async () => {
        const response = await fetch(`${base}/trending`);
        if (response.status !== 200) throw new Error(`/trending answered ${response.status}`);
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );

    browser = await launchChromium();
    opened = await openPage(browser, 'desktop');
    const { page } = opened;
    await page.goto(`${base}/trending`);
    await page.locator('.page-intro', { hasText: ORIGINAL_INTRO }).waitFor({ timeout: 30_000 });
    const devPids = [dev.child.pid, ...childProcessesOf(dev.child.pid!)];
    const siteBefore = sitePid();

    const saved = Date.now();
    writeFileSync(COPY_FILE, original.replace(ORIGINAL_INTRO, EDITED_INTRO));
    await page.locator('.page-intro', { hasText: EDITED_INTRO }).waitFor({ timeout: 30_000 });
    const shownInMs = Date.now() - saved;
    writeFileSync(COPY_FILE, original);
    await page.locator('.page-intro', { hasText: ORIGINAL_INTRO }).waitFor({ timeout: 30_000 });
    // No process was restarted for the front-end edit.
    expect([dev.child.pid, ...childProcessesOf(dev.child.pid!)]).toEqual(devPids);
    expect(sitePid()).toBe(siteBefore);

    // Saving a file of the services (same content) restarts the embedded site, which answers again.
    const touched = Date.now();
    writeFileSync(EMBEDDED_FILE, readFileSync(EMBEDDED_FILE, 'utf8'));
    const siteAfter = await eventually(
      () => {
        const pid = sitePid();
        if (pid === siteBefore) throw new Error('the embedded site was not restarted');
        return pid;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    expect(siteAfter).not.toBe(siteBefore);
    await eventually(
      async () => {
        const response = await fetch(`${base}/api/trending/popular?period=day&limit=1`);
        if (response.status !== 200) throw new Error(`/api/trending/popular answered ${response.status}`);
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );
    const restartedInMs = Date.now() - touched;
    expect(opened.errors).toEqual([]);
    process.stdout.write(
      `npm run dev: served in ${servedInMs} ms; a saved text showed in ${shownInMs} ms; ` +
        `the services answered again ${restartedInMs} ms after a save\n`,
    );
    // Five compilers and a site start on a machine that may be running the other system tests: each wait
    // above has its own deadline, and together they fit in this.
  }, 330_000);
});

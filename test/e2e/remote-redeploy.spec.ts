import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { openPage, textOf, type OpenedPage } from '../support/browser';
import { REPO_ROOT } from '../support/processes';
import { buildChangedRemote, serveFolder } from './support/remote-build';
import { expect, test } from './support/fixtures';
import { startSite, type Site } from './support/site';

const ORIGINAL_INTRO = '지금 가장 많이 읽히고 공유되는 콘텐츠입니다.';
const REDEPLOYED_INTRO = '새로 배포한 트렌딩 원격 모듈이 보여 주는 문장입니다.';
const SHELL_DIST = path.join(REPO_ROOT, 'frontends', 'shell', 'dist');

/** The shell's build as files and times: it must be the same after the remote's redeploy. */
const shellBuild = () =>
  readdirSync(SHELL_DIST)
    .filter((name) => name === 'index.html' || name.endsWith('.js'))
    .map((name) => `${name} ${statSync(path.join(SHELL_DIST, name)).mtimeMs}`)
    .sort();

/**
 * A remote is deployed on its own. A changed trending remote is built into a new folder,
 * served from its own origin, and the gateway's REMOTE_TRENDING_URL pointed at it; the live site then shows
 * the change, with the shell neither rebuilt nor restarted (its files untouched, the same bundle in the page).
 * The gateway reads REMOTE_*_URL when it starts, so pointing it is a restart of the gateway (in the embedded
 * site, which this is, the gateway shares its process with the services). The gateway also renders the
 * remote's page on the server with the server bundle of the new deployment (fetched from its origin), so
 * the change is in the HTML itself, read with JavaScript off.
 */
test.describe('redeploying a remote without the shell', () => {
  let site: Site | undefined;
  const opened: OpenedPage[] = [];
  const cleanups: Array<() => Promise<void> | void> = [];

  test.afterAll(async () => {
    await Promise.all(opened.map(({ context }) => context.close()));
    await site?.stop();
    for (const cleanup of cleanups.reverse()) await cleanup();
    expect(opened.flatMap(({ errors }) => errors)).toEqual([]);
  });

  /** The trending page's intro and the shell bundle its document loads. */
  async function trendingOn(
    browser: Browser,
    base: string,
  ): Promise<{ intro: string; shellScript: string | null }> {
    const page = await openPage(browser, 'desktop', { baseURL: base });
    opened.push(page);
    await page.page.goto('/trending');
    await expect(page.page.getByRole('heading', { level: 1, name: '트렌딩' })).toBeVisible();
    return {
      intro: await textOf(page.page.locator('.page-intro')),
      shellScript: await page.page.locator('script[src^="/main."]').getAttribute('src'),
    };
  }

  /** The trending page's intro as the document holds it, JavaScript off: the server's render. */
  async function serverRenderedIntro(browser: Browser, base: string): Promise<string> {
    const page = await openPage(browser, 'desktop', { baseURL: base, javaScriptEnabled: false });
    opened.push(page);
    await page.page.goto('/trending');
    await expect(page.page.getByRole('heading', { level: 1, name: '트렌딩' })).toBeVisible();
    return textOf(page.page.locator('.page-intro'));
  }

  // One width: what is checked is where the remote comes from, not its layout.
  test(
    'serves the changed remote after REMOTE_TRENDING_URL points at its new folder',
    { tag: '@desktop' },
    async ({ browser }) => {
      site = await startSite();
      const before = await trendingOn(browser, site.base);
      expect(before.intro).toBe(ORIGINAL_INTRO);
      expect(await serverRenderedIntro(browser, site.base)).toBe(ORIGINAL_INTRO);
      const shellBefore = shellBuild();

      const build = await buildChangedRemote('trending', {
        'src/copy.ts': (source) => source.replace(ORIGINAL_INTRO, REDEPLOYED_INTRO),
      });
      cleanups.push(() => rmSync(build.root, { recursive: true, force: true }));
      const host = await serveFolder(build.dist);
      cleanups.push(() => host.close());

      // The gateway restarted with the remote's new location; the shell's dist is the one it already had.
      await site.stop();
      site = await startSite({ REMOTE_TRENDING_URL: `${host.base}/mf-manifest.json` });
      const envConfig = await site.api<{ remotes: Record<string, string> }>('/env-config.json');
      expect(envConfig.remotes['trending']).toBe(`${host.base}/mf-manifest.json`);

      expect(await serverRenderedIntro(browser, site.base)).toBe(REDEPLOYED_INTRO);
      expect(host.requested).toEqual(expect.arrayContaining(['/mf-manifest.json', '/server/render.js']));
      const after = await trendingOn(browser, site.base);
      expect(after.intro).toBe(REDEPLOYED_INTRO);
      // The intro is in the server's HTML, so it shows before the browser has loaded the remote itself: the
      // federation runtime asks the new origin for its entry a moment later (on a loaded machine, after
      // this line was first reached).
      await expect
        .poll(() => host.requested, { timeout: 30_000 })
        .toEqual(expect.arrayContaining(['/remoteEntry.js']));
      expect(after.shellScript).toBe(before.shellScript);
      expect(shellBuild()).toEqual(shellBefore);
    },
  );
});

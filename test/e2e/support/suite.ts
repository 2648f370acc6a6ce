import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { launchChromium, openPage, type OpenedPage, type ViewportName } from '../../support/browser';
import { startSite, type Site } from './site';

export interface E2e {
  readonly site: Site;
  /**
   * A page in a fresh browser context (no cookies, no session storage) whose relative URLs are the
   * site's; closed after the test.
   */
  open(viewport: ViewportName, options?: BrowserContextOptions): Promise<Page>;
}

/**
 * One site and one Chromium for a spec file, started in beforeAll and stopped in afterAll. Each test's
 * contexts are closed after it, and an uncaught exception in any of its pages fails it.
 */
/** `env`: the site's extra settings, or a function read when the site starts (after earlier beforeAll hooks). */
export function useE2e(options: { env?: Record<string, string> | (() => Record<string, string>) } = {}): E2e {
  let site: Site | undefined;
  let browser: Browser | undefined;
  let opened: OpenedPage[] = [];

  beforeAll(async () => {
    const started = await Promise.allSettled([
      startSite(typeof options.env === 'function' ? options.env() : options.env),
      launchChromium(),
    ]);
    if (started[0].status === 'fulfilled') site = started[0].value;
    if (started[1].status === 'fulfilled') browser = started[1].value;
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  });

  afterEach(async () => {
    const pages = opened;
    opened = [];
    await Promise.all(pages.map(({ context }) => context.close()));
    expect(pages.flatMap(({ errors }) => errors)).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await site?.stop();
  });

  return {
    get site() {
      if (!site) throw new Error('the site did not start (see beforeAll)');
      return site;
    },
    async open(viewport, options) {
      if (!browser) throw new Error('Chromium did not start (see beforeAll)');
      const page = await openPage(browser, viewport, { baseURL: this.site.base, ...options });
      opened.push(page);
      if (options?.javaScriptEnabled !== false) waitForHydrationOnGoto(page.page);
      return page.page;
    },
  };
}

/**
 * A server-rendered page shows its buttons before React has attached to them, and a click or key press
 * that comes before hydrateRoot is lost (a reader rarely acts in those first moments; a test acts at once).
 * So every navigation of a test also waits until the shell has hydrated: its header has measured the
 * screen (the class the server's render carries is gone). Pages the browser renders have no such header.
 */
function waitForHydrationOnGoto(page: Page): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.waitForFunction(() => !document.querySelector('.site-header--unmeasured'));
    return response;
  };
}

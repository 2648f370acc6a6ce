import { test as base, expect, type BrowserContextOptions, type Page } from '@playwright/test';
import { openPage, type OpenedPage, type ViewportName } from '../../support/browser';
import { startSite, type Site } from './site';

export { expect };

/**
 * The site a spec runs against. `spec` names the spec file: Playwright runs tests in one worker only when
 * their worker options are equal, so naming it gives every spec file (in each project) a worker and a site
 * of its own, as each had before: no spec sees another's views, likes, comments or questions.
 * `env`: the site's settings beyond `npm start`'s (an LLM, an admin token).
 */
export interface SiteOptions {
  spec: string;
  env?: Record<string, string>;
}

export interface E2e {
  readonly site: Site;
  /**
   * A page in a fresh browser context (no cookies, no session storage) at the project's width, whose
   * relative URLs are the site's; closed after the test, which fails on an uncaught exception in it.
   */
  open(options?: BrowserContextOptions): Promise<Page>;
}

export interface WorkerFixtures {
  siteOptions: SiteOptions;
  /** The embedded site (what `npm start` serves), started once per worker: see SiteOptions. */
  site: Site;
  /** The project's width (playwright.config.ts): 'desktop' 1280 px or 'mobile' 375 px. */
  viewportName: ViewportName;
}

interface TestFixtures {
  e2e: E2e;
}

/** A site start waits for the whole demo corpus to be published and searchable. */
const SITE_START_TIMEOUT_MS = 180_000;

export const test = base.extend<TestFixtures, WorkerFixtures>({
  siteOptions: [{ spec: '' }, { scope: 'worker', option: true }],
  viewportName: ['desktop', { scope: 'worker', option: true }],

  site: [
    async ({ siteOptions }, use) => {
      if (!siteOptions.spec)
        throw new Error("the spec declares no site: test.use({ siteOptions: { spec: '<file name>' } })");
      const site = await startSite(siteOptions.env);
      try {
        await use(site);
      } finally {
        await site.stop();
      }
    },
    { scope: 'worker', timeout: SITE_START_TIMEOUT_MS },
  ],

  e2e: async ({ browser, site, viewportName }, use) => {
    const opened: OpenedPage[] = [];
    await use({
      site,
      async open(options) {
        const page = await openPage(browser, viewportName, { baseURL: site.base, ...options });
        opened.push(page);
        if (options?.javaScriptEnabled !== false) waitForHydrationOnGoto(page.page);
        return page.page;
      },
    });
    await Promise.all(opened.map(({ context }) => context.close()));
    expect(opened.flatMap(({ errors }) => errors)).toEqual([]);
  },
});

/**
 * A server-rendered page shows its buttons before React has attached to them, and a click or key press
 * that comes before hydrateRoot is lost (a reader rarely acts in those first moments; a test acts at once).
 * So every navigation of a test also waits until the shell has hydrated: its header has measured the
 * screen (the class the server's render carries is gone). Pages the browser renders have no such header.
 */
function waitForHydrationOnGoto(page: Page): void {
  const hydrated = () => page.waitForFunction(() => !document.querySelector('.site-header--unmeasured'));
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await hydrated();
    return response;
  };
  // A reload too: a scroll made before hydration is undone by it (the page starts at the top again), so a
  // section that loads when scrolled into view would never load.
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    await hydrated();
    return response;
  };
}

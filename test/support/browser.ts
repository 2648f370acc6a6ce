import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { eventually } from '@pulse/testing/src/eventually';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { required } from './infra-env';
import { REPO_ROOT } from './processes';

/**
 * Debian's Chromium driven by playwright-core (never `playwright install`): CHROMIUM_BIN comes from
 * `infra/local/pulse-local env`. The flags keep it from phoning home or syncing during a test.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: required('CHROMIUM_BIN'), args: CHROMIUM_ARGS });
}

/** Also the launch flags of the browser tests' Chromium (playwright.config.ts). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/** The two widths every route is checked at: a laptop, and a phone under the 768 px breakpoint. */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 812 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;
export const VIEWPORT_NAMES = Object.keys(VIEWPORTS) as ViewportName[];

/**
 * The system theme each width is drawn in: the laptop light and the phone dark, so every browser test runs
 * in both themes without doubling the tier (a reader's own choice defaults to the system's). A test that
 * needs one theme names `colorScheme` itself.
 */
export const COLOR_SCHEMES = { desktop: 'light', mobile: 'dark' } as const satisfies Record<
  ViewportName,
  'light' | 'dark'
>;

/** Every wait in a page has a deadline; navigations get more, since the first visit compiles the remotes. */
const ACTION_TIMEOUT_MS = 15_000;
const NAVIGATION_TIMEOUT_MS = 30_000;

export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Uncaught exceptions in the page: a test fails on any. */
  errors: string[];
}

/** A fresh context (cookies, storage) at a viewport and its theme, Korean locale and Seoul time, and its first page. */
export async function openPage(
  browser: Browser,
  viewport: ViewportName,
  options: BrowserContextOptions = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    colorScheme: COLOR_SCHEMES[viewport],
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    ...options,
  });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return { page, context, errors };
}

/**
 * Polls an assertion until it holds (playwright-core has no auto-retrying expect). For values that change
 * after an action: a count, a URL, a class.
 */
export function until<T>(assertion: () => T | Promise<T>, timeoutMs = ACTION_TIMEOUT_MS): Promise<T> {
  return eventually(assertion, { timeoutMs, intervalMs: 50 });
}

/** Text of a locator with runs of whitespace collapsed, after waiting for it to be visible. */
export async function textOf(locator: Locator): Promise<string> {
  await locator.waitFor();
  return (await locator.innerText()).replace(/\s+/g, ' ').trim();
}

export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'test/e2e/artifacts');

/**
 * Saves a full-page screenshot as test/e2e/artifacts/<name>.png, once web fonts are in (Hangul, not
 * fallback boxes) and with animations finished, so the picture is the settled page.
 */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

/** Records every window.open call instead of opening a window (share popups). Install before goto. */
export async function recordWindowOpen(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const calls: Array<{ url: string; target: string; features: string }> = [];
    (window as unknown as { __openCalls: typeof calls }).__openCalls = calls;
    window.open = (url?: string | URL, target?: string, features?: string) => {
      calls.push({ url: String(url ?? ''), target: target ?? '', features: features ?? '' });
      return null;
    };
  });
}

export function windowOpenCalls(
  page: Page,
): Promise<Array<{ url: string; target: string; features: string }>> {
  return page.evaluate(() => (window as unknown as { __openCalls: [] }).__openCalls);
}

/**
 * Scrolls to a section the site loads only once it comes near the viewport (frontends/ui WhenVisible:
 * an article's comments and story questions as 'discussion', the newsletter forms), as a reader would
 * before using it. Waits for the article or page around it to be there first.
 */
export async function scrollToDeferred(page: Page, name: string): Promise<void> {
  await page.locator(`[data-section="${name}"]`).first().scrollIntoViewIfNeeded();
}

import type { NewsListResponse, TechAnalysisListResponse } from '@pulse/contracts';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { docsScreenPath } from './support/docs-screens';
import { expect, test } from './support/fixtures';
import { askQuestion } from './support/page-js';
import type { Site } from './support/site';

test.use({ siteOptions: { spec: 'themes' } });

/** The page's colour (the palette's --surface) in each theme, as the browser computes it. */
const PAGE_COLOUR = { light: 'rgb(255, 255, 255)', dark: 'rgb(21, 21, 28)' } as const;

const pageColour = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
const themeAttribute = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-theme'));

/** The header's theme button: in the bar at 1280 px, in the menu (opened first) at 375 px. */
async function themeToggle(page: Page) {
  const openMenu = page.getByRole('button', { name: '메뉴 열기' });
  if (await openMenu.count()) await openMenu.click();
  return page.getByRole('banner').getByRole('button', { name: /^화면 테마/ });
}

/**
 * What <html data-theme> said at the moment the document's <body> was created, that is before any of the
 * page was painted and before the app's deferred script ran; recorded by a script the browser runs first.
 */
async function recordThemeAtFirstPaint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = (at: string) =>
      ((window as unknown as Record<string, string | null>)[at] =
        document.documentElement.getAttribute('data-theme'));
    new MutationObserver((changes, observer) => {
      if (!changes.some((change) => [...change.addedNodes].some((node) => node.nodeName === 'BODY'))) return;
      record('themeAtBody');
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}
const themeAtBody = (page: Page) =>
  page.evaluate(() => (window as unknown as { themeAtBody?: string | null }).themeAtBody);

test.describe('the dark theme', () => {
  test('the header toggle cycles 시스템 → 라이트 → 다크, and the choice survives a reload without a flash', async ({
    e2e,
  }) => {
    const page = await e2e.open({ colorScheme: 'light' });
    await recordThemeAtFirstPaint(page);
    await page.goto('/');
    expect(await themeAttribute(page)).toBe('system');
    expect(await pageColour(page)).toBe(PAGE_COLOUR.light);

    let toggle = await themeToggle(page);
    await expect(toggle).toHaveAccessibleName('화면 테마: 시스템 설정. 누르면 라이트 테마로 바뀝니다');
    await toggle.click();
    await expect(toggle).toHaveAccessibleName('화면 테마: 라이트. 누르면 다크 테마로 바뀝니다');
    expect(await pageColour(page)).toBe(PAGE_COLOUR.light);
    await toggle.click();
    await expect(toggle).toHaveAccessibleName('화면 테마: 다크. 누르면 시스템 설정을 따릅니다');
    expect(await themeAttribute(page)).toBe('dark');
    await expect.poll(() => pageColour(page)).toBe(PAGE_COLOUR.dark);
    // The browser's frame takes the reader's theme too.
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll('meta[name="theme-color"]')].map((meta) =>
          meta.getAttribute('content'),
        ),
      ),
    ).toEqual(['#15151c', '#15151c']);

    // Reloaded (a document every reader shares, held by the gateway): dark before the body exists.
    await page.reload();
    expect(await themeAtBody(page)).toBe('dark');
    expect(await pageColour(page)).toBe(PAGE_COLOUR.dark);
    // Another page of the site, a remote's, from its document: dark too.
    await page.goto('/community/qa');
    expect(await themeAtBody(page)).toBe('dark');
    expect(await pageColour(page)).toBe(PAGE_COLOUR.dark);

    // Back to the system's (light here): nothing kept.
    toggle = await themeToggle(page);
    await toggle.click();
    await expect(toggle).toHaveAccessibleName('화면 테마: 시스템 설정. 누르면 라이트 테마로 바뀝니다');
    await expect.poll(() => pageColour(page)).toBe(PAGE_COLOUR.light);
    await page.reload();
    expect(await themeAtBody(page)).toBe('system');
    expect(await page.evaluate(() => localStorage.getItem('pulse-theme'))).toBeNull();
  });

  test("'시스템' follows the system's colour scheme, also when it changes while the page is open", async ({
    e2e,
  }) => {
    const page = await e2e.open({ colorScheme: 'dark' });
    await page.goto('/news');
    expect(await themeAttribute(page)).toBe('system');
    expect(await pageColour(page)).toBe(PAGE_COLOUR.dark);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => pageColour(page)).toBe(PAGE_COLOUR.light);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => pageColour(page)).toBe(PAGE_COLOUR.dark);
    // A reader's own choice wins over the system's.
    await (await themeToggle(page)).click();
    await expect.poll(() => pageColour(page)).toBe(PAGE_COLOUR.light);
  });

  test('screenshots of the dark theme for the docs: the home page and an article', async ({
    e2e,
    viewportName,
  }) => {
    const page = await e2e.open({ colorScheme: 'dark', reducedMotion: 'reduce' });
    // What a reader sees on arrival (the screen, not the whole page: the home page is many screens long).
    const screen = async (name: string) => {
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await page.screenshot({ path: docsScreenPath(`dark-${name}-${viewportName}.png`, 'docs/screens') });
    };
    await page.goto('/');
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await screen('home');
    const news = await e2e.site.api<NewsListResponse>('/api/content/news?limit=1&offset=0');
    await page.goto(`/news/${news.articles[0]!.id}`);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await screen('article');
  });
});

/** Every page type of the site, with real ids from its data. */
async function pageTypes(site: Site): Promise<[string, string][]> {
  const news = await site.api<NewsListResponse>('/api/content/news?limit=1&offset=0');
  const insights = await site.api<NewsListResponse>('/api/content/insights?limit=1&offset=0');
  const analyses = await site.api<TechAnalysisListResponse>('/api/tech-analysis?page=1&limit=1&lang=ko');
  const storyId = news.articles[0]!.storyId;
  if (!storyId) throw new Error(`article ${news.articles[0]!.id} belongs to no story`);
  return [
    ['home', '/'],
    ['news list', '/news'],
    ['article', `/news/${news.articles[0]!.id}`],
    ['story', `/story/${storyId}`],
    ['insights list', '/insights'],
    ['insight', `/insights/${insights.articles[0]!.id}`],
    ['category', '/category/gen-ai'],
    ['search', '/search?q=AI'],
    ['trending', '/trending'],
    ['tech-analysis list', '/tech-analysis'],
    ['tech analysis', `/tech-analysis/${analyses.analyses[0]!.slug}`],
    ['Q&A list', '/community/qa'],
    ['question', `/community/questions/${await askQuestion(site)}`],
    ['ask', '/community/qa/ask'],
    ['sitemap', '/sitemap'],
    ['about', '/about'],
    ['privacy', '/privacy'],
    ['contact', '/contact'],
    ['my space (signed out)', '/me'],
    ['not found', '/no-such-page'],
  ];
}

/** axe-core's serious and critical findings on the page as it is, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter(({ impact }) => impact === 'serious' || impact === 'critical')
    .flatMap(({ id, nodes }) =>
      nodes.map((node) => `${id}: ${node.target.join(' ')} — ${node.failureSummary?.replace(/\s+/g, ' ')}`),
    );
}

test.describe('accessibility in both themes', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`every page type has no serious or critical axe-core violation in the ${theme} theme`, async ({
      e2e,
    }) => {
      // The reader's own choice (the head script's path); the system's is the palette's same dark values.
      const page = await e2e.open({ reducedMotion: 'reduce' });
      await page.addInitScript((choice) => localStorage.setItem('pulse-theme', choice), theme);
      const found: Record<string, string[]> = {};
      for (const [name, path] of await pageTypes(e2e.site)) {
        await page.goto(path);
        expect(await themeAttribute(page)).toBe(theme);
        await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
        // Loaded sections (skeletons gone) are what a reader reads.
        await expect(page.locator('.skeleton')).toHaveCount(0);
        const violations = await seriousViolations(page);
        if (violations.length) found[`${name} ${path}`] = violations;
      }
      expect(found).toEqual({});
    });
  }
});

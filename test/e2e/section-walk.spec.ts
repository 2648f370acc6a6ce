import type { NewsListResponse, TrendingListResponse } from '@pulse/contracts';
import { eventually } from '@pulse/testing/src/eventually';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { askQuestion, QUESTION_TITLE } from './support/page-js';
import { recordViews } from './support/site';

test.use({ siteOptions: { spec: 'section-walk' } });

/** What the reader clicks, and the path the click must lead to. */
interface Step {
  /** Said in a failure: which click this was. */
  name: string;
  click: (page: Page) => Promise<void>;
  path: RegExp;
}

/** Whether the page is at the mobile width, where the header's sections are behind the menu button. */
const isCompact = async (page: Page) => (await page.getByRole('button', { name: '메뉴 열기' }).count()) > 0;

/** A section link of the header: in the header bar at 1280 px, in the menu (opened first) at 375 px. */
function headerLink(name: string) {
  return async (page: Page) => {
    if (await isCompact(page)) await page.getByRole('button', { name: '메뉴 열기' }).click();
    await page
      .getByRole('navigation', { name: '주요 메뉴' })
      .getByRole('link', { name, exact: true })
      .click();
  };
}

const footerLink = (nav: string, name: string) => (page: Page) =>
  page.getByRole('contentinfo').getByRole('navigation', { name: nav }).getByRole('link', { name }).click();

/** The first card link of the page's main list, once it is there. */
const firstOf = (pick: (main: Locator) => Locator) => (page: Page) =>
  pick(page.getByRole('main')).first().click();

/**
 * From the home page to every section and each kind of page in it, by clicks alone: the header (and its
 * menu at 375 px), the cards, the back links, the footer and the sitemap page.
 */
const WALK: Step[] = [
  { name: 'header: 뉴스', click: headerLink('뉴스'), path: /^\/news$/ },
  {
    name: 'a news card',
    click: firstOf((main) => main.getByRole('article').getByRole('link')),
    path: /^\/news\/[^/]+$/,
  },
  {
    // /tags/{slug} is the search for that tag: the page moves on to /search?tag=… at once.
    name: "the article's first tag",
    click: firstOf((main) => main.locator('a[href^="/tags/"]')),
    path: /^\/search$/,
  },
  {
    name: 'the header search',
    click: async (page) => {
      if (await isCompact(page)) await page.getByRole('button', { name: '메뉴 열기' }).click();
      const box = page.getByRole('banner').getByRole('searchbox', { name: '기사 검색' });
      await box.fill('AI');
      await box.press('Enter');
    },
    path: /^\/search$/,
  },
  { name: 'header: 인사이트', click: headerLink('인사이트'), path: /^\/insights$/ },
  {
    name: 'an insight card',
    click: firstOf((main) => main.getByRole('article').getByRole('link')),
    path: /^\/insights\/[^/]+$/,
  },
  { name: 'header: 기술 분석', click: headerLink('기술 분석'), path: /^\/tech-analysis$/ },
  {
    name: 'an analysis card',
    click: firstOf((main) => main.locator('a.analysis-card__link')),
    path: /^\/tech-analysis\/[^/]+$/,
  },
  {
    // Links /analysis, which the news remote sends on to /tech-analysis in the page.
    name: "the analysis' back link",
    click: (page) => page.getByRole('link', { name: '분석 목록으로 돌아가기' }).click(),
    path: /^\/tech-analysis$/,
  },
  { name: 'header: 트렌딩', click: headerLink('트렌딩'), path: /^\/trending$/ },
  {
    name: 'a trending item',
    click: firstOf((main) => main.locator('a.trending-item__link')),
    path: /^\/article\/[^/]+$/,
  },
  { name: 'header: 커뮤니티', click: headerLink('커뮤니티'), path: /^\/community\/qa$/ },
  {
    name: 'a question',
    click: (page) => page.getByRole('main').getByRole('link', { name: QUESTION_TITLE }).first().click(),
    path: /^\/community\/questions\/[^/]+$/,
  },
  {
    name: "the question's breadcrumb",
    click: (page) => page.getByRole('main').getByRole('link', { name: 'Q&A' }).first().click(),
    path: /^\/community\/qa$/,
  },
  { name: 'footer: 블록체인', click: footerLink('카테고리', '블록체인'), path: /^\/category\/blockchain$/ },
  { name: 'footer: 사이트맵', click: footerLink('정보', '사이트맵'), path: /^\/sitemap$/ },
  {
    name: 'sitemap: 아카이브',
    click: (page) => page.getByRole('main').getByRole('link', { name: '아카이브', exact: true }).click(),
    path: /^\/archive$/,
  },
  { name: 'footer: 사이트 소개', click: footerLink('정보', '사이트 소개'), path: /^\/about$/ },
  {
    name: 'about: Q&A 커뮤니티',
    click: (page) => page.getByRole('main').getByRole('link', { name: 'Q&A 커뮤니티' }).click(),
    path: /^\/community\/qa$/,
  },
  { name: 'footer: 섹션 인사이트', click: footerLink('섹션', '인사이트'), path: /^\/insights$/ },
  {
    name: 'sitemap: 뉴스 소스',
    click: async (page) => {
      await footerLink('정보', '사이트맵')(page);
      await page.getByRole('main').getByRole('link', { name: '뉴스 소스', exact: true }).click();
    },
    path: /^\/sources$/,
  },
  {
    name: 'the logo',
    click: (page) => page.getByRole('link', { name: '펄스' }).first().click(),
    path: /^\/$/,
  },
];

/**
 * Emoji and pictographs drawn as text on the page (the copyright sign aside): icons are SVG, since a
 * system without an emoji font (headless Chromium here) draws such characters as empty boxes.
 */
const pictographsOn = (page: Page) =>
  page.evaluate(() => document.body.innerText.match(/(?![©®™])\p{Extended_Pictographic}/gu) ?? []);

/** Icons on the page that the stylesheet does not draw (a class with no drawing): their classes. */
const undrawnIconsOn = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.icon')]
      .filter((icon) => {
        const style = getComputedStyle(icon);
        return (style.maskImage || style.webkitMaskImage || 'none') === 'none' || style.width === '0px';
      })
      .map((icon) => icon.className),
  );

/** The <title> the server sends for `path`: what the tab must say after moving there in the page. */
async function servedTitle(page: Page, path: string): Promise<string> {
  await page.goto(path);
  return page.title();
}

test.describe('every section by clicks, and the tab names each page reached', () => {
  test.beforeAll(async ({ site }) => {
    // Something to click on each list: a question, and articles read enough to be hot topics.
    await askQuestion(site);
    const { articles } = await site.api<NewsListResponse>('/api/content/news?limit=3&offset=0');
    for (const [index, article] of articles.entries()) await recordViews(site, article.id, 3 - index);
    await eventually(
      async () => {
        const hot = await site.api<TrendingListResponse>('/api/trending/hot-topics?limit=10');
        if (hot.articles.length === 0) throw new Error('no hot topic yet');
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
  });

  test('from the home page, by clicks alone, each page reached sets its own title and draws no emoji; back restores the one before', async ({
    e2e,
  }) => {
    const withoutJs = await e2e.open({ javaScriptEnabled: false });
    const page = await e2e.open();
    await page.goto('/');
    await expect(page).toHaveTitle('펄스 - AI·블록체인 전문 미디어');
    await page.evaluate(() => ((window as unknown as { loadedOnce: boolean }).loadedOnce = true));

    const visited: { path: string; title: string }[] = [{ path: '/', title: await page.title() }];
    for (const step of WALK) {
      await step.click(page);
      await page.waitForURL((url) => step.path.test(url.pathname));
      const { pathname, search } = new URL(page.url());
      const path = pathname + search;
      const title = await servedTitle(withoutJs, path);
      await expect(page, `the title after ${step.name} (${path})`).toHaveTitle(title);
      // A page's title is its own: none is the one of the page before.
      expect({ step: step.name, title }).not.toEqual({ step: step.name, title: visited.at(-1)!.title });
      visited.push({ path, title });
      expect({ path, pictographs: await pictographsOn(page) }).toEqual({ path, pictographs: [] });
      expect({ path, undrawn: await undrawnIconsOn(page) }).toEqual({ path, undrawn: [] });
    }

    // Back, as the browser's button does: the page before, with its title.
    await page.goBack();
    await page.waitForURL((url) => url.pathname + url.search === visited.at(-2)!.path);
    await expect(page).toHaveTitle(visited.at(-2)!.title);
    // Everything above happened in the one document.
    expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(true);
  });
});

import type { NewsListResponse, TrendingListResponse } from '@pulse/contracts';
import { eventually } from '@pulse/testing/src/eventually';
import type { Page } from '@playwright/test';
import { saveScreenshot, scrollToDeferred, VIEWPORTS } from '../support/browser';
import { koreanDate, recordViews } from './support/site';
import { expect, test } from './support/fixtures';

/** The site's own accounts: the footer links these and no platform's home page. */
const SOCIAL_ACCOUNTS = ['https://x.com/pulse_kr', 'https://github.com/pulse-kr'];

test.use({ siteOptions: { spec: 'home-layout', env: { SITE_SOCIAL_ACCOUNTS: SOCIAL_ACCOUNTS.join(',') } } });

/** Home, header and footer (docs/spec-content.md §2 'Home', 'Header', 'Footer', 'Newsletter'), at both widths. */
test.describe('home, header and footer', () => {
  let latest: NewsListResponse['articles'];

  test.beforeAll(async ({ site }) => {
    latest = (await site.api<NewsListResponse>('/api/content/news?limit=12&offset=0')).articles;
    // Seven articles read by a few readers each: trending has more than the home's 6 hot topics to show.
    for (const [index, article] of latest.slice(0, 7).entries())
      await recordViews(site, article.id, 7 - index);
    await eventually(
      async () => {
        const { articles } = await site.api<TrendingListResponse>('/api/trending/hot-topics?limit=6');
        if (articles.length < 6) throw new Error(`${articles.length} hot topics so far`);
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
  });

  test('home: hero, the 12 latest news cards, 6 hot topics, the newsletter banner', async ({
    e2e,
    viewportName: viewport,
  }) => {
    const hot = (await e2e.site.api<TrendingListResponse>('/api/trending/hot-topics?limit=6')).articles;
    const page = await e2e.open();
    await page.goto('/');
    await expect(page).toHaveTitle('펄스 - AI·블록체인 전문 미디어');
    const hero = page.getByRole('region', { name: 'AI와 블록체인, 빅테크의 흐름을 가장 빠르게' });
    await expect(hero.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(hero.getByRole('link', { name: '트렌딩 보기' })).toHaveAttribute('href', '/trending');
    await expect(hero.getByRole('link', { name: '최신 뉴스 보기' })).toHaveAttribute('href', '/news');

    const cards = page.getByRole('region', { name: '최신 뉴스' }).getByRole('article');
    await expect(cards).toHaveCount(12);
    expect(await cards.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(
      latest.map((a) => a.title),
    );
    expect(
      await cards.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
    ).toEqual(latest.map((a) => `/news/${a.id}`));
    await expect(cards.first().locator('time')).toHaveText(koreanDate(latest[0].publishedAt), {
      useInnerText: true,
    });
    await expect(page.getByRole('link', { name: '뉴스 더 보기' })).toHaveAttribute('href', '/news');

    const hotList = page.getByRole('region', { name: '핫 토픽' }).getByRole('listitem');
    await expect(hotList).toHaveCount(6);
    const hotLinks = hotList.getByRole('link');
    expect(await hotLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
      hot.map((a) => ('kind' in a ? a.url : `/article/${a.id}`)),
    );

    const banner = page.getByRole('region', { name: '놓치면 아쉬운 기술 소식, 메일로 받아보세요' });
    await scrollToDeferred(page, 'banner-newsletter');
    await expect(banner.getByRole('textbox', { name: '이메일 주소' })).toBeVisible();
    await expect(banner.getByRole('button', { name: '구독하기' })).toBeVisible();
    await saveScreenshot(page, `home-${viewport}-${VIEWPORTS[viewport].width}`);
  });

  test("footer: blurb, the site's social accounts in new tabs, sections, categories, information links, newsletter, copyright", async ({
    e2e,
  }) => {
    const page = await e2e.open();
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('AI·블록체인 전문 미디어')).toBeVisible();
    await expect(footer.getByText(/^펄스는 전 세계 신뢰할 수 있는 출처의/)).toBeVisible();
    const social = footer.getByRole('list', { name: '소셜 미디어' }).getByRole('link');
    await expect(social).toHaveText(['X (Twitter) (새 창)', 'GitHub (새 창)']);
    expect(await social.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
      SOCIAL_ACCOUNTS,
    );
    for (const link of await social.all()) await expect(link).toHaveAttribute('target', '_blank');
    const hrefs = (name: string) =>
      footer
        .getByRole('navigation', { name })
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(await hrefs('섹션')).toEqual([
      '/news',
      '/insights',
      '/tech-analysis',
      '/trending',
      '/community/qa',
    ]);
    expect(await hrefs('카테고리')).toEqual([
      '/category/gen-ai',
      '/category/blockchain',
      '/category/big-tech',
    ]);
    expect(await hrefs('정보')).toEqual(['/about', '/privacy', '/sitemap', '/contact', '/rss.xml']);
    // A feed is a file, opened outside the client router in a new tab (docs/spec-content.md §2 route table).
    await expect(footer.getByRole('link', { name: 'RSS 피드' })).toHaveAttribute('target', '_blank');
    await scrollToDeferred(page, 'footer-newsletter');
    await expect(footer.getByRole('textbox', { name: '이메일 주소' })).toBeVisible();
    await expect(footer.getByText(`© ${new Date().getFullYear()} 펄스. All rights reserved.`)).toBeVisible();
  });

  test('header search goes to /search?q= with the trimmed query; a blank query does nothing', async ({
    e2e,
    viewportName: viewport,
  }) => {
    const page = await e2e.open();
    await page.goto('/');
    if (viewport === 'mobile') await page.getByRole('button', { name: '메뉴 열기' }).click();
    const box = page.getByRole('banner').getByRole('searchbox', { name: '기사 검색' });
    await box.fill('   ');
    await box.press('Enter');
    await nextFrame(page);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/');

    await box.fill('  블록체인  ');
    await box.press('Enter');
    await page.waitForURL(`**/search?q=${encodeURIComponent('블록체인')}`);
    await expect(page.getByRole('heading', { level: 1, name: "'블록체인' 검색 결과" })).toBeVisible();
    if (viewport === 'mobile') await expect(page.getByRole('navigation', { name: '주요 메뉴' })).toBeHidden();
  });

  test('scrolls to the top on a route change', async ({ e2e }) => {
    const page = await e2e.open();
    await page.goto('/');
    await expect(page.getByRole('region', { name: '최신 뉴스' }).getByRole('article').first()).toBeVisible();
    const link = page.getByRole('contentinfo').getByRole('link', { name: '사이트 소개' });
    await link.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: '사이트 소개' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('newsletter: empty or @-less address → the invalid-email toast, nothing sent; a valid one → what the API answered', async ({
    e2e,
  }) => {
    const page = await e2e.open();
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/subscribers'))
        posts.push(request.url());
    });
    await page.goto('/');
    await scrollToDeferred(page, 'footer-newsletter');
    const form = page.getByRole('contentinfo');
    const email = form.getByRole('textbox', { name: '이메일 주소' });
    const submit = form.getByRole('button', { name: '구독하기' });

    for (const value of ['', 'reader.example.com']) {
      await email.fill(value);
      await submit.click();
      await expectToast(page, '잘못된 이메일', '올바른 이메일 주소를 입력해주세요', 'alert');
    }
    expect(posts).toEqual([]);

    await email.fill('reader@example.com');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/subscribers')),
      submit.click(),
    ]);
    // Double opt-in: a success says the confirmation mail went out (docs/services.md 'The newsletter'); a failure
    // says the subscription failed (docs/spec-content.md §8).
    expect(response.status()).toBe(202);
    if (response.ok()) {
      await expectToast(
        page,
        '확인 메일을 보냈습니다',
        '메일함에서 확인 링크를 눌러야 구독이 완료됩니다',
        'status',
      );
      await expect(email).toHaveValue('');
    } else {
      await expectToast(
        page,
        '구독 실패',
        '뉴스레터 구독 중 오류가 발생했습니다. 다시 시도해주세요',
        'alert',
      );
      await expect(email).toHaveValue('reader@example.com');
    }
    await expect(submit).toBeEnabled();
  });

  test(
    'at desktop width the navigation is open in the header, with no menu button',
    { tag: '@desktop' },
    async ({ e2e }) => {
      const page = await e2e.open();
      await page.goto('/');
      const nav = page.getByRole('banner').getByRole('navigation', { name: '주요 메뉴' });
      // evaluateAll does not wait: let the shell render its header first.
      await expect(nav.getByRole('link').first()).toBeVisible();
      expect(
        await nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
      ).toEqual(['/news', '/insights', '/tech-analysis', '/trending', '/community/qa']);
      await expect(nav).toBeVisible();
      await expect(page.getByRole('button', { name: '메뉴 열기' })).toHaveCount(0);
    },
  );

  test(
    'at mobile width the menu opens, locks page scrolling, and closes on an outside click or a link',
    { tag: '@mobile' },
    async ({ e2e }) => {
      const page = await e2e.open();
      await page.goto('/');
      const toggle = page.getByRole('button', { name: '메뉴 열기' });
      const nav = page.getByRole('navigation', { name: '주요 메뉴' });
      const bodyOverflow = () => page.evaluate(() => getComputedStyle(document.body).overflow);
      await expect(nav).toBeHidden();
      expect(await bodyOverflow()).not.toBe('hidden');

      await toggle.click();
      await expect(nav).toBeVisible();
      await expect(page.getByRole('button', { name: '메뉴 닫기' })).toHaveAttribute('aria-expanded', 'true');
      expect(await bodyOverflow()).toBe('hidden');

      // Outside the header: the footer end of the page (the open menu covers the rest of the screen).
      await page.getByRole('contentinfo').dispatchEvent('click');
      await expect(nav).toBeHidden();
      expect(await bodyOverflow()).not.toBe('hidden');

      await toggle.click();
      await nav.getByRole('link', { name: '트렌딩' }).click();
      await page.waitForURL('**/trending');
      await expect(nav).toBeHidden();
      expect(await bodyOverflow()).not.toBe('hidden');
    },
  );

  test('the header shadow gets stronger only past 10 px of scroll', { tag: '@desktop' }, async ({ e2e }) => {
    const page = await e2e.open();
    await page.goto('/');
    await expect(page.getByRole('region', { name: '최신 뉴스' }).getByRole('article').first()).toBeVisible();
    const shadow = () => page.getByRole('banner').evaluate((header) => getComputedStyle(header).boxShadow);
    const atTop = await shadow();
    await page.evaluate(() => window.scrollTo(0, 10));
    await nextFrame(page);
    expect(await shadow()).toBe(atTop);
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect.poll(() => shadow()).not.toBe(atTop);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => shadow()).toBe(atTop);
  });
});

/** The toast with this title and description, then closed so the next one is alone. */
async function expectToast(page: Page, title: string, description: string, role: 'alert' | 'status') {
  const toast = page.getByTestId('toast').filter({ hasText: title });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('role', role);
  await expect(toast.getByText(description, { exact: true })).toBeVisible();
  await toast.getByRole('button', { name: '알림 닫기' }).click();
  await expect(toast).toHaveCount(0);
}

/** Lets the page finish the current frame: whatever a handler would have done has happened. */
function nextFrame(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
}

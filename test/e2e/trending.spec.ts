import type { NewsListResponse, TrendingListResponse, TrendingStatsResponse } from '@pulse/contracts';
import { eventually } from '@pulse/testing/src/eventually';
import type { Page, Request } from '@playwright/test';
import { saveScreenshot, textOf, VIEWPORTS } from '../support/browser';
import { recordViews, shortDate } from './support/site';
import { expect, test } from './support/fixtures';

test.use({ siteOptions: { spec: 'trending' } });

/** The trending remote (docs/spec-content.md §2 'Trending'), on engagement sent through the public API. */
test.describe('trending (trending remote)', () => {
  let soaring: string;
  let warm: string;

  test.beforeAll(async ({ site }) => {
    const { articles } = await site.api<NewsListResponse>('/api/content/news?limit=1&offset=0');
    soaring = articles[0].id;
    warm = site.corpus.find((a) => a.contentType === 'insight')!.id;
    // 200 readers in the last hour of a 2-hour-old article: hotScore ≈ 4.5 × 200 / 4^1.5 ≈ 112 (HOT above
    // 100) and 200 views an hour (rising badge above 50). 20 readers of an insight: rising, no badge.
    await recordViews(site, soaring, 200);
    await recordViews(site, warm, 20);
    await eventually(
      async () => {
        const rising = await site.api<TrendingListResponse>('/api/trending/rising?limit=10');
        const ids = rising.articles.map((a) => a.id);
        if (!ids.includes(soaring) || !ids.includes(warm))
          throw new Error(`rising so far: ${ids.join(', ')}`);
        const hot = await site.api<TrendingListResponse>('/api/trending/hot-topics?limit=10');
        if (!(hot.articles[0]?.id === soaring && hot.articles[0].hotScore > 100))
          throw new Error('not HOT yet');
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
  });

  test('/trending: selectors, the statistics, hot topics with HOT and rising badges, linked to /article', async ({
    e2e,
    viewportName: viewport,
  }) => {
    const [stats, hot] = await Promise.all([
      e2e.site.api<TrendingStatsResponse>('/api/trending/stats?period=day'),
      e2e.site.api<TrendingListResponse>('/api/trending/hot-topics?limit=10'),
    ]);
    const page = await e2e.open();
    await page.goto('/trending');
    await expect(page.getByRole('heading', { level: 1, name: '트렌딩' })).toBeVisible();
    await expect(page).toHaveTitle('트렌딩 | 펄스');
    expect(await options(page, '기간')).toEqual([
      ['24시간', true],
      ['7일', false],
      ['30일', false],
    ]);
    expect(await options(page, '유형')).toEqual([
      ['전체', true],
      ['뉴스', false],
      ['분석', false],
      ['인사이트', false],
    ]);
    expect(await page.getByRole('tab').allInnerTexts()).toEqual(['핫 토픽', '인기', '급상승', '개요']);
    const summary = page.getByTestId('stats-summary');
    await expect(summary.getByRole('definition').nth(0)).toHaveText(
      stats.totalStats.totalArticles.toLocaleString('ko-KR'),
      { useInnerText: true },
    );
    await expect(summary.getByRole('definition').nth(1)).toHaveText(
      stats.totalStats.totalViews.toLocaleString('ko-KR'),
      { useInnerText: true },
    );

    const items = page
      .getByRole('tabpanel', { name: '핫 토픽' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('link') });
    await expect(items).toHaveCount(hot.articles.length);
    for (const [index, article] of hot.articles.entries()) {
      const link = items.nth(index).getByRole('link');
      // A tech analysis ranked beside the articles links to its own page.
      await expect(link).toHaveAttribute('href', 'kind' in article ? article.url : `/article/${article.id}`);
      const text = await textOf(link);
      expect(text).toContain(article.title);
      expect({ id: article.id, hot: text.includes('HOT') }).toEqual({
        id: article.id,
        hot: article.hotScore > 100,
      });
      expect({ id: article.id, rising: text.includes('급상승') }).toEqual({
        id: article.id,
        rising: article.viewsPerHour > 50,
      });
    }
    expect(hot.articles[0].id).toBe(soaring);
    // No image yet: the default image stands in (docs/spec-content.md §8).
    await expect(items.first().getByRole('img', { name: /기본 이미지$/ })).toBeVisible();
    await saveScreenshot(page, `trending-${viewport}-${VIEWPORTS[viewport].width}`);
  });

  test('period, type and tab go to the URL and pick the calls', async ({ e2e }) => {
    const page = await e2e.open();
    const calls: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/trending/')) calls.push(url.pathname + url.search);
    });
    await page.goto('/trending');
    await expect(page.getByRole('tabpanel').getByRole('list').first()).toBeVisible();
    await page.getByRole('group', { name: '기간' }).getByRole('button', { name: '7일' }).click();
    await page.waitForURL('**/trending?period=week');
    await page.getByRole('group', { name: '유형' }).getByRole('button', { name: '인사이트' }).click();
    await page.waitForURL('**/trending?period=week&type=insight');
    const insights = await e2e.site.api<TrendingListResponse>(
      '/api/trending/hot-topics?limit=10&type=insight',
    );
    const titles = page.getByRole('tabpanel').getByRole('listitem').getByRole('link');
    await expect(titles).toHaveCount(insights.articles.length);
    expect(insights.articles.map((a) => a.id)).toContain(warm);

    await page.getByRole('tab', { name: '인기' }).click();
    await page.waitForURL('**/trending?period=week&type=insight&tab=popular');
    await expect
      .poll(() => calls)
      .toEqual(
        expect.arrayContaining([
          '/api/trending/stats?period=week',
          '/api/trending/hot-topics?limit=10&type=insight',
          '/api/trending/popular?period=week&limit=10&type=insight',
        ]),
      );
    const popular = await e2e.site.api<TrendingListResponse>(
      '/api/trending/popular?period=week&limit=10&type=insight',
    );
    await expect(titles).toHaveCount(popular.articles.length);
  });

  test('rising tab: the rising badge above 50 views an hour; the empty message when nothing rises', async ({
    e2e,
  }) => {
    const rising = await e2e.site.api<TrendingListResponse>('/api/trending/rising?limit=10');
    const page = await e2e.open();
    await page.goto('/trending?tab=rising');
    const links = page.getByRole('tabpanel', { name: '급상승' }).getByRole('listitem').getByRole('link');
    await expect(links).toHaveCount(rising.articles.length);
    for (const [index, article] of rising.articles.entries()) {
      const text = await textOf(links.nth(index));
      expect({ id: article.id, badge: text.includes('급상승') }).toEqual({
        id: article.id,
        badge: article.viewsPerHour > 50,
      });
    }
    expect(rising.articles.find((a) => a.id === warm)!.viewsPerHour).toBeLessThanOrEqual(50);

    const empty = await e2e.open();
    await empty.route('**/api/trending/rising?*', (route) => route.fulfill({ json: { articles: [] } }));
    await empty.goto('/trending?tab=rising');
    await expect(
      empty.getByText('현재 급상승 중인 콘텐츠가 없습니다. 잠시 후 다시 확인해주세요.'),
    ).toBeVisible();
  });

  test('overview tab: the totals and the articles published per day', async ({ e2e }) => {
    const stats = await e2e.site.api<TrendingStatsResponse>('/api/trending/stats?period=month');
    const page = await e2e.open();
    await page.goto('/trending?period=month&tab=overview');
    await expect(page.getByRole('heading', { level: 2, name: '일별 게시 추이' })).toBeVisible();
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(stats.dailyTrends.length + 1);
    for (const [index, day] of stats.dailyTrends.entries())
      await expect(rows.nth(index + 1)).toHaveText(`${shortDate(day.date)} ${day.articles}`, {
        useInnerText: true,
      });
  });

  test(
    'live ON refetches the statistics every 30 s; OFF stops; refresh fetches at once',
    { tag: '@desktop' },
    async ({ e2e }) => {
      const page = await e2e.open();
      await page.clock.install();
      const statsCalls: Request[] = [];
      const isStats = (r: Request) => new URL(r.url()).pathname === '/api/trending/stats';
      page.on('request', (r) => isStats(r) && statsCalls.push(r));
      // The page arrives rendered with its statistics, then hydrates and fetches them again in the
      // background: counted from after that read, with the page then answering clicks.
      await Promise.all([page.waitForResponse((r) => isStats(r.request())), page.goto('/trending')]);
      await expect(page.getByTestId('stats-summary')).toBeVisible();
      await expect(page.getByRole('button', { name: '새로고침' })).toBeEnabled();
      const loaded = statsCalls.length;

      await page.getByRole('button', { name: '실시간 업데이트 OFF' }).click();
      const live = page.getByRole('button', { name: '실시간 업데이트 ON' });
      await expect(live).toHaveAttribute('aria-pressed', 'true');
      const refreshing = page.getByRole('button', { name: '새로고침' });
      for (let tick = 1; tick <= 2; tick += 1) {
        const [request] = await Promise.all([page.waitForRequest(isStats), page.clock.runFor(30_000)]);
        expect(new URL(request.url()).search).toBe('?period=day');
        await expect.poll(() => statsCalls.length).toBe(loaded + tick);
        // The next 30 s are counted from the end of this fetch: on a loaded machine its answer can land
        // after the test would advance the clock again, so wait for it (the refresh button is back).
        await expect(refreshing).toBeEnabled();
      }

      await live.click();
      await expect(page.getByRole('button', { name: '실시간 업데이트 OFF' })).toBeVisible();
      const off = statsCalls.length;
      await page.clock.runFor(95_000);
      // Requests are reported in order: once the refresh has been answered, any request the timer had made
      // during those 95 s would have been counted before it.
      const refresh = page.getByRole('button', { name: '새로고침' });
      await Promise.all([page.waitForResponse((r) => isStats(r.request())), refresh.click()]);
      await expect(refresh).toBeEnabled();
      expect(statsCalls.length).toBe(off + 1);
    },
  );
});

/** The buttons of a selector group and whether each is pressed. */
async function options(page: Page, group: string): Promise<Array<[string, boolean]>> {
  const buttons = page.getByRole('group', { name: group }).getByRole('button');
  await expect(buttons.first()).toBeVisible();
  return Promise.all(
    (await buttons.all()).map(
      async (b) => [await textOf(b), (await b.getAttribute('aria-pressed')) === 'true'] as [string, boolean],
    ),
  );
}

import type { NewsListResponse } from '@pulse/contracts';
import { eventually } from '@pulse/testing/src/eventually';
import type { Locator } from '@playwright/test';
import { koreanDate, recordViews } from './support/site';
import { expect, test } from './support/fixtures';

test.use({ siteOptions: { spec: 'news' } });

type ListItem = NewsListResponse['articles'][number];

/** The news remote's lists, /news (tabs, infinite scroll) and /insights, at both widths. */
test.describe('news and insights lists (news remote)', () => {
  let news: ListItem[];
  let insights: ListItem[];
  let hot: ListItem[];

  test.beforeAll(async ({ site }) => {
    news = (await site.api<NewsListResponse>('/api/content/news?limit=50&offset=0')).articles;
    insights = (await site.api<NewsListResponse>('/api/content/insights?limit=50&offset=0')).articles;
    // 200 readers of the newest article: hotScore 4.5 × 200 / (2 h + 2)^1.5 ≈ 112, past the HOT line of
    // 100, so the 'hot topics' tab and the HOT badge have something real to show.
    await recordViews(site, news[0].id, 200);
    hot = await eventually(
      async () => {
        const { articles } = await site.api<NewsListResponse>('/api/content/news?hot=true&limit=12&offset=0');
        if (!articles.some((a) => a.id === news[0].id)) throw new Error('not hot yet');
        return articles;
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    // The gateway may replay the list it read before the views for a moment while it refreshes it
    // (stale-while-revalidate), so wait until the list itself counts them.
    news = await eventually(
      async () => {
        const { articles } = await site.api<NewsListResponse>('/api/content/news?limit=50&offset=0');
        if (articles.find((a) => a.id === news[0].id)?.views !== 200) throw new Error('views not listed yet');
        return articles;
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
  });

  test("/news: 12 cards, then the next page as the end comes into view, then 'all news checked'", async ({
    e2e,
  }) => {
    expect(news.length).toBeGreaterThan(12); // else there is no second page to scroll to
    const page = await e2e.open();
    const offsets: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/content/news') offsets.push(url.search);
    });
    await page.goto('/news');
    await expect(page.getByRole('heading', { level: 1, name: '뉴스' })).toBeVisible();
    await expect(page).toHaveTitle('뉴스 | 펄스');
    const allTab = page.getByRole('tab', { name: '전체 뉴스' });
    await expect(allTab).toHaveAttribute('aria-selected', 'true');
    const cards = page.getByRole('tabpanel', { name: '전체 뉴스' }).getByRole('article');
    await expect(cards).toHaveCount(12);
    await expectCard(cards.first(), news[0], `/news/${news[0].id}`);
    await expect(cards.first().getByText('HOT', { exact: true })).toHaveCount(1);
    await expect(cards.nth(1).getByText('HOT', { exact: true })).toHaveCount(news[1].hotScore > 100 ? 1 : 0);
    await expect(page.getByText('모든 뉴스를 확인했습니다')).toHaveCount(0);

    await page.getByTestId('end-sentinel').scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(news.length);
    await expect(page.getByRole('status').filter({ hasText: '모든 뉴스를 확인했습니다' })).toBeVisible();
    expect(await cards.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(news.map((a) => a.title));
    expect(offsets).toEqual(['?limit=12&offset=0', '?limit=12&offset=12']);
  });

  test("/news 'hot topics' tab: the hot articles, kept in the URL", async ({ e2e }) => {
    const page = await e2e.open();
    await page.goto('/news');
    await page.getByRole('tab', { name: '핫 토픽' }).click();
    await page.waitForURL('**/news?tab=hot');
    const cards = page.getByRole('tabpanel', { name: '핫 토픽' }).getByRole('article');
    await expect(cards).toHaveCount(hot.length);
    await expectCard(cards.first(), hot[0], `/news/${hot[0].id}`);
    await expect(page.getByText('모든 핫 토픽을 확인했습니다')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('tab', { name: '핫 토픽' })).toHaveAttribute('aria-selected', 'true');
  });

  test('a news card opens its detail page', async ({ e2e }) => {
    const page = await e2e.open();
    await page.goto('/news');
    const card = page.getByRole('tabpanel').getByRole('article').nth(2);
    await card.getByRole('link').click();
    await page.waitForURL(`**/news/${news[2].id}`);
    await expect(page.getByRole('heading', { level: 1, name: news[2].title })).toBeVisible();
  });

  test("/insights: the featured first card with 3 key insights, the others with 2, then 'all insights checked'", async ({
    e2e,
    viewportName: viewport,
  }) => {
    const page = await e2e.open();
    await page.goto('/insights');
    await expect(page.getByRole('heading', { level: 1, name: '인사이트' })).toBeVisible();
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(insights.length);
    await expect(page.getByText('모든 인사이트를 확인했습니다')).toBeVisible();

    const featured = cards.first();
    await expect(featured.getByText('주요 인사이트')).toBeVisible();
    await expectCard(featured, insights[0], `/insights/${insights[0].id}`);
    expect(await featured.getByRole('list').first().getByRole('listitem').allInnerTexts()).toEqual(
      insights[0].insightMeta!.keyInsights.slice(0, 3),
    );
    for (const [index, insight] of insights.entries()) {
      if (index === 0) continue;
      const card = cards.nth(index);
      await expect(card.getByText('주요 인사이트')).toHaveCount(0);
      expect(await card.getByRole('list').first().getByRole('listitem').allInnerTexts()).toEqual(
        insight.insightMeta!.keyInsights.slice(0, 2),
      );
    }
    // With one page loaded the featured card spans the grid's full width.
    const width = async (card: Locator) => (await card.boundingBox())!.width;
    const grid = (await featured.evaluate(
      (card) => card.parentElement!.getBoundingClientRect().width,
    )) as number;
    expect(Math.abs((await width(featured)) - grid)).toBeLessThanOrEqual(1);
    if (viewport === 'desktop') expect(await width(cards.nth(1))).toBeLessThan(grid / 1.5);
  });
});

/** A list card: its link, date, category, title, summary, and views, likes and shares (docs/spec-content.md §2). */
async function expectCard(card: Locator, article: ListItem, href: string): Promise<void> {
  await expect(card.getByRole('link').first()).toHaveAttribute('href', href);
  await expect(card.getByRole('heading', { level: 3 })).toHaveText(article.title, { useInnerText: true });
  await expect(card.locator('time')).toHaveText(koreanDate(article.publishedAt), { useInnerText: true });
  await expect(card.getByText(article.summary, { exact: true })).toBeVisible();
  const stats = card.getByRole('list').last().getByRole('listitem');
  expect(await stats.evaluateAll((items) => items.map((li) => li.getAttribute('aria-label')))).toEqual([
    `조회수 ${article.views.toLocaleString('ko-KR')}`,
    `좋아요 ${article.likesCount.toLocaleString('ko-KR')}`,
    `공유 ${article.sharesCount.toLocaleString('ko-KR')}`,
  ]);
}

import type { NewsListResponse } from '@pulse/contracts';
import { eventually } from '@pulse/testing';
import type { Locator } from 'playwright-core';
import { textOf, until, VIEWPORT_NAMES } from '../support/browser';
import { koreanDate, recordViews } from './support/site';
import { useE2e } from './support/suite';

type ListItem = NewsListResponse['articles'][number];

/** Issue 6: the news remote's lists, /news (tabs, infinite scroll) and /insights, at both widths. */
describe('news and insights lists (news remote)', () => {
  const e2e = useE2e();
  let news: ListItem[];
  let insights: ListItem[];
  let hot: ListItem[];

  beforeAll(async () => {
    news = (await e2e.site.api<NewsListResponse>('/api/content/news?limit=50&offset=0')).articles;
    insights = (await e2e.site.api<NewsListResponse>('/api/content/insights?limit=50&offset=0')).articles;
    // 200 readers of the newest article: hotScore 4.5 × 200 / (2 h + 2)^1.5 ≈ 112, past the HOT line of
    // 100, so the 'hot topics' tab and the HOT badge have something real to show.
    await recordViews(e2e.site, news[0].id, 200);
    hot = await eventually(
      async () => {
        const { articles } = await e2e.site.api<NewsListResponse>(
          '/api/content/news?hot=true&limit=12&offset=0',
        );
        if (!articles.some((a) => a.id === news[0].id)) throw new Error('not hot yet');
        return articles;
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
    news = (await e2e.site.api<NewsListResponse>('/api/content/news?limit=50&offset=0')).articles;
  });

  describe.each(VIEWPORT_NAMES)('at %s width', (viewport) => {
    it("/news: 12 cards, then the next page as the end comes into view, then 'all news checked'", async () => {
      expect(news.length).toBeGreaterThan(12); // else there is no second page to scroll to
      const page = await e2e.open(viewport);
      const offsets: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/api/content/news') offsets.push(url.search);
      });
      await page.goto('/news');
      await page.getByRole('heading', { level: 1, name: '뉴스' }).waitFor();
      expect(await page.title()).toBe('뉴스 | 펄스');
      const allTab = page.getByRole('tab', { name: '전체 뉴스' });
      expect(await allTab.getAttribute('aria-selected')).toBe('true');
      const cards = page.getByRole('tabpanel', { name: '전체 뉴스' }).getByRole('article');
      await until(async () => expect(await cards.count()).toBe(12));
      await expectCard(cards.first(), news[0], `/news/${news[0].id}`);
      expect(await cards.first().getByText('HOT', { exact: true }).count()).toBe(1);
      expect(await cards.nth(1).getByText('HOT', { exact: true }).count()).toBe(
        news[1].hotScore > 100 ? 1 : 0,
      );
      expect(await page.getByText('모든 뉴스를 확인했습니다').count()).toBe(0);

      await page.getByTestId('end-sentinel').scrollIntoViewIfNeeded();
      await until(async () => expect(await cards.count()).toBe(news.length));
      await page.getByRole('status').filter({ hasText: '모든 뉴스를 확인했습니다' }).waitFor();
      expect(await cards.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(
        news.map((a) => a.title),
      );
      expect(offsets).toEqual(['?limit=12&offset=0', '?limit=12&offset=12']);
    });

    it("/news 'hot topics' tab: the hot articles, kept in the URL", async () => {
      const page = await e2e.open(viewport);
      await page.goto('/news');
      await page.getByRole('tab', { name: '핫 토픽' }).click();
      await page.waitForURL('**/news?tab=hot');
      const cards = page.getByRole('tabpanel', { name: '핫 토픽' }).getByRole('article');
      await until(async () => expect(await cards.count()).toBe(hot.length));
      await expectCard(cards.first(), hot[0], `/news/${hot[0].id}`);
      await page.getByText('모든 핫 토픽을 확인했습니다').waitFor();

      await page.reload();
      expect(await page.getByRole('tab', { name: '핫 토픽' }).getAttribute('aria-selected')).toBe('true');
    });

    it('a news card opens its detail page', async () => {
      const page = await e2e.open(viewport);
      await page.goto('/news');
      const card = page.getByRole('tabpanel').getByRole('article').nth(2);
      await card.getByRole('link').click();
      await page.waitForURL(`**/news/${news[2].id}`);
      await page.getByRole('heading', { level: 1, name: news[2].title }).waitFor();
    });

    it("/insights: the featured first card with 3 key insights, the others with 2, then 'all insights checked'", async () => {
      const page = await e2e.open(viewport);
      await page.goto('/insights');
      await page.getByRole('heading', { level: 1, name: '인사이트' }).waitFor();
      const cards = page.getByRole('main').getByRole('article');
      await until(async () => expect(await cards.count()).toBe(insights.length));
      await page.getByText('모든 인사이트를 확인했습니다').waitFor();

      const featured = cards.first();
      await featured.getByText('주요 인사이트').waitFor();
      await expectCard(featured, insights[0], `/insights/${insights[0].id}`);
      expect(await featured.getByRole('list').first().getByRole('listitem').allInnerTexts()).toEqual(
        insights[0].insightMeta!.keyInsights.slice(0, 3),
      );
      for (const [index, insight] of insights.entries()) {
        if (index === 0) continue;
        const card = cards.nth(index);
        expect(await card.getByText('주요 인사이트').count()).toBe(0);
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
});

/** A list card: its link, date, category, title, summary, and views, likes and shares (docs/spec-content.md §2). */
async function expectCard(card: Locator, article: ListItem, href: string): Promise<void> {
  expect(await card.getByRole('link').first().getAttribute('href')).toBe(href);
  expect(await textOf(card.getByRole('heading', { level: 3 }))).toBe(article.title);
  expect(await textOf(card.locator('time'))).toBe(koreanDate(article.publishedAt));
  await card.getByText(article.summary, { exact: true }).waitFor();
  const stats = card.getByRole('list').last().getByRole('listitem');
  expect(await stats.evaluateAll((items) => items.map((li) => li.getAttribute('aria-label')))).toEqual([
    `조회수 ${article.views.toLocaleString('ko-KR')}`,
    `좋아요 ${article.likesCount.toLocaleString('ko-KR')}`,
    `공유 ${article.sharesCount.toLocaleString('ko-KR')}`,
  ]);
}

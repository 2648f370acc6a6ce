import type {
  ArticleDetailResponse,
  CategoryPageResponse,
  NewsListResponse,
  StoryResponse,
  TechAnalysisDetailResponse,
  TechAnalysisListResponse,
  TrendingListResponse,
} from '@pulse/contracts';
import { eventually } from '@pulse/testing/src/eventually';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { askQuestion, QUESTION_CONTENT, QUESTION_TITLE } from './support/page-js';
import { recordViews, type Site } from './support/site';

test.use({ siteOptions: { spec: 'server-render' } });

/**
 * Server rendering (frontends/README.md 'Server rendering'): every page type arrives as HTML with its content (read here with JavaScript off, so
 * nothing but the document can have put it there), then hydrates: the server's markup is kept, React says
 * nothing in the console, and nothing moves (CLS 0), at both widths. The shell's own pages and the remotes'
 * (news and insights lists and an article at its section's address, trending, tech analysis, a question,
 * the question list and the ask form),
 * which the gateway renders inside the shell's layout with the server bundle each remote deployed beside its
 * browser files.
 */
test.describe('server-rendered pages', () => {
  /** The title of an article on the trending page's first tab (hot topics), once it has readers. */
  async function hotTopicTitle(site: Site, articleId: string): Promise<string> {
    await recordViews(site, articleId, 20);
    return eventually(
      async () => {
        const hot = await site.api<TrendingListResponse>('/api/trending/hot-topics?limit=10');
        const article = hot.articles.find(({ id }) => id === articleId);
        if (!article) throw new Error(`not a hot topic yet: ${hot.articles.map(({ id }) => id).join(', ')}`);
        return article.title;
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    );
  }

  /** Each page type, its heading, and a text of its content the document must hold. */
  async function pageTypes(
    site: Site,
  ): Promise<Array<{ name: string; path: string; heading: string; text: string }>> {
    const latest = await site.api<NewsListResponse>('/api/content/news?limit=12&offset=0');
    const id = latest.articles[0]!.id;
    const { article } = await site.api<ArticleDetailResponse>(`/api/articles/${id}`);
    const { story } = await site.api<StoryResponse>(`/api/stories/${article.storyId!}`);
    const insights = await site.api<NewsListResponse>('/api/content/insights?limit=10&offset=0');
    const category = await site.api<CategoryPageResponse>(
      '/api/articles/category/gen-ai?page=1&sort=latest&filter=all',
    );
    const analyses = await site.api<TechAnalysisListResponse>('/api/tech-analysis?page=1&limit=9&lang=ko');
    const { slug } = analyses.analyses[0]!;
    const { analysis } = await site.api<TechAnalysisDetailResponse>(`/api/tech-analysis/${slug}`);
    return [
      {
        name: 'home',
        path: '/',
        heading: 'AI와 블록체인, 빅테크의 흐름을 가장 빠르게',
        text: latest.articles[0]!.title,
      },
      { name: 'article', path: `/article/${id}`, heading: article.title, text: article.summary },
      // The news remote's pages: an article at its own section's address, and the section lists.
      { name: 'news article', path: `/news/${id}`, heading: article.title, text: article.summary },
      { name: 'news', path: '/news', heading: '뉴스', text: latest.articles[0]!.title },
      // A story's page (the news remote's): its timeline names each source.
      {
        name: 'story',
        path: `/story/${story.id}`,
        heading: story.title,
        text: story.entries[0]!.sourceName ?? story.entries[0]!.title,
      },
      { name: 'insights', path: '/insights', heading: '인사이트', text: insights.articles[0]!.title },
      { name: 'category', path: '/category/gen-ai', heading: '생성형 AI', text: category.articles[0]!.title },
      { name: 'archive', path: '/archive', heading: '아카이브', text: category.articles[0]!.title },
      { name: 'search', path: '/search?q=AI', heading: "'AI' 검색 결과", text: 'AI' },
      { name: 'trending', path: '/trending', heading: '트렌딩', text: await hotTopicTitle(site, id) },
      {
        name: 'tech analyses',
        path: '/tech-analysis',
        heading: '기술 분석',
        text: analyses.analyses[0]!.title,
      },
      {
        name: 'tech analysis',
        path: `/tech-analysis/${slug}`,
        heading: analysis.title,
        text: analysis.executiveSummary,
      },
      {
        name: 'question',
        path: `/community/questions/${await askQuestion(site)}`,
        heading: QUESTION_TITLE,
        text: QUESTION_CONTENT,
      },
      // The qa remote's list (its first page: the question just asked is the newest) and its ask form, empty.
      { name: 'questions', path: '/community/qa', heading: '질문과 답변', text: QUESTION_TITLE },
      { name: 'ask form', path: '/community/qa/ask', heading: '질문하기', text: '질문 등록' },
    ];
  }

  test(
    'sends each page type with its heading and content in the HTML, readable without JavaScript',
    { tag: '@desktop' },
    async ({ e2e }) => {
      for (const { path, heading, text } of await pageTypes(e2e.site)) {
        const page = await e2e.open({ javaScriptEnabled: false });
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading, {
          useInnerText: true,
        });
        await expect(page.locator('#root main')).toContainText(text, { useInnerText: true });
        // The data the page was rendered with, for the browser's first render.
        await expect(page.locator('#pulse-query-seed')).toHaveCount(1);
      }
    },
  );
  test('hydrates each page type onto the server’s markup, silently and without a layout shift', async ({
    e2e,
  }) => {
    for (const { name, path, heading } of await pageTypes(e2e.site)) {
      const page = await e2e.open();
      const console = consoleOf(page);
      await page.addInitScript(() => {
        // Once parsed, before any script has run: the server's markup, to compare after hydration.
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive')
            (window as unknown as { serverSite: Element | null }).serverSite =
              document.querySelector('#root > .site');
        });
        (window as unknown as { shifts: number }).shifts = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>)
            (window as unknown as { shifts: number }).shifts += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(path);
      // Hydrated: the header has measured the screen, which only the browser's render does.
      await expect(page.locator('.site-header--unmeasured')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(heading, {
        useInnerText: true,
      });

      const kept = await page.evaluate(
        () =>
          (window as unknown as { serverSite: Element | null }).serverSite ===
          document.querySelector('#root > .site'),
      );
      expect({ name, kept }).toEqual({ name, kept: true });
      await page.waitForLoadState('networkidle');
      expect({
        name,
        shifts: await page.evaluate(() => (window as unknown as { shifts: number }).shifts),
      }).toEqual({
        name,
        shifts: 0,
      });
      expect({ name, console: console() }).toEqual({ name, console: [] });
    }
  });
});

/** What the page wrote to the console as an error or a warning (React's hydration mismatches are errors). */
function consoleOf(page: Page): () => string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      messages.push(`${message.type()}: ${message.text()}`);
  });
  return () => messages;
}

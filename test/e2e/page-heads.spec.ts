import type { ArticleDetailResponse, NewsListResponse, TechAnalysisListResponse } from '@pulse/contracts';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { askQuestion } from './support/page-js';
import type { Site } from './support/site';

test.use({ siteOptions: { spec: 'page-heads' } });

const NOT_FOUND_TITLE = '페이지를 찾을 수 없습니다 | 펄스';

/**
 * A path none of the site's routes serves under each prefix it has: the shell's, every remote's mount
 * (where the remote's own routes decide, drawn by its server render).
 */
const UNKNOWN_PATHS = [
  '/no-such-page',
  '/contact/extra',
  '/article/a1/extra',
  '/news/a1/extra',
  '/insights/a1/extra',
  '/analysis/a1/extra',
  '/story',
  '/story/s1/extra',
  '/trending/extra',
  '/tech-analysis/some-analysis/extra',
  '/community',
  '/community/no-such-page',
  '/community/qa/no-such-page',
  '/community/qa/ask/extra',
  '/community/questions/q1/extra',
  '/community/projects',
  '/category/gen-ai/extra',
  '/tags/ai/extra',
  '/search/extra',
  '/archive/extra',
  '/about/extra',
  '/admin/no-such-page',
];

/** What a document's head says: the <title>, the description meta and the canonical link. */
async function headOf(page: Page): Promise<{ title: string; description?: string; canonical?: string }> {
  return page.evaluate(() => ({
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? undefined,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? undefined,
  }));
}

/**
 * Moves the browser's router to `path` as back and forward do (a history entry, then popstate), without
 * loading a document: what the page shows and its head are then the browser's own doing.
 */
async function navigateInPage(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
    history.pushState({ usr: null, key: `e2e-${idx}`, idx }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
}

/** Every route the front ends draw whose head they name, with real ids from the site's data. */
async function routes(site: Site): Promise<string[]> {
  const news = await site.api<NewsListResponse>('/api/content/news?limit=12&offset=0');
  const insights = await site.api<NewsListResponse>('/api/content/insights?limit=10&offset=0');
  const analyses = await site.api<TechAnalysisListResponse>('/api/tech-analysis?page=1&limit=9&lang=ko');
  const articleId = news.articles[0]!.id;
  const { article } = await site.api<ArticleDetailResponse>(`/api/articles/${articleId}`);
  return [
    '/news',
    `/news/${articleId}`,
    `/story/${article.storyId!}`,
    '/insights',
    `/insights/${insights.articles[0]!.id}`,
    '/trending',
    '/tech-analysis',
    `/tech-analysis/${analyses.analyses[0]!.slug}`,
    '/community/qa',
    '/community/qa/ask',
    `/community/questions/${await askQuestion(site)}`,
    '/community/no-such-page',
    `/article/${articleId}`,
    '/category/gen-ai',
    '/search?q=AI',
    '/archive',
    '/sources',
    '/about',
    '/sitemap',
    '/contact',
    '/',
  ];
}

test.describe('each page names its own head and status', () => {
  test(
    'an unknown path under every prefix answers 404 with the not-found page, with and without JavaScript',
    { tag: '@desktop' },
    async ({ e2e }) => {
      const withoutJs = await e2e.open({ javaScriptEnabled: false });
      const withJs = await e2e.open();
      for (const path of UNKNOWN_PATHS) {
        for (const page of [withoutJs, withJs]) {
          const response = await page.goto(path);
          expect({ path, status: response?.status() }).toEqual({ path, status: 404 });
          await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
          await expect(page).toHaveTitle(NOT_FOUND_TITLE);
        }
      }
    },
  );

  test(
    'the head the document is sent with is the one the browser shows after moving to the same route in the page',
    { tag: '@desktop' },
    async ({ e2e }) => {
      const paths = await routes(e2e.site);
      const withoutJs = await e2e.open({ javaScriptEnabled: false });
      const served: Record<string, { status?: number; head: Awaited<ReturnType<typeof headOf>> }> = {};
      for (const path of paths) {
        const response = await withoutJs.goto(path);
        served[path] = { status: response?.status(), head: await headOf(withoutJs) };
      }
      expect(served['/community/no-such-page']!.status).toBe(404);
      for (const path of paths.filter((p) => p !== '/community/no-such-page'))
        expect({ path, status: served[path]!.status }).toEqual({ path, status: 200 });

      // One page for the whole walk: a head left behind by any route shows on the next.
      const page = await e2e.open();
      await page.goto('/privacy');
      await expect(page.getByRole('heading', { level: 1, name: '개인정보처리방침' })).toBeVisible();
      await page.evaluate(() => ((window as unknown as { loadedOnce: boolean }).loadedOnce = true));
      for (const path of paths) {
        await navigateInPage(page, path);
        const { head } = served[path]!;
        await expect(page, path).toHaveTitle(head.title);
        await expect
          .poll(() => headOf(page), { message: `the head of ${path} after moving there` })
          .toEqual(head);
      }
      // No document was loaded on the way.
      expect(await page.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(
        true,
      );
    },
  );

  test(
    'a missing article, category or tech analysis has one title: in the 404 document, and once the page runs',
    { tag: '@desktop' },
    async ({ e2e }) => {
      const missing = [
        ['/news/doesnotexist', '기사를 찾을 수 없습니다', '기사를 찾을 수 없습니다'],
        ['/category/cooking', '카테고리를 찾을 수 없습니다', '카테고리를 찾을 수 없습니다'],
        ['/tech-analysis/no-such-analysis', '기술분석을 찾을 수 없습니다', '기술분석을 찾을 수 없습니다.'],
      ] as const;
      const withoutJs = await e2e.open({ javaScriptEnabled: false });
      const withJs = await e2e.open();
      for (const [path, title, heading] of missing) {
        const sent = await withoutJs.goto(path);
        expect({ path, status: sent?.status(), title: await withoutJs.title() }).toEqual({
          path,
          status: 404,
          title: `${title} | 펄스`,
        });
        await withJs.goto(path);
        await expect(withJs.getByRole('heading', { name: heading })).toBeVisible();
        await expect(withJs).toHaveTitle(`${title} | 펄스`);
      }
    },
  );
});

import type { ArticleDetailResponse, CategoryPageResponse, NewsListResponse } from '@pulse/contracts';
import type { Page } from 'playwright-core';
import { textOf, until, VIEWPORT_NAMES } from '../support/browser';
import { useE2e } from './support/suite';

/**
 * Issue 14 item 1: the shell's page types arrive as HTML with their content (read here with JavaScript off,
 * so nothing but the document can have put it there), then hydrate: the server's markup is kept, React says
 * nothing in the console, and nothing moves (CLS 0), at both widths.
 */
describe('server-rendered shell pages', () => {
  const e2e = useE2e();

  /** Each page type, its heading, and a text of its content the document must hold. */
  async function pageTypes(): Promise<Array<{ name: string; path: string; heading: string; text: string }>> {
    const latest = await e2e.site.api<NewsListResponse>('/api/content/news?limit=12&offset=0');
    const id = latest.articles[0]!.id;
    const { article } = await e2e.site.api<ArticleDetailResponse>(`/api/articles/${id}`);
    const category = await e2e.site.api<CategoryPageResponse>(
      '/api/articles/category/gen-ai?page=1&sort=latest&filter=all',
    );
    return [
      {
        name: 'home',
        path: '/',
        heading: 'AI와 블록체인, 빅테크의 흐름을 가장 빠르게',
        text: latest.articles[0]!.title,
      },
      { name: 'article', path: `/article/${id}`, heading: article.title, text: article.summary },
      { name: 'category', path: '/category/gen-ai', heading: '생성형 AI', text: category.articles[0]!.title },
      { name: 'archive', path: '/archive', heading: '아카이브', text: category.articles[0]!.title },
      { name: 'search', path: '/search?q=AI', heading: "'AI' 검색 결과", text: 'AI' },
    ];
  }

  it('sends each page type with its heading and content in the HTML, readable without JavaScript', async () => {
    for (const { path, heading, text } of await pageTypes()) {
      const page = await e2e.open('desktop', { javaScriptEnabled: false });
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(await textOf(page.getByRole('heading', { level: 1 }).first())).toBe(heading);
      expect(await page.locator('#root main').innerText()).toContain(text);
      // The data the page was rendered with, for the browser's first render.
      expect(await page.locator('#pulse-query-seed').count()).toBe(1);
    }
  });

  describe.each(VIEWPORT_NAMES)('at %s width', (viewport) => {
    it('hydrates each page type onto the server’s markup, silently and without a layout shift', async () => {
      for (const { name, path, heading } of await pageTypes()) {
        const page = await e2e.open(viewport);
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
        await until(async () => expect(await page.locator('.site-header--unmeasured').count()).toBe(0));
        expect(await textOf(page.getByRole('heading', { level: 1 }).first())).toBe(heading);
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

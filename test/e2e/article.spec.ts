import {
  CATEGORY_DEFINITIONS,
  type ArticleDetailResponse,
  type CategorySlug,
  type NewsListResponse,
  type RelatedArticlesResponse,
} from '@pulse/contracts';
import { parseHTML } from 'linkedom';
import type { Page, Request } from '@playwright/test';
import {
  recordWindowOpen,
  saveScreenshot,
  scrollToDeferred,
  textOf,
  VIEWPORTS,
  windowOpenCalls,
  type ViewportName,
} from '../support/browser';
import { koreanDate, shortDate, type Site } from './support/site';
import { expect, test } from './support/fixtures';

test.use({ siteOptions: { spec: 'article' } });

/**
 * The shell's article page (/article/{id}) and the news remote's content detail (/news/{id},
 * /insights/{id}, /analysis/{id}): what they show, like and share, views, the missing states, and what a
 * reader without JavaScript (or a crawler) gets.
 */
test.describe('article and content detail pages', () => {
  let news: string[];
  const article = async (site: Site, id: string) =>
    (await site.api<ArticleDetailResponse>(`/api/articles/${id}`)).article;
  const ofType = (site: Site, type: 'news' | 'insight' | 'analysis') =>
    site.corpus.filter((a) => a.contentType === type).map((a) => a.id);
  /** Each test that changes counts gets its own articles, so the tests do not see each other's likes. */
  const pick = (viewport: ViewportName, desktop: number) => news[desktop + (viewport === 'mobile' ? 1 : 0)];

  test.beforeAll(async ({ site }) => {
    news = (await site.api<NewsListResponse>('/api/content/news?limit=50&offset=0')).articles.map(
      (a) => a.id,
    );
  });

  test('/article/{id}: breadcrumb, category badges, date, title, share buttons, body, tags, original, related', async ({
    e2e,
    viewportName: viewport,
  }) => {
    // A sample with a secondary category, so both badges show.
    const shown = await article(
      e2e.site,
      e2e.site.corpus.find((a) => a.contentType === 'news' && a.secondaryCategory)!.id,
    );
    const related = await e2e.site.api<RelatedArticlesResponse>(`/api/articles/related/${shown.id}`);
    const page = await e2e.open();
    await page.goto(`/article/${shown.id}`);
    const main = page.getByRole('article', { name: shown.title });
    await expect(main.getByRole('heading', { level: 1, name: shown.title })).toBeVisible();
    await expect(page).toHaveTitle(`${shown.title} | 펄스`);

    const crumbs = main.getByRole('navigation', { name: '이동 경로' });
    expect(
      await crumbs.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
    ).toEqual(['/', `/category/${shown.primaryCategory}`]);
    await expect(crumbs.getByText(shown.title)).toBeVisible();
    for (const slug of [shown.primaryCategory, shown.secondaryCategory] as CategorySlug[]) {
      const badge = main.getByRole('link', { name: CATEGORY_DEFINITIONS[slug].name, exact: true }).last();
      await expect(badge).toHaveAttribute('href', `/category/${slug}`);
    }
    await expect(main.locator('time').first()).toHaveText(koreanDate(shown.publishedAt), {
      useInnerText: true,
    });

    const share = main.getByRole('group', { name: '공유하기' }).getByRole('button');
    expect(await share.allInnerTexts()).toEqual(['Facebook', 'Twitter', 'Telegram']);
    await expect(main.getByRole('button', { name: `좋아요 ${shown.likesCount}` })).toBeVisible();

    for (const text of bodyTexts(shown.content))
      await expect(main.getByText(text, { exact: true }).first()).toBeVisible();
    const tags = main.getByRole('list', { name: '태그' }).getByRole('link');
    expect(await tags.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
      shown.tags.map((tag) => `/search?tag=${encodeURIComponent(tag.name)}`),
    );
    const original = main.getByRole('link', { name: '원문보기' });
    await expect(original).toHaveAttribute('href', shown.originalArticle!.sourceUrl);
    await expect(original).toHaveAttribute('target', '_blank');
    // The one article page's source box (frontends/ui/src/article/OriginalSourceBox.tsx).
    const source = main.getByRole('region', { name: '원문 출처' });
    await expect(source.getByText(shown.originalArticle!.title, { exact: true })).toBeVisible();
    await expect(source.getByText(`작성자: ${shown.originalArticle!.author}`)).toBeVisible();
    // The comments section: a real empty state (no fake comments); test/e2e/comments.spec.ts drives it.
    await scrollToDeferred(page, 'discussion');
    await expect(main.getByText('아직 댓글이 없습니다.')).toBeVisible();

    const sidebar = page.getByRole('complementary', { name: '관련 기사' });
    const items = sidebar.getByRole('listitem');
    await expect(items).toHaveCount(related.articles.length);
    expect(related.articles.length).toBeGreaterThan(0);
    for (const [index, item] of related.articles.entries()) {
      const link = items.nth(index).getByRole('link');
      await expect(link).toHaveAttribute('href', `/article/${item.id}`);
      await expect(link).toContainText(`${item.title} ${shortDate(item.publishedAt)}`, {
        useInnerText: true,
      });
    }
    await saveScreenshot(page, `article-${viewport}-${VIEWPORTS[viewport].width}`);
  });

  test('/article/{id}: 원문 대조 puts each Korean paragraph beside its English (stacked at 375 px), by keyboard', async ({
    e2e,
    viewportName: viewport,
  }) => {
    // The demo sample written with a bilingual view: its Korean paragraphs and its (sample) English original.
    const shown = await article(e2e.site, e2e.site.corpus.find((a) => a.bilingual)!.id);
    const view = shown.bilingual!;
    const page = await e2e.open();
    await page.goto(`/article/${shown.id}`);
    const main = page.getByRole('article', { name: shown.title });
    const toggle = main.getByRole('button', { name: '원문 대조' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');

    const table = main.getByRole('table', { name: /원문 대조/ });
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['한국어', '영어 원문']);
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(view.pairs.length);
    for (const [index, pair] of view.pairs.entries()) {
      const cells = rows.nth(index).locator('td');
      await expect(cells.first()).toContainText(pair.korean, { useInnerText: true });
      for (const source of pair.sources)
        await expect(cells.last().getByText(view.sourceParagraphs[source], { exact: true })).toBeVisible();
    }
    await expect(main.locator('.bilingual__source a')).toHaveAttribute(
      'href',
      shown.originalArticle!.sourceUrl,
    );

    // Beside each other on a desktop; the English under the Korean on a phone, with nothing wider than it.
    const [korean, english] = await Promise.all([
      rows.nth(1).locator('td').first().boundingBox(),
      rows.nth(1).locator('td').last().boundingBox(),
    ]);
    if (viewport === 'desktop') {
      expect(english!.x).toBeGreaterThanOrEqual(korean!.x + korean!.width - 1);
      expect(Math.abs(english!.y - korean!.y)).toBeLessThan(2);
    } else {
      expect(english!.y).toBeGreaterThanOrEqual(korean!.y + korean!.height - 1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        VIEWPORTS.mobile.width,
      );
    }
    await saveScreenshot(page, `article-bilingual-${viewport}-${VIEWPORTS[viewport].width}`);

    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(table).toHaveCount(0);
  });

  test('/article/{unknown}: 404 and the not-found message', async ({ e2e }) => {
    const page = await e2e.open();
    const response = await page.goto('/article/no-such-article');
    expect(response!.status()).toBe(404);
    const problem = page.getByRole('alert');
    await expect(problem.getByText('기사를 찾을 수 없습니다', { exact: true })).toBeVisible();
    await expect(problem.getByText('요청하신 기사가 존재하지 않거나 삭제되었습니다')).toBeVisible();
    // Opened directly, so 돌아가기 goes home.
    await problem.getByRole('button', { name: '돌아가기' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  test('/article/{id}: like and unlike change the count and say so; the server keeps it', async ({
    e2e,
    viewportName: viewport,
  }) => {
    const shown = await article(e2e.site, pick(viewport, 0));
    const page = await e2e.open();
    // Click once the page's first calls (like status, view) have answered: each of them, sent without a
    // cookie, starts its own reader session, and a like sent alongside them can end up under a session
    // whose cookie the browser then replaces (reported; not what this test is about).
    await Promise.all([
      page.waitForResponse((r) => apiCall('GET', `/api/interactions/status/${shown.id}`)(r.request())),
      page.waitForResponse((r) => apiCall('POST', `/api/articles/${shown.id}/view`)(r.request())),
      page.goto(`/article/${shown.id}`),
    ]);
    const before = shown.likesCount;
    const [like] = await Promise.all([
      page.waitForRequest(apiCall('POST', '/api/interactions/like')),
      page.getByRole('button', { name: `좋아요 ${before}` }).click(),
    ]);
    expect(like.postDataJSON()).toEqual({ contentId: shown.id, contentType: 'article' });
    await expectToast(page, '이 기사를 좋아합니다');
    const liked = page.getByRole('button', { name: `좋아요 ${before + 1}` });
    await expect(liked).toHaveAttribute('aria-pressed', 'true');

    await page.reload();
    await expect(liked).toHaveAttribute('aria-pressed', 'true');
    await Promise.all([page.waitForRequest(apiCall('DELETE', '/api/interactions/unlike')), liked.click()]);
    await expectToast(page, '좋아요가 취소되었습니다');
    const unliked = page.getByRole('button', { name: `좋아요 ${before}` });
    await expect(unliked).toHaveAttribute('aria-pressed', 'false');
  });

  test('/article/{id}: a share opens the 600x400 popup and counts the share', async ({
    e2e,
    viewportName: viewport,
  }) => {
    const shown = await article(e2e.site, pick(viewport, 2));
    const page = await e2e.open();
    await recordWindowOpen(page);
    await page.goto(`/article/${shown.id}`);
    const [recorded] = await Promise.all([
      page.waitForResponse((r) => apiCall('POST', `/api/articles/${shown.id}/share`)(r.request())),
      page.getByRole('button', { name: 'Telegram 공유' }).click(),
    ]);
    expect(recorded.request().postDataJSON()).toEqual({ platform: 'telegram' });
    expect(recorded.status()).toBe(200);
    const [popup] = await windowOpenCalls(page);
    const pageUrl = e2e.site.url(`/article/${shown.id}`);
    expect(popup.url).toBe(
      `https://t.me/share/url?url=${encodeURIComponent(pageUrl)}&text=${encodeURIComponent(shown.title)}`,
    );
    expect(popup.features).toMatch(/^width=600,height=400,/);
    await expect(page.getByLabel(`공유 ${shown.sharesCount + 1}`)).toBeVisible();
  });

  test('content detail /news, /insights, /analysis: type, date, title, summary, tags, body, original, related', async ({
    e2e,
  }) => {
    const page = await e2e.open();
    for (const [section, type, label] of [
      ['news', 'news', '뉴스'],
      ['insights', 'insight', '인사이트'],
      ['analysis', 'analysis', '분석'],
    ] as const) {
      const shown = await article(e2e.site, ofType(e2e.site, type)[0]);
      const related = await e2e.site.api<RelatedArticlesResponse>(`/api/articles/related/${shown.id}`);
      await page.goto(`/${section}/${shown.id}`);
      const main = page.getByRole('article');
      await expect(main.getByRole('heading', { level: 1, name: shown.title })).toBeVisible();
      await expect(page).toHaveTitle(`${shown.title} | 펄스`);
      const meta = main
        .getByRole('paragraph')
        .filter({ has: page.locator('time') })
        .first();
      expect(await textOf(meta)).toMatch(
        // Then the freshness stamp, when the article has both times (the samples do).
        new RegExp(
          `^${label} ${koreanDate(shown.publishedAt)} 조회수 \\d+${shown.freshness.koreanPublishedAt ? ' 원문 공개 후 \\d+(분|시간|일) 만에 한국어로' : ''}$`,
        ),
      );
      await expect(main.getByText(shown.summary, { exact: true }).first()).toBeVisible();
      const tags = main.getByRole('list', { name: '태그' }).getByRole('link');
      expect(await tags.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
        shown.tags.map((tag) => `/tags/${encodeURIComponent(tag.slug)}`),
      );
      if (type === 'insight') {
        const box = main.getByRole('region', { name: '핵심 인사이트' });
        expect(await box.getByRole('listitem').allInnerTexts()).toEqual(shown.insightMeta!.keyInsights);
      }
      for (const text of bodyTexts(shown.content))
        await expect(main.getByText(text, { exact: true }).first()).toBeVisible();
      const original = main
        .getByRole('region', { name: '원문 출처' })
        .getByRole('link', { name: '원문보기' });
      await expect(original).toHaveAttribute('href', shown.originalArticle!.sourceUrl);

      const links = page.getByRole('complementary', { name: '관련 기사' }).getByRole('link');
      await expect(links).toHaveCount(related.articles.length);
      const sectionOf = { news: 'news', insight: 'insights', analysis: 'analysis' } as const;
      expect(await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual(
        related.articles.map((a) => `/${sectionOf[a.type]}/${a.id}`),
      );
      await expect(links.first()).toContainText(shortDate(related.articles[0].publishedAt), {
        useInnerText: true,
      });
    }
  });

  test('content detail: like, unlike, a share popup and copying the link, each with its count and toast', async ({
    e2e,
    viewportName: viewport,
  }) => {
    const shown = await article(e2e.site, pick(viewport, 4));
    const page = await e2e.open({ permissions: ['clipboard-read', 'clipboard-write'] });
    await recordWindowOpen(page);
    await Promise.all([
      page.waitForResponse((r) => apiCall('GET', `/api/interactions/status/${shown.id}`)(r.request())),
      page.waitForResponse((r) => apiCall('POST', `/api/articles/${shown.id}/view`)(r.request())),
      page.goto(`/news/${shown.id}`),
    ]);
    await expect(page.getByRole('heading', { level: 1, name: shown.title })).toBeVisible();

    // The one article page: named '좋아요 N' whether pressed or not; aria-pressed says which.
    const likeButton = (n: number) => page.getByRole('button', { name: `좋아요 ${n}`, exact: true });
    await likeButton(shown.likesCount).click();
    await expectToast(page, '이 기사를 좋아합니다');
    await expect(likeButton(shown.likesCount + 1)).toHaveAttribute('aria-pressed', 'true');
    await likeButton(shown.likesCount + 1).click();
    await expectToast(page, '좋아요가 취소되었습니다');
    await expect(likeButton(shown.likesCount)).toHaveAttribute('aria-pressed', 'false');

    const shares = (n: number) => page.getByLabel(`공유 ${n}회`);
    await expect(shares(shown.sharesCount)).toBeVisible();
    await Promise.all([
      page.waitForResponse((r) => apiCall('POST', `/api/articles/${shown.id}/share`)(r.request()) && r.ok()),
      page.getByRole('button', { name: 'Twitter 공유' }).click(),
    ]);
    const pageUrl = e2e.site.url(`/news/${shown.id}`);
    expect(await windowOpenCalls(page)).toEqual([
      {
        url: `https://twitter.com/intent/tweet?url=${encodeURIComponent(pageUrl)}&text=${encodeURIComponent(shown.title)}`,
        target: 'pulse-share-twitter',
        features: expect.stringMatching(/^width=600,height=400,left=\d+,top=\d+,noopener,noreferrer$/),
      },
    ]);
    await expect(shares(shown.sharesCount + 1)).toBeVisible();

    await page.getByRole('button', { name: '링크 복사' }).click();
    await expectToast(page, '링크가 복사되었습니다');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pageUrl);
    await expect(shares(shown.sharesCount + 2)).toBeVisible();
    expect((await article(e2e.site, shown.id)).sharesCount).toBe(shown.sharesCount + 2);
  });

  test("content detail: a missing image is generated ('AI 이미지 생성 중...') and then shown", async ({
    e2e,
    viewportName: viewport,
  }) => {
    const shown = await article(e2e.site, pick(viewport, 6));
    expect(shown.imageUrl).toBeNull();
    const page = await e2e.open();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let generated: string | undefined;
    await page.route(`**/api/articles/${shown.id}/generate-image`, async (route) => {
      await released;
      const response = await route.fetch();
      generated = ((await response.json()) as { imageUrl?: string }).imageUrl;
      await route.fulfill({ response });
    });
    await page.goto(`/news/${shown.id}`);
    await expect(page.getByRole('status').filter({ hasText: 'AI 이미지 생성 중...' })).toBeVisible();
    release();
    // Either the generated image loads, or the page gives up and says it cannot be loaded.
    const hero = await page.getByRole('article').getByRole('figure').first().elementHandle();
    const settled = await page.waitForFunction((figure) => {
      const img = figure!.querySelector('img');
      if (img?.complete && img.naturalWidth > 0) return { src: img.getAttribute('src'), loaded: true };
      const text = figure!.textContent ?? '';
      return text.includes('이미지를 불러올 수 없습니다') ? { shown: text } : null;
    }, hero);
    expect(generated).toContain(`/api/content/images/${shown.id}/`);
    expect({ ...(await settled.jsonValue()), generated }).toEqual({
      src: generated,
      loaded: true,
      generated,
    });
  });

  test('content detail: unknown id → not found with 돌아가기; malformed id → the invalid-id message', async ({
    e2e,
  }) => {
    const page = await e2e.open();
    await page.goto('/news/abc123');
    const problem = page.getByRole('alert');
    await expect(problem.getByRole('heading', { name: '기사를 찾을 수 없습니다' })).toBeVisible();
    await expect(problem.getByText('요청하신 기사가 존재하지 않거나 삭제되었습니다')).toBeVisible();
    await problem.getByRole('button', { name: '돌아가기' }).click();
    await page.waitForURL((url) => url.pathname === '/news');
    await expect(page.getByRole('heading', { level: 1, name: '뉴스' })).toBeVisible();

    await page.goto(`/insights/${encodeURIComponent('not a valid id!')}`);
    await expect(page.getByRole('alert').getByText('요청하신 기사의 ID가 유효하지 않습니다')).toBeVisible();
  });

  test(
    'counts a view once per browser session, and again in a new session',
    { tag: '@desktop' },
    async ({ e2e }) => {
      const id = news[10];
      // The views the server counted. A new browser's first view is answered 'session-issued' (its cookie
      // comes with that answer, and it counts nothing) and sent once more, so requests are not views.
      const views: Request[] = [];
      const watch = (page: Page) =>
        page.on('response', (response) => {
          const request = response.request();
          if (!apiCall('POST', `/api/articles/${id}/view`)(request)) return;
          void response.json().then(
            (body: { counted?: boolean }) => body.counted === true && views.push(request),
            () => undefined,
          );
        });
      const page = await e2e.open();
      watch(page);
      await page.goto(`/news/${id}`);
      await expect.poll(() => views).toHaveLength(1);
      await page.goto('/news');
      await expect(page.getByRole('tabpanel').getByRole('article').first()).toBeVisible();
      // Requests are reported in order: once a request the page makes after rendering the article is seen,
      // a view it would have counted on that render has been seen too.
      const settled = () =>
        Promise.all([page.waitForRequest('**/healthz'), page.evaluate(() => fetch('/healthz'))]);
      await page.goto(`/news/${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await settled();
      await page.goto(`/article/${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await settled();
      expect(views).toHaveLength(1);

      const another = await e2e.open();
      watch(another);
      await another.goto(`/news/${id}`);
      await expect.poll(() => views).toHaveLength(2);
    },
  );

  test(
    'without JavaScript an article URL carries its head (title, description, canonical, Open Graph, JSON-LD) and text',
    { tag: '@mobile' },
    async ({ e2e }) => {
      const shown = await article(e2e.site, news[0]);
      const page = await e2e.open({ javaScriptEnabled: false });
      for (const path of [`/article/${shown.id}`, `/news/${shown.id}`]) {
        const response = await page.goto(path);
        expect(response!.status()).toBe(200);
        await expect(page).toHaveTitle(`${shown.title} | 펄스`);
        const meta = (key: string) =>
          page.locator(`meta[name="${key}"], meta[property="${key}"]`).first().getAttribute('content');
        expect(await meta('description')).toBe(shown.summary.slice(0, 160));
        const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
        expect(canonical).toMatch(new RegExp(`^https?://[^/]+/article/${shown.id}$`));
        expect(await meta('og:title')).toBe(`${shown.title} | 펄스`);
        expect(await meta('og:type')).toBe('article');
        expect(await meta('og:url')).toBe(canonical);
        expect(await meta('og:locale')).toBe('ko_KR');
        expect(await meta('og:image')).toMatch(/^https?:\/\//);
        expect(await meta('robots')).toBe('index, follow');
        const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
          (text) => JSON.parse(text),
        );
        expect(jsonLd).toContainEqual(
          expect.objectContaining({
            '@type': 'NewsArticle',
            headline: shown.title,
            datePublished: shown.publishedAt,
          }),
        );
        await expect(page.getByRole('heading', { level: 1, name: shown.title })).toBeVisible();
        for (const text of bodyTexts(shown.content))
          await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
      }
      const missing = await page.goto('/no/such/page');
      expect(missing!.status()).toBe(404);
    },
  );
});

/** The text blocks of an article's HTML body, as a reader sees them. */
function bodyTexts(html: string): string[] {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  return Array.from(document.querySelectorAll('p, h2, h3'))
    .map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim())
    .filter((text) => text.length > 0);
}

function apiCall(method: string, pathname: string): (request: Request) => boolean {
  return (request) => request.method() === method && new URL(request.url()).pathname === pathname;
}

async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.getByTestId('toast').filter({ hasText: title });
  await expect(toast.first()).toBeVisible();
  if (description) await toast.first().getByText(description, { exact: true }).waitFor();
  await toast.first().getByRole('button', { name: '알림 닫기' }).click();
}

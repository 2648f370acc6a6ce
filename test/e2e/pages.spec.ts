import type {
  ArchiveResponse,
  CategoryPageResponse,
  SearchPageResponse,
  SearchResponse,
  SidebarDataResponse,
  SourcesResponse,
} from '@pulse/contracts';
import type { Locator, Page } from '@playwright/test';
import { saveScreenshot, VIEWPORTS } from '../support/browser';
import { expect, test } from './support/fixtures';

test.use({ siteOptions: { spec: 'pages' } });

/** The shell's listing and static pages (docs/spec-content.md §2), and the not-found page, at both widths. */
test.describe('category, archive, search, sources and static pages', () => {
  test('/category/gen-ai: breadcrumb, cards, sort and filter in the URL, reset, pagination, sidebar with real counts', async ({
    e2e,
  }) => {
    const api = (query: string) =>
      e2e.site.api<CategoryPageResponse>(`/api/articles/category/gen-ai?${query}`);
    const first = await api('page=1&sort=latest&filter=all');
    const sidebar = await e2e.site.api<SidebarDataResponse>('/api/sidebar-data');
    expect(first.totalPages).toBeGreaterThan(1);
    const page = await e2e.open();
    await page.goto('/category/gen-ai');
    await expect(page.getByRole('heading', { level: 1, name: '생성형 AI' })).toBeVisible();
    await expect(page).toHaveTitle('생성형 AI | 펄스');
    const crumbs = page.getByRole('navigation', { name: '이동 경로' });
    await expect(crumbs).toHaveText('홈 생성형 AI', { useInnerText: true });
    await expect(page.getByRole('link', { name: 'RSS 구독' })).toHaveAttribute(
      'href',
      '/category/gen-ai/rss.xml',
    );
    await expectCards(
      page,
      first.articles.map((a) => a.title),
    );

    const aside = page.getByRole('complementary', { name: '카테고리 정보' });
    await expect(aside.locator('dl')).toHaveText(
      `전체 기사 ${sidebar.articleCounts.total.toLocaleString('ko-KR')} 오늘 새 기사 +${sidebar.articleCounts.today.toLocaleString('ko-KR')}`,
      { useInnerText: true },
    );
    await expect(
      aside.getByRole('link', { name: new RegExp(`^#${sidebar.popularTags[0].name} `) }),
    ).toBeVisible();

    const pages = page.getByRole('navigation', { name: '페이지 이동' });
    await pages.getByRole('link', { name: '2 페이지' }).click();
    await page.waitForURL('**/category/gen-ai?page=2');
    await expectCards(
      page,
      (await api('page=2&sort=latest&filter=all')).articles.map((a) => a.title),
    );
    await expect(pages.getByRole('link', { name: '2 페이지' })).toHaveAttribute('aria-current', 'page');

    await page.getByRole('combobox', { name: '정렬' }).selectOption({ label: '오래된순' });
    await page.waitForURL('**/category/gen-ai?sort=oldest');
    await expectCards(
      page,
      (await api('page=1&sort=oldest&filter=all')).articles.map((a) => a.title),
    );
    await page.getByRole('combobox', { name: '필터' }).selectOption({ label: '이번 주' });
    await page.waitForURL('**/category/gen-ai?sort=oldest&filter=week');
    await expectCards(
      page,
      (await api('page=1&sort=oldest&filter=week')).articles.map((a) => a.title),
    );

    await page.getByRole('button', { name: '초기화' }).click();
    await page.waitForURL((url) => url.pathname === '/category/gen-ai' && url.search === '');
    // The URL changes first; the selects follow on the next render.
    await expect(async () => {
      await expect(page.getByRole('combobox', { name: '정렬' })).toHaveValue('latest');
      await expect(page.getByRole('combobox', { name: '필터' })).toHaveValue('all');
    }).toPass();
  });

  test("/category: legacy names redirect to the slug; an unknown one is 'Category not found'", async ({
    e2e,
  }) => {
    const page = await e2e.open();
    for (const [legacy, slug, name] of [
      ['Gen AI', 'gen-ai', '생성형 AI'],
      ['Big Tech', 'big-tech', '글로벌 빅테크'],
    ]) {
      await page.goto(`/category/${encodeURIComponent(legacy)}`);
      await page.waitForURL(`**/category/${slug}`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    }
    await page.goto('/category/quantum');
    await expect(page.getByRole('heading', { level: 1, name: '카테고리를 찾을 수 없습니다' })).toBeVisible();
    const links = page.getByRole('main').getByRole('link');
    expect(await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual([
      '/category/gen-ai',
      '/category/blockchain',
      '/category/big-tech',
    ]);
  });

  test('/archive: category, sort, period and text go to the URL and to the API; the URL restores them', async ({
    e2e,
  }) => {
    const query = 'page=1&category=blockchain&sort=views&timeframe=month&q=%EA%B2%B0%EC%A0%9C';
    const expected = await e2e.site.api<ArchiveResponse>(`/api/articles/archive?${query}`);
    expect(expected.articles.length).toBeGreaterThan(0);
    const page = await e2e.open();
    const calls: string[] = [];
    page.on(
      'request',
      (r) => r.url().includes('/api/articles/archive') && calls.push(new URL(r.url()).search),
    );
    await page.goto('/archive');
    await expect(page.getByRole('heading', { level: 1, name: '아카이브' })).toBeVisible();
    await expectCards(
      page,
      (await e2e.site.api<ArchiveResponse>('/api/articles/archive?page=1')).articles.map((a) => a.title),
    );

    const filters = page.getByRole('search');
    await filters.getByRole('combobox', { name: '카테고리' }).selectOption({ label: '블록체인' });
    await page.waitForURL('**/archive?category=blockchain');
    await filters.getByRole('combobox', { name: '정렬' }).selectOption({ label: '조회순' });
    await filters.getByRole('combobox', { name: '기간' }).selectOption({ label: '최근 30일' });
    await filters.getByRole('searchbox', { name: '검색어' }).fill(' 결제 ');
    await filters.getByRole('button', { name: '적용' }).click();
    await page.waitForURL(
      `**/archive?category=blockchain&sort=views&timeframe=month&q=${encodeURIComponent('결제')}`,
    );
    await expectCards(
      page,
      expected.articles.map((a) => a.title),
    );
    expect(calls).toContain(`?${query}`);

    await page.reload();
    await expect(async () => {
      await expect(filters.getByRole('combobox', { name: '카테고리' })).toHaveValue('blockchain');
      await expect(filters.getByRole('combobox', { name: '정렬' })).toHaveValue('views');
      await expect(filters.getByRole('combobox', { name: '기간' })).toHaveValue('month');
      await expect(filters.getByRole('searchbox', { name: '검색어' })).toHaveValue('결제');
    }).toPass();
    await expectCards(
      page,
      expected.articles.map((a) => a.title),
    );
  });

  test('/search?q=: the total, results in 3 columns (1 on a phone) linking to /article', async ({
    e2e,
    viewportName: viewport,
  }) => {
    const q = 'AI';
    const results = await e2e.site.api<SearchPageResponse>(`/api/articles/search?q=${q}&page=1`);
    expect(results.pages).toBeGreaterThan(1);
    const page = await e2e.open();
    await page.goto(`/search?q=${q}`);
    await expect(page.getByRole('heading', { level: 1, name: `'${q}' 검색 결과` })).toBeVisible();
    await expect(page.getByText(`총 ${results.total}건`)).toBeVisible();
    const items = page.getByRole('main').getByRole('list').first().getByRole('listitem');
    await expect(items).toHaveCount(results.articles.length);
    expect(await items.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(
      results.articles.map((a) => a.title),
    );
    expect(
      await items.getByRole('link').evaluateAll((all) => all.map((a) => a.getAttribute('href'))),
    ).toEqual(
      // A tech analysis found beside the articles links to its own page.
      results.articles.map((a) => ('kind' in a ? a.url : `/article/${a.id}`)),
    );
    // docs/spec-content.md §9: descriptions cut at 120 characters.
    for (const [index, article] of results.articles.entries()) {
      const summary = article.summary.trim();
      const cut = summary.length > 120 ? `${summary.slice(0, 120).trimEnd()}…` : summary;
      await expect(items.nth(index).getByRole('paragraph')).toHaveText(cut.replace(/\s+/g, ' '), {
        useInnerText: true,
      });
    }
    expect(await columns(items)).toBe(viewport === 'desktop' ? 3 : 1);
    await saveScreenshot(page, `search-${viewport}-${VIEWPORTS[viewport].width}`);
  });

  test('/search pagination: the next page of results, shown from the top', async ({ e2e }) => {
    const q = 'AI';
    const second = await e2e.site.api<SearchResponse>(`/api/articles/search?q=${q}&page=2`);
    const page = await e2e.open();
    await page.goto(`/search?q=${q}`);
    const titles = page.getByRole('main').getByRole('list').first().getByRole('heading', { level: 2 });
    await expect(titles.first()).toBeVisible();
    const next = page.getByRole('navigation', { name: '페이지 이동' }).getByRole('link', { name: '다음' });
    await next.scrollIntoViewIfNeeded();
    await next.click();
    await page.waitForURL(`**/search?q=${q}&page=2`);
    await expect.poll(() => titles.allInnerTexts()).toEqual(second.articles.map((a) => a.title));
    // docs/spec-content.md §2: every route change starts at the top; the reader clicked at the bottom of page 1.
    await expect
      .poll(() => page.evaluate(() => window.scrollY), {
        timeout: 5_000,
      })
      .toBe(0);
  });

  test('/search with an empty q goes home; ?tag= lists the tag', async ({ e2e }) => {
    const page = await e2e.open();
    await page.goto('/search?q=');
    await page.waitForURL((url) => url.pathname === '/' && url.search === '');
    await expect(
      page.getByRole('heading', { level: 1, name: 'AI와 블록체인, 빅테크의 흐름을 가장 빠르게' }),
    ).toBeVisible();

    const tagged = await e2e.site.api<SearchResponse>(
      `/api/articles/search?tag=${encodeURIComponent('샘플')}&page=1`,
    );
    await page.goto(`/search?tag=${encodeURIComponent('샘플')}`);
    await expect(page.getByRole('heading', { level: 1, name: '#샘플 태그 기사' })).toBeVisible();
    await expect(page.getByText(`총 ${tagged.total}건`)).toBeVisible();
  });

  test('/sources: a card per source with its type, a 6-source carousel turning every 2 s, the live indicator', async ({
    e2e,
  }) => {
    const { sources } = await e2e.site.api<SourcesResponse>('/api/sources');
    expect(sources.length).toBeGreaterThan(0);
    const page = await e2e.open();
    await page.clock.install();
    await page.goto('/sources');
    await expect(page.getByRole('heading', { level: 1, name: '뉴스 소스' })).toBeVisible();
    await expect(page.getByText('실시간 수집 중')).toBeVisible();

    const cards = page.getByRole('main').getByRole('list').last().getByRole('listitem');
    await expect(cards).toHaveCount(sources.length);
    const types = { rss: 'RSS', api: 'API', scrape: '스크래핑' } as const;
    for (const [index, source] of sources.entries()) {
      const card = cards.nth(index);
      await expect(card).toContainText(`${source.name} ${types[source.sourceType]}`, { useInnerText: true });
      if (source.description) await card.getByText(source.description, { exact: true }).waitFor();
      await expect(card.getByRole('link')).toHaveAttribute('href', source.url);
      await expect(card.getByLabel(`기사 ${source.count.toLocaleString('ko-KR')}건`)).toHaveCount(1);
    }

    const featured = [...sources].sort((a, b) => b.count - a.count).slice(0, 6);
    const slides = featured.map((source, index) => `${index + 1} / ${featured.length}: ${source.name}`);
    const carousel = page.getByRole('region', { name: '주요 소스' });
    const shown = carousel.getByRole('listitem').filter({ visible: true });
    // The page's clock also runs in real time, so the slide shown now depends on the machine's speed:
    // what is checked is that 2 s on the clock move to another of the six.
    const before = await shown.getAttribute('aria-label');
    expect(slides).toContain(before);
    await page.clock.runFor(2_000);
    await expect(async () => {
      const now = await shown.getAttribute('aria-label');
      expect(slides).toContain(now);
      expect(now).not.toBe(before);
    }).toPass();
  });

  test('/about, /privacy and /sitemap', async ({ e2e }) => {
    const page = await e2e.open();
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: '사이트 소개' })).toBeVisible();
    const signup = page.getByRole('main').getByRole('region', { name: '뉴스레터 구독' });
    await expect(signup.getByRole('button', { name: '구독하기' })).toBeEnabled();
    await expect(signup.getByRole('textbox', { name: '이메일 주소' })).toBeEnabled();

    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1, name: '개인정보처리방침' })).toBeVisible();
    await expect(page.getByText('이 방침은 2023년 5월 3일부터 적용됩니다.')).toBeVisible();
    const sections = page.getByRole('main').getByRole('heading', { level: 2 });
    expect((await sections.allInnerTexts()).map((title) => title.split('.')[0])).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
    ]);
    for (const retention of [
      '계약 또는 청약철회 등에 관한 기록: 5년',
      '소비자의 불만 또는 분쟁처리에 관한 기록: 3년',
      '표시·광고에 관한 기록: 6개월',
    ])
      await expect(page.getByText(retention)).toBeVisible();
    for (const item of [
      '필수 항목: 이메일 주소',
      '선택 항목: 이름',
      '자동 수집 항목: IP 주소, 쿠키, 방문 일시',
    ])
      await expect(page.getByText(item)).toBeVisible();

    await page.goto('/sitemap');
    await expect(page.getByRole('heading', { level: 1, name: '사이트맵' })).toBeVisible();
    const hrefs = await page
      .getByRole('main')
      .getByRole('link')
      .evaluateAll((all) => all.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/',
        '/news',
        '/insights',
        '/tech-analysis',
        '/trending',
        '/community/qa',
        '/search',
        '/archive',
        '/sources',
        '/about',
        '/privacy',
        '/category/gen-ai',
        '/category/gen-ai/rss.xml',
        '/category/blockchain',
        '/category/blockchain/rss.xml',
        '/category/big-tech',
        '/category/big-tech/rss.xml',
        '/rss.xml',
        '/atom.xml',
        '/sitemap.xml',
      ]),
    );
    // '문의하기' leads to the contact page (test/e2e/contact.spec.ts sends a message there).
    expect(hrefs).toContain('/contact');
    await expect(page.getByRole('heading', { level: 2, name: '검색 엔진 최적화' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '업데이트 주기' })).toBeVisible();
  });

  test('an unknown route: HTTP 404 and the not-found page with its developer hint', async ({ e2e }) => {
    const page = await e2e.open();
    const response = await page.goto('/no/such/route');
    expect(response!.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText('No route matches "/no/such/route"')).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: '홈으로 돌아가기' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});

/** The card titles of a listing page, once they match (the page may still show the previous query). */
async function expectCards(page: Page, titles: string[]): Promise<void> {
  const headings = page.getByRole('main').getByRole('article').getByRole('heading', { level: 3 });
  await expect.poll(() => headings.allInnerTexts()).toEqual(titles);
}

/** How many items share the first row of a grid. */
async function columns(items: Locator): Promise<number> {
  const boxes = await items.evaluateAll((all) => all.map((el) => el.getBoundingClientRect().top));
  return boxes.filter((top) => Math.abs(top - boxes[0]) < 2).length;
}

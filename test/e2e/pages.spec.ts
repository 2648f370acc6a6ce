import type {
  ArchiveResponse,
  CategoryPageResponse,
  SearchResponse,
  SidebarDataResponse,
  SourcesResponse,
} from '@pulse/contracts';
import type { Locator, Page } from 'playwright-core';
import { saveScreenshot, textOf, until, VIEWPORT_NAMES, VIEWPORTS } from '../support/browser';
import { useE2e } from './support/suite';

/** Issue 6: the shell's listing and static pages (docs/spec-content.md §2), and the not-found page, at both widths. */
describe('category, archive, search, sources and static pages', () => {
  const e2e = useE2e();

  describe.each(VIEWPORT_NAMES)('at %s width', (viewport) => {
    it('/category/gen-ai: breadcrumb, cards, sort and filter in the URL, reset, pagination, sidebar with real counts', async () => {
      const api = (query: string) =>
        e2e.site.api<CategoryPageResponse>(`/api/articles/category/gen-ai?${query}`);
      const first = await api('page=1&sort=latest&filter=all');
      const sidebar = await e2e.site.api<SidebarDataResponse>('/api/sidebar-data');
      expect(first.totalPages).toBeGreaterThan(1);
      const page = await e2e.open(viewport);
      await page.goto('/category/gen-ai');
      await page.getByRole('heading', { level: 1, name: '생성형 AI' }).waitFor();
      expect(await page.title()).toBe('생성형 AI | 펄스');
      const crumbs = page.getByRole('navigation', { name: '이동 경로' });
      expect(await textOf(crumbs)).toBe('홈 생성형 AI');
      expect(await page.getByRole('link', { name: 'RSS 구독' }).getAttribute('href')).toBe(
        '/category/gen-ai/rss.xml',
      );
      await expectCards(
        page,
        first.articles.map((a) => a.title),
      );

      const aside = page.getByRole('complementary', { name: '카테고리 정보' });
      expect(await textOf(aside.locator('dl'))).toBe(
        `전체 기사 ${sidebar.articleCounts.total.toLocaleString('ko-KR')} 오늘 새 기사 +${sidebar.articleCounts.today.toLocaleString('ko-KR')}`,
      );
      await aside.getByRole('link', { name: new RegExp(`^#${sidebar.popularTags[0].name} `) }).waitFor();

      const pages = page.getByRole('navigation', { name: '페이지 이동' });
      await pages.getByRole('link', { name: '2 페이지' }).click();
      await page.waitForURL('**/category/gen-ai?page=2');
      await expectCards(
        page,
        (await api('page=2&sort=latest&filter=all')).articles.map((a) => a.title),
      );
      expect(await pages.getByRole('link', { name: '2 페이지' }).getAttribute('aria-current')).toBe('page');

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
      await until(async () => {
        expect(await page.getByRole('combobox', { name: '정렬' }).inputValue()).toBe('latest');
        expect(await page.getByRole('combobox', { name: '필터' }).inputValue()).toBe('all');
      });
    });

    it("/category: legacy names redirect to the slug; an unknown one is 'Category not found'", async () => {
      const page = await e2e.open(viewport);
      for (const [legacy, slug, name] of [
        ['Gen AI', 'gen-ai', '생성형 AI'],
        ['Big Tech', 'big-tech', '글로벌 빅테크'],
      ]) {
        await page.goto(`/category/${encodeURIComponent(legacy)}`);
        await page.waitForURL(`**/category/${slug}`);
        await page.getByRole('heading', { level: 1, name }).waitFor();
      }
      await page.goto('/category/quantum');
      await page.getByRole('heading', { level: 1, name: '카테고리를 찾을 수 없습니다' }).waitFor();
      const links = page.getByRole('main').getByRole('link');
      expect(await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual([
        '/category/gen-ai',
        '/category/blockchain',
        '/category/big-tech',
      ]);
    });

    it('/archive: category, sort, period and text go to the URL and to the API; the URL restores them', async () => {
      const query = 'page=1&category=blockchain&sort=views&timeframe=month&q=%EA%B2%B0%EC%A0%9C';
      const expected = await e2e.site.api<ArchiveResponse>(`/api/articles/archive?${query}`);
      expect(expected.articles.length).toBeGreaterThan(0);
      const page = await e2e.open(viewport);
      const calls: string[] = [];
      page.on(
        'request',
        (r) => r.url().includes('/api/articles/archive') && calls.push(new URL(r.url()).search),
      );
      await page.goto('/archive');
      await page.getByRole('heading', { level: 1, name: '아카이브' }).waitFor();
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
      await until(async () => {
        expect(await filters.getByRole('combobox', { name: '카테고리' }).inputValue()).toBe('blockchain');
        expect(await filters.getByRole('combobox', { name: '정렬' }).inputValue()).toBe('views');
        expect(await filters.getByRole('combobox', { name: '기간' }).inputValue()).toBe('month');
        expect(await filters.getByRole('searchbox', { name: '검색어' }).inputValue()).toBe('결제');
      });
      await expectCards(
        page,
        expected.articles.map((a) => a.title),
      );
    });

    it('/search?q=: the total, results in 3 columns (1 on a phone) linking to /article', async () => {
      const q = 'AI';
      const results = await e2e.site.api<SearchResponse>(`/api/articles/search?q=${q}&page=1`);
      expect(results.pages).toBeGreaterThan(1);
      const page = await e2e.open(viewport);
      await page.goto(`/search?q=${q}`);
      await page.getByRole('heading', { level: 1, name: `'${q}' 검색 결과` }).waitFor();
      await page.getByText(`총 ${results.total}건`).waitFor();
      const items = page.getByRole('main').getByRole('list').first().getByRole('listitem');
      await until(async () => expect(await items.count()).toBe(results.articles.length));
      expect(await items.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(
        results.articles.map((a) => a.title),
      );
      expect(
        await items.getByRole('link').evaluateAll((all) => all.map((a) => a.getAttribute('href'))),
      ).toEqual(results.articles.map((a) => `/article/${a.id}`));
      // docs/spec-content.md §9: descriptions cut at 120 characters.
      for (const [index, article] of results.articles.entries()) {
        const summary = article.summary.trim();
        const cut = summary.length > 120 ? `${summary.slice(0, 120).trimEnd()}…` : summary;
        expect(await textOf(items.nth(index).getByRole('paragraph'))).toBe(cut.replace(/\s+/g, ' '));
      }
      expect(await columns(items)).toBe(viewport === 'desktop' ? 3 : 1);
      await saveScreenshot(page, `search-${viewport}-${VIEWPORTS[viewport].width}`);
    });

    it('/search pagination: the next page of results, shown from the top', async () => {
      const q = 'AI';
      const second = await e2e.site.api<SearchResponse>(`/api/articles/search?q=${q}&page=2`);
      const page = await e2e.open(viewport);
      await page.goto(`/search?q=${q}`);
      const titles = page.getByRole('main').getByRole('list').first().getByRole('heading', { level: 2 });
      await titles.first().waitFor();
      const next = page.getByRole('navigation', { name: '페이지 이동' }).getByRole('link', { name: '다음' });
      await next.scrollIntoViewIfNeeded();
      await next.click();
      await page.waitForURL(`**/search?q=${q}&page=2`);
      await until(async () =>
        expect(await titles.allInnerTexts()).toEqual(second.articles.map((a) => a.title)),
      );
      // docs/spec-content.md §2: every route change starts at the top; the reader clicked at the bottom of page 1.
      await until(async () => expect(await page.evaluate(() => window.scrollY)).toBe(0), 5_000);
    });

    it('/search with an empty q goes home; ?tag= lists the tag', async () => {
      const page = await e2e.open(viewport);
      await page.goto('/search?q=');
      await page.waitForURL((url) => url.pathname === '/' && url.search === '');
      await page
        .getByRole('heading', { level: 1, name: 'AI와 블록체인, 빅테크의 흐름을 가장 빠르게' })
        .waitFor();

      const tagged = await e2e.site.api<SearchResponse>(
        `/api/articles/search?tag=${encodeURIComponent('샘플')}&page=1`,
      );
      await page.goto(`/search?tag=${encodeURIComponent('샘플')}`);
      await page.getByRole('heading', { level: 1, name: '#샘플 태그 기사' }).waitFor();
      await page.getByText(`총 ${tagged.total}건`).waitFor();
    });

    it('/sources: a card per source with its type, a 6-source carousel turning every 2 s, the live indicator', async () => {
      const { sources } = await e2e.site.api<SourcesResponse>('/api/sources');
      expect(sources.length).toBeGreaterThan(0);
      const page = await e2e.open(viewport);
      await page.clock.install();
      await page.goto('/sources');
      await page.getByRole('heading', { level: 1, name: '뉴스 소스' }).waitFor();
      await page.getByText('실시간 수집 중').waitFor();

      const cards = page.getByRole('main').getByRole('list').last().getByRole('listitem');
      await until(async () => expect(await cards.count()).toBe(sources.length));
      const types = { rss: 'RSS', api: 'API', scrape: '스크래핑' } as const;
      for (const [index, source] of sources.entries()) {
        const card = cards.nth(index);
        expect(await textOf(card)).toContain(`${source.name} ${types[source.sourceType]}`);
        if (source.description) await card.getByText(source.description, { exact: true }).waitFor();
        expect(await card.getByRole('link').getAttribute('href')).toBe(source.url);
        expect(await card.getByLabel(`기사 ${source.count.toLocaleString('ko-KR')}건`).count()).toBe(1);
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
      await until(async () => {
        const now = await shown.getAttribute('aria-label');
        expect(slides).toContain(now);
        expect(now).not.toBe(before);
      });
    });

    it('/about, /privacy and /sitemap', async () => {
      const page = await e2e.open(viewport);
      await page.goto('/about');
      await page.getByRole('heading', { level: 1, name: '사이트 소개' }).waitFor();
      const signup = page.getByRole('region', { name: '이메일 회원가입' });
      expect(await signup.getByRole('button', { name: '곧 제공됩니다' }).isDisabled()).toBe(true);
      expect(await signup.getByRole('textbox', { name: '이메일 주소' }).isDisabled()).toBe(true);

      await page.goto('/privacy');
      await page.getByRole('heading', { level: 1, name: '개인정보처리방침' }).waitFor();
      await page.getByText('이 방침은 2023년 5월 3일부터 적용됩니다.').waitFor();
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
        await page.getByText(retention).waitFor();
      for (const item of [
        '필수 항목: 이메일 주소',
        '선택 항목: 이름',
        '자동 수집 항목: IP 주소, 쿠키, 방문 일시',
      ])
        await page.getByText(item).waitFor();

      await page.goto('/sitemap');
      await page.getByRole('heading', { level: 1, name: '사이트맵' }).waitFor();
      const hrefs = await page
        .getByRole('main')
        .getByRole('link')
        .evaluateAll((all) => all.map((a) => a.getAttribute('href')));
      expect(hrefs).toEqual(
        expect.arrayContaining([
          '/',
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
          '/contact',
        ]),
      );
      await page.getByRole('heading', { level: 2, name: '검색 엔진 최적화' }).waitFor();
      await page.getByRole('heading', { level: 2, name: '업데이트 주기' }).waitFor();
    });

    it('an unknown route: HTTP 404 and the not-found page with its developer hint', async () => {
      const page = await e2e.open(viewport);
      const response = await page.goto('/no/such/route');
      expect(response!.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
      await page.getByText('No route matches "/no/such/route"').waitFor();
      await page.getByRole('main').getByRole('link', { name: '홈으로 돌아가기' }).click();
      await page.waitForURL((url) => url.pathname === '/');
    });
  });
});

/** The card titles of a listing page, once they match (the page may still show the previous query). */
async function expectCards(page: Page, titles: string[]): Promise<void> {
  const headings = page.getByRole('main').getByRole('article').getByRole('heading', { level: 3 });
  await until(async () => expect(await headings.allInnerTexts()).toEqual(titles));
}

/** How many items share the first row of a grid. */
async function columns(items: Locator): Promise<number> {
  const boxes = await items.evaluateAll((all) => all.map((el) => el.getBoundingClientRect().top));
  return boxes.filter((top) => Math.abs(top - boxes[0]) < 2).length;
}

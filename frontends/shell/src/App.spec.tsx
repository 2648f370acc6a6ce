import {
  cleanup,
  get,
  installFetch,
  pageText,
  queryAll,
  render,
  waitFor,
} from '@pulse/frontend-ui/src/testing';
import { queryClient } from '@pulse/frontend-ui';
import { App } from './App';
import { FOOTER, PRIVACY } from './copy';

// Remote routes need a browser and the federation runtime; frontends/scripts/smoke.e2e.js covers them.
beforeEach(() => {
  queryClient.clear();
  installFetch();
});
afterEach(cleanup);

const heading = () => get('main h1').textContent;

describe('shell routes', () => {
  it('renders home inside the layout: landmarks, skip link, footer and toaster', async () => {
    await render(<App />, '/');
    expect(get('a.skip-link').getAttribute('href')).toBe('#main');
    expect(get('main').id).toBe('main');
    expect(queryAll('header nav a').map((a) => a.getAttribute('href'))).toEqual([
      '/news',
      '/trending',
      '/community/qa',
    ]);
    expect(get('section.toaster ol').getAttribute('aria-live')).toBe('polite');
    expect(pageText()).toContain(`© ${new Date().getFullYear()} 펄스`);
  });

  it('has the footer links of docs/spec-content.md §2, social ones in new tabs and the RSS feed as a plain link', async () => {
    await render(<App />, '/');
    const footer = get('footer');
    const hrefs = [...footer.querySelectorAll('nav a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/category/gen-ai',
      '/category/blockchain',
      '/category/big-tech',
      '/about',
      '/privacy',
      '/sitemap',
      '/rss.xml',
    ]);
    for (const a of footer.querySelectorAll('.social-links a')) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toContain('noopener');
    }
    expect(get('footer a', FOOTER.rss).getAttribute('data-discover')).toBeNull();
    expect(get('footer input[type="email"]')).toBeTruthy();
  });

  it.each([
    ['/about', '사이트 소개'],
    ['/privacy', '개인정보처리방침'],
    ['/sitemap', '사이트맵'],
    ['/archive', '아카이브'],
    ['/sources', '뉴스 소스'],
    ['/category/unknown', '카테고리를 찾을 수 없습니다'],
  ])('loads the lazy page %s', async (url, title) => {
    await render(<App />, url);
    await waitFor(() => expect(heading()).toBe(title));
  });

  it('shows the not-found page with its developer hint for an unknown route', async () => {
    await render(<App />, '/no/such/page');
    expect(heading()).toBe('404 Page Not Found');
    expect(pageText()).toContain('No route matches "/no/such/page"');
  });
});

describe('static pages', () => {
  it('privacy has eight numbered sections, the start date and the retention periods', async () => {
    await render(<App />, '/privacy');
    await waitFor(() => expect(queryAll('.privacy-sections > li')).toHaveLength(8));
    const titles = queryAll('.privacy-sections h2').map((h) => h.textContent);
    expect(titles[0]).toBe('1. 수집하는 개인정보 항목');
    expect(titles[7]).toBe('8. 개인정보 보호책임자');
    const text = pageText();
    expect(text).toContain('2023년 5월 3일');
    for (const period of ['5년', '3년', '6개월']) expect(text).toContain(period);
    for (const item of ['이메일', '이름', 'IP 주소', '쿠키', '방문 일시', '서비스 이용 기록', '기기 정보']) {
      expect(text).toContain(item);
    }
    expect(PRIVACY.sections).toHaveLength(8);
  });

  it('the sitemap page links the main pages, categories with their feeds, the feeds and contact', async () => {
    await render(<App />, '/sitemap');
    await waitFor(() => get('.sitemap'));
    const hrefs = queryAll('.sitemap a').map((a) => a.getAttribute('href'));
    for (const href of ['/', '/search', '/archive', '/sources', '/about', '/privacy', '/contact'])
      expect(hrefs).toContain(href);
    for (const slug of ['gen-ai', 'blockchain', 'big-tech']) {
      expect(hrefs).toContain(`/category/${slug}`);
      expect(hrefs).toContain(`/category/${slug}/rss.xml`);
    }
    for (const feed of ['/rss.xml', '/atom.xml', '/sitemap.xml']) expect(hrefs).toContain(feed);
  });

  it("about shows the email sign-up as 'coming soon', disabled", async () => {
    await render(<App />, '/about');
    await waitFor(() => get('#about-signup'));
    expect((get('#about-signup-email') as HTMLInputElement).disabled).toBe(true);
    expect(pageText()).toContain('곧 제공됩니다');
  });
});

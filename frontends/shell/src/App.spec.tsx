import { installFetch, renderAt } from '@pulse/frontend-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { queryClient } from '@pulse/frontend-ui';
import { App } from './App';
import { FOOTER } from './copy';
import { PRIVACY } from './pages/static/privacy-copy';

// Remote routes need a browser and the federation runtime; frontends/scripts/smoke.e2e.js covers them.
beforeEach(() => {
  queryClient.clear();
  installFetch();
});
const heading = () => within(screen.getByRole('main')).getByRole('heading', { level: 1 }).textContent;

describe('shell routes', () => {
  it('renders home inside the layout: landmarks, skip link, footer and toaster', async () => {
    renderAt(<App />, '/');
    const skip = screen.getAllByRole('link')[0]!;
    expect(skip).toHaveClass('skip-link');
    expect(skip).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    const header = screen.getByRole('banner');
    expect(
      within(within(header).getByRole('navigation'))
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/news', '/insights', '/tech-analysis', '/trending', '/community/qa']);
    expect(within(screen.getByRole('region', { name: '알림' })).getByRole('list')).toHaveAttribute(
      'aria-live',
      'polite',
    );
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} 펄스`);
    await waitFor(() => expect(heading()).toBeTruthy());
  });

  it('has the footer links of docs/spec-content.md §2, every section, and the RSS feed as a plain link', async () => {
    renderAt(<App />, '/');
    const footer = screen.getByRole('contentinfo');
    const hrefs = within(footer)
      .getAllByRole('navigation')
      .flatMap((nav) => within(nav).getAllByRole('link'))
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/news',
      '/insights',
      '/tech-analysis',
      '/trending',
      '/community/qa',
      '/category/gen-ai',
      '/category/blockchain',
      '/category/big-tech',
      '/about',
      '/privacy',
      '/sitemap',
      '/contact',
      '/rss.xml',
    ]);
    // Social links only for the site's own accounts (layout/Footer.spec.tsx); this document names none.
    expect(within(footer).queryByRole('list', { name: '소셜 미디어' })).not.toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: new RegExp(FOOTER.rss) })).not.toHaveAttribute(
      'data-discover',
    );
    expect(within(footer).getByRole('textbox', { name: '이메일 주소' })).toHaveAttribute('type', 'email');
    await waitFor(() => expect(heading()).toBeTruthy());
  });

  it.each([
    ['/about', '사이트 소개'],
    ['/privacy', '개인정보처리방침'],
    ['/sitemap', '사이트맵'],
    ['/contact', '문의하기'],
    ['/archive', '아카이브'],
    ['/sources', '뉴스 소스'],
    ['/category/unknown', '카테고리를 찾을 수 없습니다'],
  ])('loads the lazy page %s', async (url, title) => {
    renderAt(<App />, url);
    await waitFor(() => expect(heading()).toBe(title));
  });

  it('shows the not-found page with its developer hint for an unknown route', async () => {
    renderAt(<App />, '/no/such/page');
    expect(heading()).toBe('404 Page Not Found');
    expect(screen.getByRole('main')).toHaveTextContent('No route matches "/no/such/page"');
  });
});

describe('static pages', () => {
  it('privacy has eight numbered sections, the start date and the retention periods', async () => {
    renderAt(<App />, '/privacy');
    await waitFor(() => expect(heading()).toBe('개인정보처리방침'));
    const sections = screen.getAllByRole('list').find((list) => list.classList.contains('privacy-sections'))!;
    // Its own items, not those of the lists inside them.
    const items = within(sections)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === sections);
    expect(items).toHaveLength(8);
    const titles = within(sections)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(titles[0]).toBe('1. 수집하는 개인정보 항목');
    expect(titles[7]).toBe('8. 개인정보 보호책임자');
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('2023년 5월 3일');
    for (const period of ['5년', '3년', '6개월']) expect(main).toHaveTextContent(period);
    for (const item of ['이메일', '이름', 'IP 주소', '쿠키', '방문 일시', '서비스 이용 기록', '기기 정보']) {
      expect(main).toHaveTextContent(item);
    }
    expect(PRIVACY.sections).toHaveLength(8);
  });

  it('the sitemap page links the main pages, categories with their feeds, the feeds and the contact page', async () => {
    renderAt(<App />, '/sitemap');
    await waitFor(() => expect(heading()).toBe('사이트맵'));
    const hrefs = within(screen.getByRole('main'))
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    for (const href of ['/', '/search', '/archive', '/sources', '/about', '/privacy'])
      expect(hrefs).toContain(href);
    const sections = within(screen.getByRole('region', { name: '섹션' }))
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(sections).toEqual(['/news', '/insights', '/tech-analysis', '/trending', '/community/qa']);
    expect(
      within(screen.getByRole('region', { name: '문의' })).getByRole('link', { name: '문의하기' }),
    ).toHaveAttribute('href', '/contact');
    for (const slug of ['gen-ai', 'blockchain', 'big-tech']) {
      expect(hrefs).toContain(`/category/${slug}`);
      expect(hrefs).toContain(`/category/${slug}/rss.xml`);
    }
    for (const feed of ['/rss.xml', '/atom.xml', '/sitemap.xml']) expect(hrefs).toContain(feed);
  });

  it('about offers the working newsletter sign-up, not a promise of one', async () => {
    renderAt(<App />, '/about');
    // The footer has a sign-up too: this is the one in the page's own content.
    const signup = await within(await screen.findByRole('main')).findByRole('region', {
      name: '뉴스레터 구독',
    });
    expect(await within(signup).findByRole('textbox', { name: '이메일 주소' })).toBeEnabled();
    expect(within(signup).getByRole('button', { name: '구독하기' })).toBeEnabled();
    expect(document.body).not.toHaveTextContent('곧 제공됩니다');
  });

  it('about names the ways to reach the site it has: comments, the Q&A community and the contact page', async () => {
    renderAt(<App />, '/about');
    const contact = await screen.findByRole('region', { name: '의견 남기기' });
    expect(within(contact).getByRole('link', { name: 'Q&A 커뮤니티' })).toHaveAttribute(
      'href',
      '/community/qa',
    );
    expect(within(contact).getByRole('link', { name: '문의하기' })).toHaveAttribute('href', '/contact');
    expect(contact).not.toHaveTextContent(/안내를 통해|전화/);
  });
});

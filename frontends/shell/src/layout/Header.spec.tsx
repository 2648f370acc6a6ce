import { device, location, renderAt } from '@pulse/frontend-ui/testing';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NAV, SEARCH } from '../copy';
import { isCompactNav } from './compact-nav';
import { Header } from './Header';
import { searchPath } from './HeaderSearch';

// The menu is a bare <div> the toggle controls (aria-controls); hidden, its navigation leaves the accessibility tree.
const menu = () => document.getElementById('site-menu')!;
const toggle = () => screen.getByRole('button', { name: /^메뉴 (열기|닫기)$/ });
const searchBox = () => screen.getByRole('searchbox', { name: SEARCH.label });
const search = () =>
  userEvent.click(within(screen.getByRole('search')).getByRole('button', { name: SEARCH.submit }));

describe('header search', () => {
  it('goes to /search?q= with the trimmed query encoded', async () => {
    renderAt(<Header />, '/news');
    const input = searchBox();
    expect(document.querySelector(`label[for="${input.id}"]`)?.textContent).toBe(SEARCH.label);
    await userEvent.type(input, '  오픈AI 투자 & 규제 ');
    await search();
    expect(location()).toBe(`/search?q=${encodeURIComponent('오픈AI 투자 & 규제')}`);
  });

  it('does nothing for an empty or blank query', async () => {
    renderAt(<Header />, '/news');
    await userEvent.type(searchBox(), '   ');
    await search();
    expect(location()).toBe('/news');
    expect(searchPath('')).toBeNull();
    expect(searchPath(' a ')).toBe('/search?q=a');
  });
});

describe('navigation', () => {
  it('links the logo home and every section, without a toggle on a wide screen', async () => {
    renderAt(<Header />);
    const links = within(screen.getByRole('banner')).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/',
      '/news',
      '/insights',
      '/tech-analysis',
      '/trending',
      '/community/qa',
    ]);
    expect(links.slice(1).map((a) => a.textContent)).toEqual([
      '뉴스',
      '인사이트',
      '기술 분석',
      '트렌딩',
      '커뮤니티',
    ]);
    expect(screen.queryByRole('button', { name: /메뉴/ })).not.toBeInTheDocument();
    expect(document.querySelector('button[aria-controls="site-menu"]')).toBeNull();
    expect(menu()).toBeVisible();
    expect(screen.getByRole('navigation', { name: NAV.label })).toBeVisible();
  });

  it('under 768 px collapses into a toggle menu that locks page scroll while open', async () => {
    device.width = 375;
    const user = userEvent.setup();
    renderAt(<Header />);
    expect(menu()).not.toBeVisible();
    expect(screen.queryByRole('navigation', { name: NAV.label })).not.toBeInTheDocument();
    expect(toggle()).toHaveAttribute('aria-controls', 'site-menu');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(toggle()).toHaveAccessibleName(NAV.openMenu);

    await user.click(toggle());
    expect(menu()).toBeVisible();
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(toggle()).toHaveAccessibleName(NAV.closeMenu);
    expect(document.body.style.overflow).toBe('hidden');

    await user.click(toggle());
    expect(menu()).not.toBeVisible();
    expect(document.body.style.overflow || '').toBe('');
  });

  it('closes on an outside click, on a link, and on Escape', async () => {
    device.width = 375;
    const user = userEvent.setup();
    renderAt(<Header />);
    await user.click(toggle());
    expect(menu()).toBeVisible();
    await user.click(document.body);
    expect(menu()).not.toBeVisible();

    await user.click(toggle());
    await user.click(
      within(screen.getByRole('navigation', { name: NAV.label })).getByRole('link', { name: NAV.trending }),
    );
    expect(location()).toBe('/trending');
    expect(menu()).not.toBeVisible();
    expect(document.body.style.overflow || '').toBe('');

    await user.click(toggle());
    expect(menu()).toBeVisible();
    await user.keyboard('{Escape}');
    expect(menu()).not.toBeVisible();
  });

  it('collapses on a wide touch device with a mobile user agent, and follows resizes', async () => {
    device.width = 1024;
    device.touch = true;
    device.userAgent = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Mobile/15E148';
    renderAt(<Header />);
    expect(toggle()).toBeInTheDocument();

    device.touch = false;
    device.userAgent = 'Mozilla/5.0 (X11; Linux x86_64)';
    fireEvent(window, new Event('resize'));
    expect(screen.queryByRole('button', { name: /메뉴/ })).not.toBeInTheDocument();
  });

  it.each([
    [767, 0, 'desktop', true],
    [768, 0, 'desktop', false],
    [1280, 5, 'Mozilla/5.0 (Linux; Android 14) Mobile', true],
    [1280, 5, 'Mozilla/5.0 (Windows NT 10.0)', false],
  ])('isCompactNav(%p px, %p touch points, %p) is %p', (width, touch, ua, expected) => {
    expect(isCompactNav(width, touch, ua)).toBe(expected);
  });
});

describe('shadow', () => {
  it('gets stronger once the page is scrolled more than 10 px', async () => {
    renderAt(<Header />);
    const header = screen.getByRole('banner');
    window.scrollTo(0, 10);
    fireEvent.scroll(window);
    expect(header).not.toHaveClass('site-header--scrolled');
    window.scrollTo(0, 11);
    fireEvent.scroll(window);
    expect(header).toHaveClass('site-header--scrolled');
  });
});

describe('the signed-in reader', () => {
  afterEach(() => {
    localStorage.clear();
    window.dispatchEvent(new Event('pulse:identity'));
  });

  it('sees its nickname leading to /me, and nothing of it once signed out', async () => {
    localStorage.setItem(
      'anonymous_user',
      JSON.stringify({
        id: 'u1',
        username: '헤더독자',
        displayName: '헤더독자',
        isAnonymous: true,
        badges: [],
        createdAt: '2026-03-02T03:00:00.000Z',
        lastActiveAt: new Date().toISOString(),
        sessionId: 's1',
      }),
    );
    renderAt(<Header />, '/news');
    const link = screen.getByRole('link', { name: `헤더독자 ${NAV.me}` });
    expect(link).toHaveAttribute('href', '/me');
    expect(link).toHaveTextContent('헤더독자');
    await userEvent.click(link);
    expect(location()).toBe('/me');
    act(() => {
      localStorage.removeItem('anonymous_user');
      window.dispatchEvent(new Event('pulse:identity'));
    });
    expect(screen.queryByRole('link', { name: /헤더독자/ })).not.toBeInTheDocument();
  });
});

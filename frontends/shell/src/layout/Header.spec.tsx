import {
  cleanup,
  click,
  device,
  fire,
  get,
  location,
  press,
  queryAll,
  render,
  submit,
  type,
} from '@pulse/frontend-ui/src/testing';
import { NAV, SEARCH } from '../copy';
import { isCompactNav } from './compact-nav';
import { Header } from './Header';
import { searchPath } from './HeaderSearch';

afterEach(cleanup);

const menu = () => document.getElementById('site-menu')!;
const toggle = () => get('button[aria-controls="site-menu"]');

describe('header search', () => {
  it('goes to /search?q= with the trimmed query encoded', async () => {
    await render(<Header />, '/news');
    const input = get(`input[type="search"]`);
    expect(document.querySelector(`label[for="${input.id}"]`)?.textContent).toBe(SEARCH.label);
    await type(input, '  오픈AI 투자 & 규제 ');
    await submit(get('form[role="search"]'));
    expect(location()).toBe(`/search?q=${encodeURIComponent('오픈AI 투자 & 규제')}`);
  });

  it('does nothing for an empty or blank query', async () => {
    await render(<Header />, '/news');
    await type(get('input[type="search"]'), '   ');
    await submit(get('form[role="search"]'));
    expect(location()).toBe('/news');
    expect(searchPath('')).toBeNull();
    expect(searchPath(' a ')).toBe('/search?q=a');
  });
});

describe('navigation', () => {
  it('links the logo home and the three sections, without a toggle on a wide screen', async () => {
    await render(<Header />);
    const hrefs = queryAll('header a').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/', '/news', '/trending', '/community/qa']);
    expect(queryAll('button[aria-controls="site-menu"]')).toHaveLength(0);
    expect(menu().hidden).toBe(false);
  });

  it('under 768 px collapses into a toggle menu that locks page scroll while open', async () => {
    device.width = 375;
    await render(<Header />);
    expect(menu().hidden).toBe(true);
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(toggle().getAttribute('aria-label')).toBe(NAV.openMenu);

    await click(toggle());
    expect(menu().hidden).toBe(false);
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(document.body.style.overflow).toBe('hidden');

    await click(toggle());
    expect(menu().hidden).toBe(true);
    expect(document.body.style.overflow || '').toBe('');
  });

  it('closes on an outside click, on a link, and on Escape', async () => {
    device.width = 375;
    await render(<Header />);
    await click(toggle());
    await click(document.body);
    expect(menu().hidden).toBe(true);

    await click(toggle());
    await click(get('nav a', NAV.trending));
    expect(location()).toBe('/trending');
    expect(menu().hidden).toBe(true);
    expect(document.body.style.overflow || '').toBe('');

    await click(toggle());
    await press(document, 'Escape');
    expect(menu().hidden).toBe(true);
  });

  it('collapses on a wide touch device with a mobile user agent, and follows resizes', async () => {
    device.width = 1024;
    device.touch = true;
    device.userAgent = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Mobile/15E148';
    await render(<Header />);
    expect(toggle()).toBeTruthy();

    device.touch = false;
    device.userAgent = 'Mozilla/5.0 (X11; Linux x86_64)';
    await fire(window, 'resize');
    expect(queryAll('button[aria-controls="site-menu"]')).toHaveLength(0);
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
    await render(<Header />);
    const header = get('header');
    window.scrollTo(0, 10);
    await fire(window, 'scroll');
    expect(header.className).not.toContain('site-header--scrolled');
    window.scrollTo(0, 11);
    await fire(window, 'scroll');
    expect(header.className).toContain('site-header--scrolled');
  });
});

import { renderToString } from 'react-dom/server';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { THEME_COLORS, THEME_STORAGE_KEY } from '@pulse/contracts';
import { THEME } from '../copy';
import { ThemeToggle } from './ThemeToggle';

const html = document.documentElement;
const toggle = () => screen.getByRole('button', { name: /^화면 테마/ });
const themeColors = () =>
  [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].map((meta) => meta.content);

beforeEach(() => {
  localStorage.clear();
  html.setAttribute('data-theme', 'system');
  document.head.innerHTML =
    `<meta name="theme-color" content="${THEME_COLORS.light}" media="(prefers-color-scheme: light)">` +
    `<meta name="theme-color" content="${THEME_COLORS.dark}" media="(prefers-color-scheme: dark)">`;
});

describe('ThemeToggle', () => {
  it('cycles 시스템 → 라이트 → 다크 → 시스템, restyling the page and keeping the choice for the next visit', async () => {
    render(<ThemeToggle />);
    expect(toggle()).toHaveAccessibleName(THEME.choice.system);

    await userEvent.click(toggle());
    expect(html).toHaveAttribute('data-theme', 'light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(toggle()).toHaveAccessibleName(THEME.choice.light);
    expect(themeColors()).toEqual([THEME_COLORS.light, THEME_COLORS.light]);

    await userEvent.click(toggle());
    expect(html).toHaveAttribute('data-theme', 'dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(toggle()).toHaveAccessibleName(THEME.choice.dark);
    expect(themeColors()).toEqual([THEME_COLORS.dark, THEME_COLORS.dark]);

    // Back to the system's: nothing kept, and the frame colour follows the system again.
    await userEvent.click(toggle());
    expect(html).toHaveAttribute('data-theme', 'system');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(toggle()).toHaveAccessibleName(THEME.choice.system);
    expect(themeColors()).toEqual([THEME_COLORS.light, THEME_COLORS.dark]);
  });

  it('starts from what the head script put on <html>, frame colour included', () => {
    html.setAttribute('data-theme', 'dark');
    render(<ThemeToggle />);
    expect(toggle()).toHaveAccessibleName(THEME.choice.dark);
    expect(themeColors()).toEqual([THEME_COLORS.dark, THEME_COLORS.dark]);
  });

  it('follows a choice made in another tab of the site', () => {
    render(<ThemeToggle />);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'dark' }));
    });
    expect(html).toHaveAttribute('data-theme', 'dark');
    expect(toggle()).toHaveAccessibleName(THEME.choice.dark);
  });

  it('keeps the choice for the page when storage is refused', async () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('refused', 'SecurityError');
    });
    try {
      render(<ThemeToggle />);
      await userEvent.click(toggle());
      expect(html).toHaveAttribute('data-theme', 'light');
      expect(toggle()).toHaveAccessibleName(THEME.choice.light);
    } finally {
      setItem.mockRestore();
    }
  });

  it('renders on the server without a choice: a generic name, and every short name for the stylesheet to pick', () => {
    const markup = renderToString(<ThemeToggle />);
    expect(markup).toContain(`aria-label="${THEME.toggle}"`);
    for (const name of Object.values(THEME.short)) expect(markup).toContain(`>${name}</span>`);
  });
});

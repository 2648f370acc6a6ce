import {
  THEME_ATTRIBUTE,
  THEME_COLORS,
  THEME_STORAGE_KEY,
  themeChoiceOf,
  type ThemeChoice,
} from '@pulse/contracts';

// The theme in the browser, after the head script (libs/contracts site-theme.ts) has put the stored choice
// on <html>: the attribute is what the page shows, so it is what the toggle reads, and writing a choice is
// storing it and setting the attribute, which restyles the page at once (palette.css).

const CHANGED = 'pulse:theme';

/** The choice the page shows now. */
export function currentThemeChoice(): ThemeChoice {
  return themeChoiceOf(document.documentElement.getAttribute(THEME_ATTRIBUTE));
}

/** Shows `choice` and keeps it for this reader's next visits (unless the browser refuses storage). */
export function applyThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // A private window or a sandboxed frame: the choice holds for this page only.
  }
  showThemeChoice(choice);
}

function showThemeChoice(choice: ThemeChoice): void {
  document.documentElement.setAttribute(THEME_ATTRIBUTE, choice);
  syncThemeColor(choice);
  window.dispatchEvent(new Event(CHANGED));
}

/**
 * The browser's frame colour: the document's two theme-color metas follow the system by their media
 * queries; a reader's own choice overrides both.
 */
export function syncThemeColor(choice: ThemeChoice): void {
  const metas = document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]');
  for (const meta of metas) {
    const own = /dark/.test(meta.getAttribute('media') ?? '') ? THEME_COLORS.dark : THEME_COLORS.light;
    meta.content = choice === 'system' ? own : THEME_COLORS[choice];
  }
}

/** Calls `listener` when the choice changes here or in another tab of the site (which this tab then shows). */
export function subscribeThemeChoice(listener: () => void): () => void {
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) showThemeChoice(themeChoiceOf(event.newValue));
  };
  window.addEventListener(CHANGED, listener);
  window.addEventListener('storage', fromOtherTab);
  return () => {
    window.removeEventListener(CHANGED, listener);
    window.removeEventListener('storage', fromOtherTab);
  };
}

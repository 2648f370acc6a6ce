/**
 * The reader's colour theme, shared by the gateway (which writes the head script into every document and
 * allows it by its hash in the CSP) and the shell (whose header toggle changes it). Documents are held and
 * shared by every reader, so the server never renders a theme: the choice lives in the reader's own
 * storage, and the head script puts it on <html> before the first paint, so a dark page never flashes
 * light. The stylesheet (frontends/shell styles/palette.css) does the rest.
 */

/** The reader's choice: follow the system's setting, or one theme whatever the system says. */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/** Where the choice is kept (localStorage), per reader and browser. */
export const THEME_STORAGE_KEY = 'pulse-theme';

/** The attribute on <html> the stylesheet reads: `data-theme="system|light|dark"`. */
export const THEME_ATTRIBUTE = 'data-theme';

/** The browser's colour for its own frame (`<meta name="theme-color">`): each theme's page colour. */
export const THEME_COLORS = { light: '#ffffff', dark: '#15151c' } as const;

/** A stored value as a choice: anything else (nothing stored, an old or foreign value) is 'system'. */
export function themeChoiceOf(stored: string | null | undefined): ThemeChoice {
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

/** The toggle's order: 시스템 → 라이트 → 다크 → 시스템. */
export function nextThemeChoice(choice: ThemeChoice): ThemeChoice {
  return THEME_CHOICES[(THEME_CHOICES.indexOf(choice) + 1) % THEME_CHOICES.length];
}

/**
 * The inline script at the top of every document's head: the stored choice onto <html>, before anything is
 * painted. Tiny, no dependency, and it must never throw (storage can be refused: a private window, a
 * sandboxed frame), so a failure leaves 'system'. Its text is fixed, so the CSP allows it by its hash.
 */
export const THEME_HEAD_SCRIPT =
  `(function(){var t;try{t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})}catch(e){}` +
  `document.documentElement.setAttribute(${JSON.stringify(THEME_ATTRIBUTE)},` +
  `t==="light"||t==="dark"?t:"system")})()`;

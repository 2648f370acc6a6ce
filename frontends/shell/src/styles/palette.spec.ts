/** @jest-environment node */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { THEME_COLORS } from '@pulse/contracts';

// The palette is every colour of the site, in both themes: these checks keep it so (no colour written
// anywhere else, no variable used that it lacks, the two dark blocks equal) and readable (WCAG AA contrast
// for every pair of text and background the stylesheets put together, 3:1 for controls' edges and focus).

const FRONTENDS = path.join(__dirname, '..', '..', '..');
const palette = readFileSync(path.join(__dirname, 'palette.css'), 'utf8');

/** The stylesheets of the shell and of every remote, by path under frontends/. */
function stylesheets(): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (['node_modules', 'dist'].includes(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.css'))
        found.set(path.relative(FRONTENDS, full), readFileSync(full, 'utf8'));
    }
  };
  for (const project of ['shell', 'news', 'trending', 'tech-analysis', 'qa', 'ui'])
    walk(path.join(FRONTENDS, project, 'src'));
  return found;
}

/** The declarations of the first block whose selector is exactly `selector`. */
function block(css: string, selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no block ${selector}`);
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  const declarations = new Map<string, string>();
  for (const [, name, value] of body
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .matchAll(/(--[\w-]+|color-scheme)\s*:\s*([^;]+);/g))
    declarations.set(name, value.trim());
  return declarations;
}

const light = block(palette, ':root');
const dark = new Map([...light, ...block(palette, ":root[data-theme='dark']")]);
const systemDark = block(
  palette.slice(palette.indexOf('@media (prefers-color-scheme: dark)')),
  "  :root:not([data-theme='light'])",
);

function luminance(hex: string): number {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((c) => c + c).join('') : digits;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}

/** Text colour on background, as the stylesheets pair them. */
const TEXT_PAIRS: [string, string][] = [
  ['--text', '--surface'],
  ['--text', '--surface-alt'],
  ['--muted', '--surface'],
  ['--muted', '--surface-alt'],
  ['--accent', '--surface'],
  ['--accent-strong', '--surface'],
  ['--accent-strong', '--surface-alt'],
  ['--accent-strong', '--accent-soft'],
  ['--on-accent', '--accent'],
  ['--on-accent', '--accent-strong'],
  ['--on-accent', '--hot'],
  ['--on-accent', '--danger'],
  ['--on-accent', '--info'],
  ['--on-accent', '--like'],
  ['--hot', '--surface'],
  ['--danger', '--surface'],
  ['--danger', '--danger-soft'],
  ['--success', '--surface'],
  ['--success', '--success-soft'],
  ['--info', '--surface'],
  ['--info', '--info-soft'],
  ['--text', '--info-soft'],
  ['--warning', '--warning-soft'],
  ['--text', '--warning-soft'],
  ['--purple', '--purple-soft'],
  ['--source-rss', '--source-rss-soft'],
  ['--source-api', '--source-api-soft'],
  ['--source-scrape', '--source-scrape-soft'],
  ['--share-facebook', '--surface'],
  ['--share-twitter', '--surface'],
  ['--share-telegram', '--surface'],
  ['--share-linkedin', '--surface'],
  ['--inverse-text', '--inverse-bg'],
  ['--on-media', '--band-bg'],
  ['--band-muted', '--band-bg'],
  ['--on-media', '--youtube'],
  ['--code-text', '--code-bg'],
  ['--code-head-text', '--code-head'],
  ['--code-muted', '--code-head'],
  ['--code-head-text', '--code-control'],
  ['--tok-keyword', '--code-bg'],
  ['--tok-string', '--code-bg'],
  ['--tok-number', '--code-bg'],
  ['--tok-comment', '--code-bg'],
];

/** Edges a reader must see: controls' borders and the focus ring (drawn in the accent). */
const EDGE_PAIRS: [string, string][] = [
  ['--control-line', '--surface'],
  ['--control-line', '--surface-alt'],
  ['--accent', '--surface'],
  ['--accent', '--surface-alt'],
];

describe('the palette', () => {
  it('is the only place a colour is written', () => {
    const written = [...stylesheets()].flatMap(([file, css]) =>
      file.endsWith('palette.css')
        ? []
        : css
            .replace(/url\("data:[^"]*"\)/g, '')
            .split('\n')
            .filter((line) => /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?)\(/i.test(line))
            .map((line) => `${file}: ${line.trim()}`),
    );
    expect(written).toEqual([]);
  });

  it('defines every variable the stylesheets use', () => {
    const sheets = [...stylesheets().values()].join('\n');
    const defined = new Set([...sheets.matchAll(/(--[\w-]+)\s*:/g)].map(([, name]) => name));
    const used = new Set([...sheets.matchAll(/var\((--[\w-]+)/g)].map(([, name]) => name));
    expect([...used].filter((name) => !defined.has(name))).toEqual([]);
  });

  it("has the same dark values for a reader's choice and for the system's", () => {
    expect(systemDark.size).toBeGreaterThan(0);
    expect(Object.fromEntries(systemDark)).toEqual(
      Object.fromEntries(block(palette, ":root[data-theme='dark']")),
    );
    // And the dark block overrides only what the light one defines (no colour missing from either theme).
    expect([...systemDark.keys()].filter((name) => !light.has(name))).toEqual([]);
  });

  it.each([
    ['light', light],
    ['dark', dark],
  ])('is readable in the %s theme: text 4.5:1, edges 3:1', (_theme, values) => {
    const failing = (pairs: [string, string][], least: number) =>
      pairs
        .map(([fore, back]) => ({ fore, back, ratio: contrast(values.get(fore)!, values.get(back)!) }))
        .filter(({ ratio }) => !(ratio >= least))
        .map(({ fore, back, ratio }) => `${fore} on ${back}: ${ratio.toFixed(2)}`);
    expect(failing(TEXT_PAIRS, 4.5)).toEqual([]);
    expect(failing(EDGE_PAIRS, 3)).toEqual([]);
  });

  it("gives the browser's frame each theme's page colour", () => {
    expect(light.get('--surface')).toBe(THEME_COLORS.light);
    expect(dark.get('--surface')).toBe(THEME_COLORS.dark);
    expect(light.get('color-scheme')).toBe('light');
    expect(dark.get('color-scheme')).toBe('dark');
  });

  it("has the document name both themes and each one's frame colour", () => {
    const index = readFileSync(path.join(__dirname, '..', 'index.html'), 'utf8');
    expect(index).toContain('<meta name="color-scheme" content="light dark" />');
    expect(index).toContain(
      `<meta name="theme-color" content="${THEME_COLORS.light}" media="(prefers-color-scheme: light)" />`,
    );
    expect(index).toContain(
      `<meta name="theme-color" content="${THEME_COLORS.dark}" media="(prefers-color-scheme: dark)" />`,
    );
  });
});

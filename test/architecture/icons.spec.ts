import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BADGE_RULES } from '@pulse/community/src/badges/badge-rules';

// Icons are drawings in the shell's stylesheet, never a font's emoji or symbol (frontends/README.md): each
// name the Icon component accepts and each badge of the community's catalogue must have its drawing there.

const ROOT = path.resolve(__dirname, '../..');
const components = readFileSync(path.join(ROOT, 'frontends/shell/src/styles/components.css'), 'utf8');
const iconSource = readFileSync(path.join(ROOT, 'frontends/ui/src/icons/Icon.tsx'), 'utf8');

/** The SVG a rule of the stylesheet draws, or undefined. */
function drawingOf(selector: string): string | undefined {
  const at = components.indexOf(`${selector} {`);
  if (at < 0) return undefined;
  const body = components.slice(at, components.indexOf('}', at));
  return /--icon:\s*url\("data:image\/svg\+xml,[^"]+"\)/.exec(body)?.[0];
}

describe('icons', () => {
  it('draws every name of the Icon component', () => {
    const union = /export type IconName =([^;]+);/.exec(iconSource)![1]!;
    const names = [...union.matchAll(/'([\w-]+)'/g)].map(([, name]) => name!);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => !drawingOf(`.icon--${name}`))).toEqual([]);
  });

  it("draws every badge of the community's catalogue by its id, not by the API's emoji", () => {
    expect(BADGE_RULES.length).toBeGreaterThan(0);
    const missing = BADGE_RULES.filter(
      ({ id }) => !drawingOf(`.community-badge__icon[data-badge='${id}']`),
    ).map(({ id }) => id);
    expect(missing).toEqual([]);
    // One the stylesheet does not know yet (a badge added later) still gets a drawing: a medal.
    expect(drawingOf('.community-badge__icon')).toBeDefined();
  });

  it("draws the theme toggle's icon for each choice", () => {
    for (const selector of [
      '.theme-toggle__icon',
      ":root[data-theme='light'] .theme-toggle__icon",
      ":root[data-theme='dark'] .theme-toggle__icon",
    ])
      expect({ selector, drawn: Boolean(drawingOf(selector)) }).toEqual({ selector, drawn: true });
  });
});

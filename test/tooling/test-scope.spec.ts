interface Facts {
  requested: string;
  onMain: boolean;
  base: string | undefined;
  changed: string[];
  roots: string[];
  affectedProjects: () => string[];
}
interface Decision {
  scope: 'full' | 'affected';
  reason: string;
  projects?: string[];
}
// A plain CommonJS script that belongs to no project (scripts/test.sh runs it before anything is built),
// so the boundary rule, which knows only projects, is told this one path is meant.
// eslint-disable-next-line @nx/enforce-module-boundaries
const { decide } = require('../../scripts/test-scope') as { decide: (facts: Facts) => Decision };

const roots = ['libs/platform', 'services/content', 'frontends/news', 'test'];
const base = 'a'.repeat(40);
const facts = (overrides: Partial<Facts> = {}): Facts => ({
  requested: 'auto',
  onMain: false,
  base,
  changed: ['services/content/src/x.ts'],
  roots,
  affectedProjects: () => ['services/content'],
  ...overrides,
});

describe('test scope (scripts/test-scope.js)', () => {
  it('runs only the affected projects when every change is inside a project', () => {
    expect(decide(facts())).toEqual({
      scope: 'affected',
      reason: `projects affected since ${base.slice(0, 10)}`,
      projects: ['services/content'],
    });
  });

  it('runs everything on main, without a main ref, or when asked', () => {
    expect(decide(facts({ onMain: true })).scope).toBe('full');
    expect(decide(facts({ base: undefined })).scope).toBe('full');
    expect(decide(facts({ requested: 'full' })).scope).toBe('full');
  });

  it('runs everything when a file outside every project changed, and names it', () => {
    const decision = decide(
      facts({ changed: ['services/content/src/x.ts', 'scripts/test.sh', 'README.md'] }),
    );
    expect(decision).toEqual({
      scope: 'full',
      reason: 'changed outside every project: scripts/test.sh, README.md',
    });
  });

  it('does not take a folder that only starts like a project for that project', () => {
    expect(decide(facts({ changed: ['services/content-old/x.ts'] })).scope).toBe('full');
  });
});

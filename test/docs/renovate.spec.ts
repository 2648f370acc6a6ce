import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

interface PackageRule {
  description?: string;
  matchPackageNames?: string[];
  allowedVersions?: string;
}
const renovate = JSON.parse(read('renovate.json')) as { packageRules: PackageRule[] };
const pkg = JSON.parse(read('package.json')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const declared = { ...pkg.dependencies, ...pkg.devDependencies };

/** The 'Held-back majors' section of docs/dependencies.md. */
function heldBackSection(): string {
  const doc = read('docs/dependencies.md');
  const start = doc.indexOf('## Held-back majors');
  if (start < 0) throw new Error("docs/dependencies.md has no 'Held-back majors' section");
  const end = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, end < 0 ? undefined : end);
}

/** The declared packages a rule's names match (`@nestjs/**` is every package under @nestjs/). */
const matched = (rule: PackageRule): string[] =>
  Object.keys(declared).filter((name) =>
    (rule.matchPackageNames ?? []).some((pattern) =>
      pattern.endsWith('/**') ? name.startsWith(pattern.slice(0, -2)) : name === pattern,
    ),
  );

const held = renovate.packageRules.filter((rule) => rule.allowedVersions !== undefined);

/**
 * The majors Renovate holds back are the ones docs/dependencies.md explains, and the versions in
 * package.json are inside what Renovate allows (a hold that excluded the tree's own version would have
 * Renovate propose a downgrade).
 */
describe('renovate.json and the held-back majors', () => {
  it('says why each hold is there, and says there is none when nothing is held', () => {
    for (const rule of held) expect(rule.description).toMatch(/^Held: .{20,}/);
    // The section's first word after its title: 'None.' exactly when renovate.json holds nothing.
    const saysNone = /^## Held-back majors\s+None\./.test(heldBackSection());
    expect({ held: held.length, saysNone }).toEqual({ held: held.length, saysNone: held.length === 0 });
  });

  // One test per hold; it.each refuses an empty table, and with nothing held there is nothing to check.
  const holds = held.map((rule) => [rule.matchPackageNames?.join(', '), rule] as const);
  if (holds.length > 0)
    it.each(holds)('%s: documented, and the declared versions are allowed', (_names, rule) => {
      const names = matched(rule);
      expect(names.length).toBeGreaterThan(0);
      const section = heldBackSection();
      expect(
        names.some(
          (name) => section.includes(`\`${name}\``) || section.includes(`\`${name.split('/')[0]}/*\``),
        ),
      ).toBe(true);
      for (const name of names) {
        const version = declared[name].replace(/^[\^~]/, '');
        const below = /^<(\d+)$/.exec(rule.allowedVersions!);
        if (below) expect(Number(version.split('.')[0])).toBeLessThan(Number(below[1]));
        else expect(declared[name]).toBe(rule.allowedVersions);
      }
    });
});

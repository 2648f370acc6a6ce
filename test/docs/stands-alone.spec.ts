import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const TEXT_FILE = /\.(ts|tsx|js|cjs|mjs|md|ya?ml|sh|json|css|html)$|(^|\/)(Dockerfile|\.env\.example)$/;

/** Every tracked text file, with its content (the specs themselves excluded where said). */
function trackedTextFiles(): Array<{ file: string; text: string }> {
  const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n');
  return files
    .filter((file) => TEXT_FILE.test(file) && !file.endsWith('package-lock.json'))
    .map((file) => {
      try {
        return { file, text: readFileSync(path.join(ROOT, file), 'utf8') };
      } catch {
        return { file, text: '' }; // listed but deleted in the working tree
      }
    });
}

/** The section numbers a document has: `## 7.` headings, and numbered items `N.` under `## 11.`. */
function sectionsOf(doc: string): Set<string> {
  const text = readFileSync(path.join(ROOT, 'docs', doc), 'utf8');
  const sections = new Set<string>();
  let current = '';
  for (const line of text.split('\n')) {
    const heading = /^## (\d+)\./.exec(line);
    if (heading) {
      current = heading[1];
      sections.add(current);
      continue;
    }
    const item = /^(\d+)\. /.exec(line);
    if (item && current) sections.add(`${current}.${item[1]}`);
  }
  return sections;
}

/**
 * The repository stands alone: a newcomer who clones it has only what is in it. Design decisions are in
 * docs/design.md, the product requirements in docs/spec-*.md, and every section a comment points to
 * exists there.
 */
describe('the repository stands alone', () => {
  const files = trackedTextFiles();
  /** `file:line: text` of every line matching `pattern`, this spec (which names the patterns) aside. */
  const linesMatching = (pattern: RegExp): string[] =>
    files
      .filter(({ file }) => file !== 'test/docs/stands-alone.spec.ts')
      .flatMap(({ file, text }) =>
        text
          .split('\n')
          .map((line, index) => ({ line, index }))
          .filter(({ line }) => pattern.test(line))
          .map(({ index, line }) => `${file}:${index + 1}: ${line.trim()}`),
      );

  it('points to no document outside the repository', () => {
    const outside =
      /DESIGN \u00a7|DESIGN\.md|shared\/(seeds|STYLE|COMMUNITY-NOTES|MEASUREMENTS)|seeds\/00[01]|[Ss]eed 00[01] §/;
    expect(linesMatching(outside)).toEqual([]);
  });

  it('cites no issue tracker (the repository has none)', () => {
    const citation = /\bissues? \d+/i;
    expect(linesMatching(citation)).toEqual([]);
  });

  it("names only sections that exist when it points into a document (README.md 'Tests', docs/testing.md 'Graceful shutdown')", () => {
    // A section is a heading, a bold lead (**Calibration**) or a paragraph's first words ('Rolling restart:').
    const sectionsIn = (text: string): string[] =>
      text
        .split('\n')
        .map((line) => /^#+ (.*)$/.exec(line)?.[1] ?? /^\*\*([^*]+)\*\*/.exec(line)?.[1] ?? line)
        .map((line) => line.trim());
    const reference =
      /(?<![\w/.-])((?:[\w.-]+\/)*(?:README|[\w.-]+\.md)) (['"])([^'"\n]{2,80}(?:\n\s*\*?\s*[^'"\n]{1,80})?)\2/g;
    const documents = new Map(
      files.filter(({ file }) => file.endsWith('.md')).map(({ file, text }) => [file, text]),
    );
    const missing = files.flatMap(({ file, text }) =>
      [...text.matchAll(reference)].flatMap((match) => {
        const named = match[1] === 'README' ? 'README.md' : match[1];
        const section = match[3].replace(/\s*\n\s*\*?\s*/g, ' ').trim();
        const target = [named, path.posix.join(path.posix.dirname(file), named)].find((candidate) =>
          documents.has(candidate),
        );
        if (!target) return named.endsWith('.md') ? [`${file}: ${named} (no such document)`] : [];
        return sectionsIn(documents.get(target)!).some((heading) => heading.startsWith(section))
          ? []
          : [`${file}: ${named} '${section}'`];
      }),
    );
    expect(missing).toEqual([]);
  });

  it.each([
    ['design.md', /docs\/design\.md §(\d+(?:\.\d+)?)/g],
    ['spec-content.md', /docs\/spec-content\.md §(\d+)/g],
    ['spec-community.md', /docs\/spec-community\.md §(\d+)/g],
  ])('every section of docs/%s that a file points to exists', (doc, reference) => {
    const sections = sectionsOf(doc);
    const missing = files.flatMap(({ file, text }) =>
      [...text.matchAll(reference)]
        .filter((match) => !sections.has(match[1]))
        .map((match) => `${file}: §${match[1]}`),
    );
    expect(sections.size).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });
});

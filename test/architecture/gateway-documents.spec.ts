import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const GATEWAY_SRC = path.join(ROOT, 'gateway', 'src');
const DOCUMENTS = path.join(GATEWAY_SRC, 'documents');
/** The gateway serves documents; the pages describe themselves in their front ends (ARCHITECTURE.md). */
const MAX_DOCUMENTS_CODE_LINES = 600;

const isProduction = (file: string) => file.endsWith('.ts') && !file.endsWith('.spec.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(file) : isProduction(file) ? [file] : [];
  });
}

/** Lines that are code: neither blank nor comment (block comments, JSDoc and `//` lines). */
function codeLines(text: string): number {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.trim().startsWith('//')).length;
}

/** The files of gateway/src a file imports (relative imports and re-exports, types included). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:import|export)\b[^'"]*?from\s+'(\.{1,2}\/[^']+)'/g)].map(
    (match) => match[1]!,
  );
  return specifiers.map((specifier) => `${path.resolve(path.dirname(file), specifier)}.ts`);
}

/** Every import cycle among `files`, each as the files along it. */
function importCycles(files: readonly string[]): string[][] {
  return cyclesIn(
    new Map(files.map((file) => [file, importsOf(file).filter((target) => files.includes(target))])),
  );
}

/** The cycles of a graph (node → the nodes it points to), each found once, from where the walk entered it. */
function cyclesIn(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const walk = (file: string, trail: string[]) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'visiting') {
      cycles.push([...trail.slice(trail.indexOf(file)), file]);
      return;
    }
    state.set(file, 'visiting');
    for (const target of graph.get(file) ?? []) walk(target, [...trail, file]);
    state.set(file, 'done');
  };
  for (const file of graph.keys()) walk(file, []);
  return cycles;
}

const relative = (file: string) => path.relative(ROOT, file);

describe('the gateway’s documents', () => {
  it(`are under ${MAX_DOCUMENTS_CODE_LINES} lines of production code: no page is described there`, () => {
    const lines = sourceFiles(DOCUMENTS).map((file) => ({
      file: relative(file),
      lines: codeLines(readFileSync(file, 'utf8')),
    }));
    const total = lines.reduce((sum, { lines: count }) => sum + count, 0);
    // The files with their counts, so a failure shows where the lines went.
    expect({ total: total < MAX_DOCUMENTS_CODE_LINES ? 'under' : total, lines }).toEqual({
      total: 'under',
      lines,
    });
  });

  it('and the rest of the gateway import one another without a cycle', () => {
    expect(importCycles(sourceFiles(GATEWAY_SRC)).map((cycle) => cycle.map(relative))).toEqual([]);
  });

  it('counts code lines and finds cycles (the checks above can fail)', () => {
    expect(codeLines('/**\n * a\n */\nconst a = 1;\n\n// b\nconst b = 2; // c\n')).toBe(2);
    const plugin = path.join(DOCUMENTS, 'documents.plugin.ts');
    expect(importsOf(plugin)).toContain(path.join(DOCUMENTS, 'document-renderer.ts'));
    expect(importsOf(plugin)).toContain(path.join(GATEWAY_SRC, 'edge', 'held-cache.ts'));
    const graph = new Map([
      ['renderer', ['source']],
      ['source', ['plugin']],
      ['plugin', ['renderer']],
      ['head', []],
    ]);
    expect(cyclesIn(graph)).toEqual([['renderer', 'source', 'plugin', 'renderer']]);
    expect(
      cyclesIn(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });
});

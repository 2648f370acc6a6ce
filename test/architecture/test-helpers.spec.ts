import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../..');
// The build itself says which folders ship (asked in a child process: a script, not a project to import),
// so this spec follows it when a service is added.
const SOURCE_DIRS = JSON.parse(
  execFileSync(process.execPath, ['-p', "JSON.stringify(require('./scripts/build-server.js').SOURCE_DIRS)"], {
    cwd: ROOT,
    encoding: 'utf8',
  }),
) as string[];
const isSpec = (name: string): boolean => /\.spec\.tsx?$/.test(name);

/** Names the house gives test helpers; none belongs in a folder that is compiled into dist/. */
const HELPER_NAME =
  /(^|\/)testing\/|fixture|(^|[/.-])fakes?[.-]|test-helpers|-test-(app|kit)|test-fixtures|-stub\./;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : filesUnder(full);
    return [full];
  });
}

const isTypeScript = (file: string): boolean => /\.tsx?$/.test(file) && !file.endsWith('.d.ts');
const relative = (file: string): string => path.relative(ROOT, file).split(path.sep).join('/');

/** Every TypeScript file the production build compiles. */
const compiled = SOURCE_DIRS.flatMap((dir) => filesUnder(path.join(ROOT, dir))).filter(
  (file) => isTypeScript(file) && !isSpec(path.basename(file)),
);

/** What a file imports, resolved the way the compiler resolves it (paths of tsconfig.base.json, workspace links). */
function importsOf(file: string, options: ts.CompilerOptions): { specifier: string; resolved?: string }[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles.map(({ fileName }) => ({
    specifier: fileName,
    resolved: ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName,
  }));
}

/**
 * Test helpers never ship: they live in each project's `testing/` folder beside `src/`, which
 * scripts/build-server.js does not compile, and production code cannot reach libs/testing.
 */
describe('test code stays out of the production build', () => {
  const { config } = ts.readConfigFile(path.join(ROOT, 'tsconfig.base.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);

  it('compiles no file named as a test helper', () => {
    expect(compiled.map(relative).filter((file) => HELPER_NAME.test(file))).toEqual([]);
  });

  it('compiles no file that imports libs/testing', () => {
    const importers = compiled.filter((file) =>
      importsOf(file, options).some(({ specifier }) => /^@pulse\/testing(\/|$)/.test(specifier)),
    );
    expect(importers.map(relative)).toEqual([]);
  });

  it('compiles only files a process entry point reaches (a file only specs import belongs in testing/)', () => {
    const inBuild = new Set(compiled);
    const entries = compiled.filter((file) => {
      const name = path.basename(file);
      const packageMain = /\/(libs\/[^/]+|services\/[^/]+|gateway|embedded)\/src\/index\.ts$/.test(file);
      return name === 'main.ts' || name.endsWith('.main.ts') || packageMain;
    });
    const reached = new Set<string>();
    const pending = [...entries];
    while (pending.length > 0) {
      const file = pending.pop()!;
      if (reached.has(file)) continue;
      reached.add(file);
      for (const { resolved } of importsOf(file, options))
        if (resolved && inBuild.has(path.resolve(resolved))) pending.push(path.resolve(resolved));
    }
    expect(entries.length).toBeGreaterThan(10);
    expect(compiled.filter((file) => !reached.has(file)).map(relative)).toEqual([]);
  });

  it('leaves the built dist/ without a test helper', () => {
    mkdirSync(path.join(ROOT, '.cache'), { recursive: true });
    const outDir = mkdtempSync(path.join(ROOT, '.cache', 'build-helpers-'));
    try {
      execFileSync(process.execPath, ['scripts/build-server.js', outDir], { cwd: ROOT, stdio: 'pipe' });
      const built = filesUnder(outDir).map((file) => path.relative(outDir, file).split(path.sep).join('/'));
      expect(built).toContain('services/community/src/main.js');
      expect(built.filter((file) => HELPER_NAME.test(file))).toEqual([]);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});

/**
 * The front ends' `src/` is what rspack bundles from; their test helpers live in `testing/` beside it (the
 * jsdom preset, fetch mocks, fixtures), so a helper is never one import away from a bundle.
 */
describe("test code stays out of the front ends' src/", () => {
  it('holds no file named as a test helper under frontends/*/src', () => {
    const frontEnds = readdirSync(path.join(ROOT, 'frontends'), { withFileTypes: true })
      .filter(
        (entry) =>
          entry.isDirectory() && readdirSync(path.join(ROOT, 'frontends', entry.name)).includes('src'),
      )
      .map((entry) => path.join(ROOT, 'frontends', entry.name, 'src'));
    expect(frontEnds.length).toBeGreaterThanOrEqual(6);
    const sources = frontEnds.flatMap(filesUnder).filter((file) => !isSpec(path.basename(file)));
    expect(
      sources.map(relative).filter((file) => HELPER_NAME.test(file.replace(/^frontends\/[^/]+\//, ''))),
    ).toEqual([]);
  });
});

/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Module federation shares react-router as the exports listed in frontends/router-exports.js (see
// rspack.common.js), and every remote renders with the shell's copy. A name imported anywhere in the front
// ends but missing from that list would build, then be undefined in the browser: this catches it.
const FRONTENDS = path.resolve(__dirname, '../../..');
const PROJECTS = ['shell', 'news', 'trending', 'tech-analysis', 'qa', 'ui'];

/**
 * Bundled sources: tests and test helpers import the real package (MemoryRouter) and are not bundled, and
 * the shell's server render (src/server, its own bundle without module federation) imports StaticRouter.
 */
const UNSHARED_DIRS = new Set(['test', 'testing', 'server']);

function bundledSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return UNSHARED_DIRS.has(entry.name) ? [] : bundledSources(full);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function namedImports(source: string, from: string): string[] {
  const pattern = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+'${from}'`, 'g');
  return [...source.matchAll(pattern)]
    .filter((match) => !match[1])
    .flatMap((match) => match[2].split(','))
    .map((name) => name.trim())
    .filter((name) => name && !name.startsWith('type '))
    .map((name) => name.split(/\s+as\s+/)[0]);
}

const sources = PROJECTS.flatMap((project) => bundledSources(path.join(FRONTENDS, project, 'src'))).map(
  (file) => ({ file: path.relative(FRONTENDS, file), text: readFileSync(file, 'utf8') }),
);
const shared = (
  /export\s*\{([^}]*)\}\s*from\s*'react-router-entry'/.exec(
    readFileSync(path.join(FRONTENDS, 'router-exports.js'), 'utf8'),
  )?.[1] ?? ''
)
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);

describe('the shared router exports (frontends/router-exports.js)', () => {
  it('finds the front ends’ sources and the shared names', () => {
    expect(sources.length).toBeGreaterThan(50);
    expect(shared).toEqual(expect.arrayContaining(['BrowserRouter', 'Routes', 'useLocation']));
  });

  it('lists every name the bundled sources import from react-router', () => {
    const missing = sources.flatMap(({ file, text }) =>
      namedImports(text, 'react-router')
        .filter((name) => !shared.includes(name))
        .map((name) => `${name} (${file})`),
    );
    expect(missing).toEqual([]);
  });

  it('has no bundled source import a path of react-router or its entry alias, which are not shared', () => {
    const direct = sources
      .filter(({ text }) => /from\s+'react-router(\/[^']*|-entry)'/.test(text))
      .map((s) => s.file);
    expect(direct).toEqual([]);
  });
});

// TanStack Query is shared the same way, as the exports listed in frontends/query-exports.js.
const sharedQueryExports = (
  /export\s*\{([^}]*)\}\s*from\s*'tanstack-react-query-entry'/.exec(
    readFileSync(path.join(FRONTENDS, 'query-exports.js'), 'utf8'),
  )?.[1] ?? ''
)
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);

describe('the shared TanStack Query exports (frontends/query-exports.js)', () => {
  it('lists every name the bundled sources import from @tanstack/react-query', () => {
    expect(sharedQueryExports).toEqual(expect.arrayContaining(['QueryClient', 'useQuery']));
    const missing = sources.flatMap(({ file, text }) =>
      namedImports(text, '@tanstack/react-query')
        .filter((name) => !sharedQueryExports.includes(name))
        .map((name) => `${name} (${file})`),
    );
    expect(missing).toEqual([]);
  });
});

#!/usr/bin/env node
'use strict';
// Compiles the server side (libs/contracts, libs/platform, the gateway, every service, embedded) from
// TypeScript to CommonJS JavaScript under dist/, mirroring the source tree:
//
//   services/content/src/main.ts  →  dist/services/content/src/main.js (+ .js.map)
//
// Production images run these files with plain `node` (see the Dockerfile), so they need neither the
// TypeScript compiler nor @swc-node/register. Development and tests keep running the sources through
// @swc-node/register; both use the same SWC settings (legacy decorators with metadata, which Nest needs).
//
// @pulse/* imports are rewritten by SWC into relative paths from tsconfig.base.json's `paths`, and since
// dist/ mirrors the sources those paths stay valid there. Data files beside the code (JSON samples read
// through __dirname) are copied as they are. Specs and declaration files are left out; test helpers live
// beside src/, in each project's testing/ folder, so they are never compiled (test/architecture checks).
//
// Usage: node scripts/build-server.js [outDir]   (default dist/; replaced as a whole. The output must stay
// inside the repository, where Node finds node_modules from it.)
const fs = require('node:fs');
const path = require('node:path');
const swc = require('@swc/core');

const ROOT = path.resolve(__dirname, '..');
const OUT = path.resolve(ROOT, process.argv[2] ?? 'dist');

const SOURCE_DIRS = [
  'libs/contracts/src',
  'libs/platform/src',
  'gateway/src',
  ...fs
    .readdirSync(path.join(ROOT, 'services'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(ROOT, 'services', d.name, 'src')))
    .map((d) => `services/${d.name}/src`),
  'embedded/src',
];

const isSpec = (name) => /\.spec\.tsx?$/.test(name);
const isTypeScript = (name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts');
const isCopied = (name) => !/\.(tsx?|md)$/.test(name);

/**
 * tsconfig.base.json's `paths` (@pulse/contracts, @pulse/platform/*, …), plus the workspace packages
 * that the sources reach through their node_modules link and `main` (embedded imports @pulse/gateway and
 * the services that way).
 */
function readPaths() {
  // tsconfig.base.json is JSON without comments, so JSON.parse reads it.
  const { compilerOptions } = JSON.parse(fs.readFileSync(path.join(ROOT, 'tsconfig.base.json'), 'utf8'));
  const paths = { ...compilerOptions.paths };
  for (const dir of SOURCE_DIRS) {
    const pkgDir = path.dirname(dir);
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, pkgDir, 'package.json'), 'utf8'));
    if (!paths[pkg.name] && pkg.main) paths[pkg.name] = [`./${pkgDir}/${pkg.main}`];
  }
  return paths;
}

function swcOptions(paths) {
  return {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: false },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: true },
      target: 'es2024',
      keepClassNames: true,
      baseUrl: ROOT,
      paths,
    },
    module: { type: 'commonjs', strict: false },
    sourceMaps: true,
    swcrc: false,
    configFile: false,
  };
}

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') yield* walk(full);
    } else yield full;
  }
}

function build() {
  const started = Date.now();
  const options = swcOptions(readPaths());
  fs.rmSync(OUT, { recursive: true, force: true });
  let compiled = 0;
  let copied = 0;
  for (const dir of SOURCE_DIRS) {
    for (const file of walk(path.join(ROOT, dir))) {
      const rel = path.relative(ROOT, file);
      const name = path.basename(file);
      if (isSpec(name)) continue;
      if (isTypeScript(name)) {
        const target = path.join(OUT, rel.replace(/\.tsx?$/, '.js'));
        const { code, map } = swc.transformFileSync(file, {
          ...options,
          filename: file,
          sourceFileName: path.relative(path.dirname(target), file),
        });
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, `${code}\n//# sourceMappingURL=${path.basename(target)}.map\n`);
        if (map) fs.writeFileSync(`${target}.map`, map);
        compiled += 1;
      } else if (isCopied(name)) {
        const target = path.join(OUT, rel);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.copyFileSync(file, target);
        copied += 1;
      }
    }
  }
  console.log(
    `${path.relative(ROOT, OUT)}/: ${compiled} files compiled, ${copied} copied in ${Date.now() - started} ms`,
  );
}

module.exports = { SOURCE_DIRS };

if (require.main === module) build();

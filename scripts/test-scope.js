#!/usr/bin/env node
// What `npm test` runs (README.md 'Tests'): everything on main, only what a change affects on a branch.
//
// Nx's project graph decides: `nx show projects --affected` against the branch's merge base with main
// (committed, uncommitted and untracked changes alike). A change to a file that belongs to no project
// (scripts/, .ci/, the root configs, the README that test/docs checks, k8s/, infra/) could touch anything,
// so it runs everything, as does HEAD on main itself (CI on a clean clone of main), a missing main ref, or
// PULSE_TEST_SCOPE=full. Prints shell assignments for scripts/test.sh to eval.
const { execFileSync } = require('node:child_process');
const path = require('node:path');
const fs = require('node:fs');

const root = path.resolve(__dirname, '..');
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
const tryGit = (...args) => {
  try {
    return git(...args);
  } catch {
    return undefined;
  }
};

/** Workspace project folders, from the root package.json's workspaces globs (one level of `*`). */
function projectRoots() {
  const { workspaces } = require(path.join(root, 'package.json'));
  return workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return fs
      .readdirSync(path.join(root, parent), { withFileTypes: true })
      .filter(
        (entry) => entry.isDirectory() && fs.existsSync(path.join(root, parent, entry.name, 'package.json')),
      )
      .map((entry) => `${parent}/${entry.name}`);
  });
}

/** Files changed since `base`: commits on the branch, staged, unstaged and untracked. */
function changedFiles(base) {
  const lists = [
    git('diff', '--name-only', `${base}...HEAD`),
    git('diff', '--name-only', 'HEAD'),
    git('ls-files', '--others', '--exclude-standard'),
  ];
  return [...new Set(lists.join('\n').split('\n').filter(Boolean))];
}

/**
 * The decision, from facts only (scripts/test-scope.spec.js): `full` with its reason, or `affected` with
 * the projects Nx named.
 */
function decide({ requested, onMain, base, changed, roots, affectedProjects }) {
  if (requested === 'full') return { scope: 'full', reason: 'PULSE_TEST_SCOPE=full' };
  if (!base) return { scope: 'full', reason: 'no main branch to compare with' };
  if (onMain) return { scope: 'full', reason: 'HEAD is on main' };
  const outside = changed.filter((file) => !roots.some((dir) => file.startsWith(`${dir}/`)));
  if (outside.length > 0)
    return { scope: 'full', reason: `changed outside every project: ${outside.slice(0, 3).join(', ')}` };
  return {
    scope: 'affected',
    reason: `projects affected since ${base.slice(0, 10)}`,
    projects: affectedProjects(),
  };
}

/** The Jest displayName of each project folder that has a jest.config.js (what --selectProjects takes). */
function jestNames(projectDirs) {
  return projectDirs
    .map((dir) => path.join(root, dir, 'jest.config.js'))
    .filter((file) => fs.existsSync(file))
    .map((file) => require(file).displayName);
}

function main() {
  const requested = process.env.PULSE_TEST_SCOPE ?? 'auto';
  const base = tryGit('merge-base', 'HEAD', 'main');
  const onMain = base !== undefined && base === git('rev-parse', 'HEAD');
  const roots = projectRoots();
  const decision = decide({
    requested,
    onMain,
    base,
    changed: base ? changedFiles(base) : [],
    roots,
    affectedProjects: () => {
      const names = JSON.parse(
        execFileSync('npx', ['nx', 'show', 'projects', '--affected', `--base=${base}`, '--json'], {
          cwd: root,
          encoding: 'utf8',
          env: { ...process.env, NX_DAEMON: 'false' },
        }),
      );
      return roots.filter((dir) => names.includes(require(path.join(root, dir, 'package.json')).name));
    },
  });
  const quote = (value) => `'${String(value).replaceAll("'", "'\\''")}'`;
  const lines = [`TEST_SCOPE=${decision.scope}`, `TEST_SCOPE_REASON=${quote(decision.reason)}`];
  if (decision.scope === 'affected') {
    const names = decision.projects.map((dir) => require(path.join(root, dir, 'package.json')).name);
    lines.push(`TEST_SCOPE_BASE=${base}`);
    lines.push(`TEST_SCOPE_PROJECTS=${quote(names.join(','))}`);
    lines.push(`TEST_SCOPE_JEST=${quote(jestNames(decision.projects).join(' '))}`);
    // The browser tier exercises the whole site: the embedded launcher (which imports every service and
    // the gateway), the built front ends and the tests themselves.
    const e2e = decision.projects.some(
      (dir) => ['test', 'embedded'].includes(dir) || dir.startsWith('frontends/'),
    );
    lines.push(`TEST_SCOPE_E2E=${e2e ? 1 : 0}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

module.exports = { decide };
if (require.main === module) main();

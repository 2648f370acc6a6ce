// Preloaded by the `npm run` scripts that run TypeScript (package.json), and runnable on its own before
// the others: on a Node other than the pinned one (.node-version) it says so in one line and stops, instead
// of letting a benchmark fail somewhere inside a dependency (undici on Node 20, for one).
const { readFileSync } = require('node:fs');
const path = require('node:path');

const wanted = readFileSync(path.join(__dirname, '..', '.node-version'), 'utf8')
  .trim()
  .replace(/^v/, '');
if (process.versions.node.split('.')[0] !== wanted.split('.')[0]) {
  process.stderr.write(
    `Pulse runs on Node ${wanted} (.node-version); this is Node ${process.versions.node}. ` +
      'Run `source scripts/use-node.sh` in this shell first (it fetches that Node from the npm registry once), then the command again.\n',
  );
  process.exit(1);
}

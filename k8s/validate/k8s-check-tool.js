'use strict';
// The Go program in k8s/check (kustomize as a library, strict decoding into the Kubernetes API types,
// compose-go), built from the Go module proxy into the git-ignored .cache/infra/bin on first use and again
// whenever its source changes. Without Go the checks fail with the reason: nothing is skipped.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync, spawnSync } = require('node:child_process');
const { ROOT } = require('./files');

const SOURCE = path.join(ROOT, 'k8s/check');
const BIN_DIR = path.join(ROOT, '.cache/infra/bin');
const BIN = path.join(BIN_DIR, 'k8s-check');
const STAMP = path.join(BIN_DIR, '.k8s-check-source');

const sourceHash = () => {
  const hash = crypto.createHash('sha256');
  for (const file of fs.readdirSync(SOURCE).sort())
    hash.update(file).update(fs.readFileSync(path.join(SOURCE, file)));
  return hash.digest('hex');
};

let built;

/** The path of the built tool; builds it when missing or stale. */
function k8sCheckTool() {
  if (built) return built;
  const wanted = sourceHash();
  const current = fs.existsSync(STAMP) ? fs.readFileSync(STAMP, 'utf8') : '';
  if (!fs.existsSync(BIN) || current !== wanted) {
    if (spawnSync('go', ['version']).status !== 0)
      throw new Error('go not found: it builds k8s/check (kustomize, Kubernetes API types, compose-go)');
    console.log('  … building k8s/check with Go (first run: modules from the Go module proxy)');
    fs.mkdirSync(BIN_DIR, { recursive: true });
    execFileSync('go', ['build', '-o', BIN, '.'], { cwd: SOURCE, stdio: ['ignore', 'inherit', 'inherit'] });
    fs.writeFileSync(STAMP, wanted);
  }
  built = BIN;
  return built;
}

/** Runs the tool; resolves to stdout, or throws with its stderr as the message. */
function runK8sCheck(args) {
  const result = spawnSync(k8sCheckTool(), args, {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0)
    throw new Error((result.stderr || result.stdout || `exit ${result.status}`).trim());
  return result.stdout;
}

module.exports = { k8sCheckTool, runK8sCheck };

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, REPO_ROOT, startProcess, untilReady, type RunningProcess } from '../support/processes';

/**
 * What the production images run: the SWC build (scripts/build-server.js) started with plain `node`, no
 * @swc-node/register. Type stripping is switched off, so loading any TypeScript file would fail.
 */
describe('compiled build (scripts/build-server.js, as in the Dockerfile)', () => {
  let outDir: string;
  let dataDir: string;
  let site: RunningProcess | undefined;
  let port: number;

  beforeAll(async () => {
    // Inside the repository: compiled files find node_modules by walking up from where they are.
    mkdirSync(path.join(REPO_ROOT, '.cache'), { recursive: true });
    outDir = mkdtempSync(path.join(REPO_ROOT, '.cache', 'build-test-'));
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-compiled-'));
    execFileSync(process.execPath, ['scripts/build-server.js', outDir], { cwd: REPO_ROOT, stdio: 'pipe' });
    port = await freePort();
  });

  afterAll(async () => {
    await site?.stop();
    rmSync(outDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes JavaScript for every process entry, beside the data files the code reads', () => {
    for (const entry of [
      'gateway/src/main.js',
      'embedded/src/main.js',
      ...['content', 'ingestion', 'translation', 'trending', 'community', 'newsletter', 'newsroom'].map(
        (name) => `services/${name}/src/main.js`,
      ),
      'services/content/src/tech-analysis/demo/samples/01-ai-ml-pytorch.json',
    ])
      expect(existsSync(path.join(outDir, entry))).toBe(true);
    expect(existsSync(path.join(outDir, 'services/content/src/main.ts'))).toBe(false);
  });

  it('starts the whole site from the compiled files with plain node and answers /readyz', async () => {
    site = startProcess(
      process.execPath,
      ['--no-experimental-strip-types', '--enable-source-maps', path.join(outDir, 'embedded/src/main.js')],
      { PORT: String(port), PULSE_DATA_DIR: dataDir },
    );
    await untilReady(site, `http://127.0.0.1:${port}`);
    const unknown = await fetch(`http://127.0.0.1:${port}/api/nothing-here`);
    expect(unknown.status).toBe(404);
  });
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually } from '@pulse/testing';
import {
  childProcessesOf,
  freePort,
  listeningPortsOf,
  REPO_ROOT,
  startProcess,
  type RunningProcess,
} from '../support/processes';

const SERVICES = ['content', 'ingestion', 'translation', 'trending', 'community', 'newsletter', 'newsroom'];
/** /readyz names its checks only to the admin credential (libs/platform health.controller.ts). */
const ADMIN_TOKEN = 'embedded-admin-token-0123456789';

/** `npm start` (scripts/start.sh): the gateway and every service in one process, on one port, no other server. */
describe('embedded mode (npm start)', () => {
  let site: RunningProcess;
  let port: number;
  let dataDir: string;

  beforeAll(async () => {
    port = await freePort();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-embedded-'));
    // Exactly what the README's first command runs; its last step `exec`s node, so this pid is the site.
    // PATH without the pinned Node that `npm test` put first: start.sh must find it by itself.
    const pathWithoutPinnedNode = (process.env.PATH ?? '')
      .split(path.delimiter)
      .filter((dir) => !dir.includes(`${path.sep}.cache${path.sep}node${path.sep}`))
      .join(path.delimiter);
    site = startProcess('bash', ['scripts/start.sh'], {
      PORT: String(port),
      PULSE_DATA_DIR: dataDir,
      PATH: pathWithoutPinnedNode,
      ADMIN_TOKEN,
    });
  });

  afterAll(async () => {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers /readyz on the gateway with every service ready', async () => {
    const body = await eventually(
      async () => {
        if (site.child.exitCode !== null) throw new Error(`site exited early:\n${site.output()}`);
        const response = await fetch(`http://127.0.0.1:${port}/readyz`, {
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        });
        const json = (await response.json()) as { status: string; checks: Record<string, { ok: boolean }> };
        if (response.status !== 200) throw new Error(`readyz ${response.status}: ${JSON.stringify(json)}`);
        return json;
      },
      { timeoutMs: 90_000, intervalMs: 250 },
    );
    expect(body.status).toBe('ready');
    for (const service of SERVICES)
      expect(body.checks[service]).toMatchObject({ ok: true, adapter: 'in-process' });
  });

  it('runs as one process listening on one port, with no other server process', () => {
    expect(childProcessesOf(site.child.pid!)).toEqual([]);
    expect(listeningPortsOf(site.child.pid!)).toEqual([port]);
  });

  it('runs on the Node version pinned in .node-version', () => {
    const pinned = readFileSync(path.join(REPO_ROOT, '.node-version'), 'utf8').trim().replace(/^v/, '');
    const executable = readlinkSync(`/proc/${site.child.pid}/exe`);
    expect(execFileSync(executable, ['-p', 'process.version'], { encoding: 'utf8' }).trim()).toBe(
      `v${pinned}`,
    );
  });

  it('routes /api/* to the owning service and answers unknown API paths with a JSON 404', async () => {
    const unknown = await fetch(`http://127.0.0.1:${port}/api/nothing-here`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});

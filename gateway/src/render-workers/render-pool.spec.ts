import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PageRead } from '@pulse/contracts';
import { capturingLogger } from '../../testing/test-gateway';
import { RenderPool } from './render-pool';

/**
 * A stand-in for the shell's server bundle: each page says which thread drew it and what its read
 * answered; /broken throws, /exit ends its worker thread mid-render.
 */
const BUNDLE = `
const { isMainThread, threadId } = require('node:worker_threads');
exports.renderPage = async ({ url, readApi, siteUrl }) => {
  if (url === '/broken') throw new Error('component failed');
  if (url === '/exit') process.exit(3);
  const answer = await readApi('/api/articles/a1');
  return {
    html: '<main>' + JSON.stringify({ isMainThread, threadId, answer, siteUrl }) + '</main>',
    queryData: '{}',
    description: { status: 200, cache: 'public', cacheTags: [] },
  };
};`;

describe('RenderPool: pages rendered in worker threads, their reads answered by the gateway', () => {
  let dir: string;
  let pool: RenderPool;
  const log = capturingLogger();
  const reads: string[] = [];
  const readApi = async (apiPath: string): Promise<PageRead> => {
    reads.push(apiPath);
    return { status: 200, body: { read: apiPath } };
  };
  const drawn = (html: string | undefined) =>
    JSON.parse(/<main>(.*)<\/main>/.exec(html ?? '')?.[1] ?? 'null') as {
      isMainThread: boolean;
      threadId: number;
      answer: PageRead;
      siteUrl: string;
    };

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pulse-render-pool-'));
    mkdirSync(path.join(dir, 'shell', 'dist', 'server'), { recursive: true });
    writeFileSync(path.join(dir, 'shell', 'dist', 'server', 'render.js'), BUNDLE);
    pool = new RenderPool(
      {
        size: 2,
        bundleFile: path.join(dir, 'shell', 'dist', 'server', 'render.js'),
        frontendsDir: dir,
        logLevel: 'info',
        remoteUrls: () => ({}),
      },
      { documentUrl: async (url) => url.split('?')[0] },
      log.logger,
    );
  });

  afterAll(async () => {
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('renders off the gateway thread, in as many workers as it is sized to, with the reads answered here', async () => {
    const pages = await Promise.all(
      ['/a', '/b', '/c', '/d'].map((url) => pool.render(url, readApi, 'https://pulse.example')),
    );
    const seen = pages.map((page) => drawn(page?.html));
    expect(seen.every((page) => !page.isMainThread)).toBe(true);
    expect(new Set(seen.map((page) => page.threadId)).size).toBe(2);
    expect(seen[0].answer).toEqual({ status: 200, body: { read: '/api/articles/a1' } });
    expect(seen[0].siteUrl).toBe('https://pulse.example');
    expect(reads.filter((read) => read === '/api/articles/a1')).toHaveLength(4);
  });

  it("answers a failed render with no page and writes the worker's log line in the gateway's log", async () => {
    await expect(pool.render('/broken', readApi, 'https://pulse.example')).resolves.toBeUndefined();
    const line = log.lines().find((entry) => entry.msg === 'server render failed; generic document');
    expect(line).toMatchObject({ level: 50, url: '/broken' });
  });

  it('gives a render whose worker died no page, and renders the next page in a new worker', async () => {
    await expect(pool.render('/exit', readApi, 'https://pulse.example')).resolves.toBeUndefined();
    const next = await pool.render('/after', readApi, 'https://pulse.example');
    expect(drawn(next?.html).isMainThread).toBe(false);
  });
});

import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { capturingLogger } from '../../testing/test-gateway';
import { remoteDeployment, type RemoteDeployment } from './remote-deployment';
import { linkServerModule } from './remote-server-module';
import { MAX_INLINE_STYLE_BYTES, REMOTE_RECHECK_MS, RemoteServerModules } from './remote-server-modules';

const REMOTE_DIRS = ['trending', 'qa'];

/** A remote's server bundle as remoteServerConfig builds it: CommonJS, the shared libraries required. */
const serverBundle = (label: string) => `
const react = require('react');
exports.ServerApp = () => react.label + ' ${label}';`;

const manifest = (css: string[], publicPath = 'auto') =>
  JSON.stringify({
    metaData: { publicPath },
    exposes: [{ path: './App', assets: { css: { sync: css, async: ['later.css'] } } }],
  });

/** What linkServerModule hands the remote for 'react': a stand-in the test can recognise. */
const SHARED = { react: { label: 'shell react' } };

const renderedBy = (module: unknown) => (module as { ServerApp: () => string }).ServerApp();

describe('linkServerModule', () => {
  it('runs a CommonJS bundle with the shared libraries as its only requires', () => {
    expect(renderedBy(linkServerModule(serverBundle('v1'), 'render.js', SHARED))).toBe('shell react v1');
  });

  it('refuses a bundle that requires what the shell does not share', () => {
    expect(() => linkServerModule("require('node:fs');", 'render.js', SHARED)).toThrow(
      "render.js requires 'node:fs', which the shell's server bundle does not share",
    );
  });
});

describe('remoteDeployment', () => {
  it('reads this site’s /remotes/<dir>/ from FRONTENDS_DIR/<dir>/dist, other origins over HTTP', () => {
    const local = remoteDeployment('/remotes/trending/mf-manifest.json', '/srv/frontends', REMOTE_DIRS);
    expect(local?.manifestFile).toBe('mf-manifest.json');
    expect(local?.urlOf('server/render.js')).toBe('/remotes/trending/server/render.js');
    const cdn = remoteDeployment('https://cdn.example/trending/1.0.0/mf-manifest.json', '/srv', REMOTE_DIRS);
    expect(cdn?.urlOf('server/render.js')).toBe('https://cdn.example/trending/1.0.0/server/render.js');
  });

  it('reads nothing it cannot place: another path of this site, an unknown remote, a climb out', () => {
    for (const url of [
      '/elsewhere/mf-manifest.json',
      '/remotes/news/mf-manifest.json',
      '/remotes/trending/../../etc/mf-manifest.json',
      'ftp://cdn.example/mf-manifest.json',
    ])
      expect({ url, deployment: remoteDeployment(url, '/srv', REMOTE_DIRS) }).toEqual({
        url,
        deployment: undefined,
      });
  });
});

describe('RemoteServerModules', () => {
  let frontends: string;
  let dist: string;
  let clock: number;
  const log = capturingLogger();
  const write = (relative: string, text: string) => {
    mkdirSync(path.dirname(path.join(dist, relative)), { recursive: true });
    writeFileSync(path.join(dist, relative), text);
  };
  /** The local deployment of 'trending', with the files it read counted. */
  const counted = (deployment: RemoteDeployment) => {
    const reads: string[] = [];
    return {
      reads,
      deployment: { ...deployment, read: (file: string) => (reads.push(file), deployment.read(file)) },
    };
  };

  beforeEach(() => {
    frontends = mkdtempSync(path.join(os.tmpdir(), 'pulse-remotes-'));
    dist = path.join(frontends, 'trending', 'dist');
    clock = 0;
  });
  afterEach(() => rmSync(frontends, { recursive: true, force: true }));

  const modulesOf = (deployment: RemoteDeployment | undefined) =>
    new RemoteServerModules(
      (name) => (name === 'trending' ? deployment : undefined),
      log.logger,
      () => clock,
    );
  const local = () => remoteDeployment('/remotes/trending/mf-manifest.json', frontends, REMOTE_DIRS)!;

  it('loads the server bundle beside the manifest, with the stylesheets the App loads first', async () => {
    write('mf-manifest.json', manifest(['app.1234abcd.css']));
    write('server/render.js', serverBundle('v1'));
    const loaded = await modulesOf(local()).load('trending', SHARED);
    expect(renderedBy(loaded?.module)).toBe('shell react v1');
    expect(loaded?.stylesheets).toEqual(['/remotes/trending/app.1234abcd.css']);
  });

  it('gives the text of a small, self-contained App stylesheet for the head, with its CSP hash', async () => {
    write('mf-manifest.json', manifest(['a.css', 'b.css']));
    write('server/render.js', serverBundle('v1'));
    write('a.css', '.trending{color:red}');
    write('b.css', '.rank{margin:0}');
    const loaded = await modulesOf(local()).load('trending', SHARED);
    const css = '.trending{color:red}\n.rank{margin:0}';
    expect(loaded?.inlineStyle).toEqual({
      css,
      hash: `'sha256-${createHash('sha256').update(css).digest('base64')}'`,
    });
    expect(loaded?.stylesheets).toEqual(['/remotes/trending/a.css', '/remotes/trending/b.css']);

    // Linked instead: a relative reference, something that could close <style>, too large, or files
    // served from a publicPath elsewhere.
    for (const text of [
      '.a{background:url(./x.png)}',
      "@import 'other.css';",
      '.a{content:"</style><script>"}',
      `.a{color:red}${' '.repeat(MAX_INLINE_STYLE_BYTES)}`,
    ]) {
      write('a.css', text);
      write('mf-manifest.json', manifest(['a.css']));
      const loaded = await modulesOf(local()).load('trending', SHARED);
      expect({ text: text.slice(0, 30), inline: loaded?.inlineStyle }).toEqual({
        text: text.slice(0, 30),
        inline: undefined,
      });
    }
    write('a.css', '.a{color:red}');
    write('mf-manifest.json', manifest(['a.css'], 'https://static.example/trending/'));
    expect((await modulesOf(local()).load('trending', SHARED))?.inlineStyle).toBeUndefined();
  });

  it('keeps a loaded bundle, reads the manifest again after a while, and reloads when it changed', async () => {
    write('mf-manifest.json', manifest(['a.css']));
    write('server/render.js', serverBundle('v1'));
    const { reads, deployment } = counted(local());
    const modules = modulesOf(deployment);
    const [first, second] = await Promise.all([
      modules.load('trending', SHARED),
      modules.load('trending', SHARED),
    ]);
    expect(second).toBe(first);
    // a.css for its text (inlineStyle); it does not exist here, so the page links it.
    expect(reads).toEqual(['mf-manifest.json', 'server/render.js', 'a.css']);
    expect(first?.inlineStyle).toBeUndefined();

    clock += REMOTE_RECHECK_MS - 1;
    expect(await modules.load('trending', SHARED)).toBe(first);
    clock += 1;
    expect(await modules.load('trending', SHARED)).toBe(first);
    expect(reads).toEqual(['mf-manifest.json', 'server/render.js', 'a.css', 'mf-manifest.json']);

    // Redeployed in place: new hashed files, so a new manifest.
    write('mf-manifest.json', manifest(['b.css']));
    write('server/render.js', serverBundle('v2'));
    clock += REMOTE_RECHECK_MS;
    const redeployed = await modules.load('trending', SHARED);
    expect(renderedBy(redeployed?.module)).toBe('shell react v2');
    expect(redeployed?.stylesheets).toEqual(['/remotes/trending/b.css']);
  });

  it('links the bundle again for another shell bundle (a rebuilt shell shares other instances)', async () => {
    write('mf-manifest.json', manifest([]));
    write('server/render.js', serverBundle('v1'));
    const modules = modulesOf(local());
    await modules.load('trending', SHARED);
    const relinked = await modules.load('trending', { react: { label: 'rebuilt react' } });
    expect(renderedBy(relinked?.module)).toBe('rebuilt react v1');
  });

  it('gives nothing for a remote without a server bundle, one that throws, or one not readable here', async () => {
    const warnings = () =>
      log.lines().filter((line) => line['msg'] === 'remote server bundle not loadable; <noscript> documents')
        .length;
    const before = warnings();
    write('mf-manifest.json', manifest([]));
    const modules = modulesOf(local());
    expect(await modules.load('trending', SHARED)).toBeUndefined();
    write('server/render.js', "throw new Error('broken at load');");
    clock += REMOTE_RECHECK_MS;
    expect(await modules.load('trending', SHARED)).toBeUndefined();
    // Said once while it lasts, not at every recheck.
    expect(warnings()).toBe(before + 1);
    write('server/render.js', serverBundle('v1'));
    clock += REMOTE_RECHECK_MS;
    expect(await modules.load('trending', SHARED)).toBeDefined();
    expect(await modulesOf(undefined).load('trending', SHARED)).toBeUndefined();
    expect(await modules.load('qa', SHARED)).toBeUndefined();
  });

  it('reads a deployment on another origin over HTTP, its stylesheets addressed there', async () => {
    const files: Record<string, string> = {
      'https://cdn.example/trending/2/mf-manifest.json': manifest(['app.css']),
      'https://cdn.example/trending/2/server/render.js': serverBundle('cdn'),
    };
    const fetchImpl = (async (url: string) => {
      const text = files[url];
      return text === undefined ? new Response('', { status: 404 }) : new Response(text);
    }) as typeof fetch;
    const cdn = remoteDeployment(
      'https://cdn.example/trending/2/mf-manifest.json',
      frontends,
      REMOTE_DIRS,
      fetchImpl,
    );
    const loaded = await modulesOf(cdn).load('trending', SHARED);
    expect(renderedBy(loaded?.module)).toBe('shell react cdn');
    expect(loaded?.stylesheets).toEqual(['https://cdn.example/trending/2/app.css']);

    delete files['https://cdn.example/trending/2/server/render.js'];
    expect(await modulesOf(cdn).load('trending', SHARED)).toBeUndefined();
  });
});

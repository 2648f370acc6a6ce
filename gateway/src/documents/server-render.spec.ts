import { createHash } from 'node:crypto';
import 'reflect-metadata';
import { parseHTML } from 'linkedom';
import { sampleArticle } from '../../testing/sample-article';
import {
  capturingLogger,
  FakeUpstream,
  jsonResponse,
  startTestGateway,
  type TestGateway,
} from '../../testing/test-gateway';
import type { ForwardRequest } from '../upstreams/upstream';

/**
 * A stand-in for frontends/shell/dist/server/render.js with the same exports: it reads one API path through
 * the gateway and renders the id it got, or throws for /about, or declines (undefined) for /sources, or
 * draws its not-found page for /privacy (as a remote does for a path none of its routes serves); a
 * remote's page (/trending, /community) it renders with the remote's server module it is given, whose
 * shared 'label' library is its own.
 */
const FAKE_BUNDLE = `
exports.SHARED_MODULES = { label: { text: 'linked to the shell' } };
exports.remoteOf = (url) =>
  url.startsWith('/trending') ? 'trending' : url.startsWith('/community') ? 'qa' : undefined;
exports.renderPage = async ({ url, readApi, remotes = {} }) => {
  const remote = exports.remoteOf(url);
  if (remote) {
    const module = remotes[remote];
    return module ? { html: '<main>' + module.ServerApp() + '</main>', queryData: '{}' } : undefined;
  }
  if (url === '/sources') return undefined;
  if (url === '/about') throw new Error('component failed');
  if (url === '/privacy')
    return { html: '<main><h1>404 Page Not Found</h1></main>', queryData: '{}', status: 404 };
  const answer = await readApi('/api/articles/a1b2c3');
  const title = answer ? answer.article.id : '(no answer)';
  return { html: '<main><h1>' + title + '</h1><p>' + url + '</p></main>', queryData: JSON.stringify({ k: '</script>' }) };
};`;

/** The trending remote as deployed in FRONTENDS_DIR: its manifest and server bundle (qa has neither). */
const TRENDING_REMOTE = {
  'trending/dist/mf-manifest.json': JSON.stringify({
    metaData: { publicPath: 'auto' },
    exposes: [{ path: './App', assets: { css: { sync: ['app.1234abcd.css'] } } }],
  }),
  'trending/dist/app.1234abcd.css': '.trending-page{color:#111}',
  'trending/dist/server/render.js': `
const label = require('label');
exports.ServerApp = () => '<h1>trending ' + label.text + '</h1>';`,
};

function contentAnswer(request: ForwardRequest) {
  if (request.url === '/api/articles/a1b2c3') return jsonResponse(200, { article: sampleArticle() });
  return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'no such item' });
}

describe('HTML documents rendered by the shell’s server bundle', () => {
  let gateway: TestGateway;
  let content: FakeUpstream;
  const log = capturingLogger();
  const get = async (path: string) => {
    const response = await fetch(`${gateway.base}${path}`);
    const html = await response.text();
    return { status: response.status, html, document: parseHTML(html).document, headers: response.headers };
  };

  beforeAll(async () => {
    content = new FakeUpstream('content', ['/api/articles'], contentAnswer);
    gateway = await startTestGateway({
      upstreams: [content],
      serverBundle: FAKE_BUNDLE,
      frontendFiles: TRENDING_REMOTE,
      logger: log.logger,
    });
  });

  afterAll(() => gateway.close());

  it('puts the rendered markup in #root, outside <noscript>, with its answers before </body>', async () => {
    // The render is of the canonical URL: the search page reads q, not utm_source (page-queries.ts).
    const page = await get('/search?utm_source=mail&q=x');
    expect(page.status).toBe(200);
    const root = page.document.getElementById('root');
    expect(root?.querySelector('main > h1')?.textContent).toBe(sampleArticle().id);
    expect(root?.querySelector('main > p')?.textContent).toBe('/search?q=x');
    expect(root?.querySelector('noscript')).toBeNull();
    // The head is still the gateway's.
    expect(page.document.title).toBe("'x' 검색 결과 | 펄스");
    const seed = page.document.getElementById('pulse-query-seed');
    expect(seed?.getAttribute('type')).toBe('application/json');
    expect(page.html).not.toContain('"</script>"');
    expect(JSON.parse(seed?.textContent ?? '')).toEqual({ k: '</script>' });
  });

  it('reads the API through the upstreams, under the request id of the document', async () => {
    const before = content.requests.length;
    await get('/category/gen-ai');
    const read = content.requests.slice(before).find((request) => request.url === '/api/articles/a1b2c3');
    expect(read?.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('preloads a rendered article’s hero image, at high priority', async () => {
    const page = await get('/article/a1b2c3');
    const preload = page.document.querySelector('link[rel="preload"][as="image"]');
    expect(preload?.getAttribute('href')).toBe(sampleArticle().imageUrl);
    expect(preload?.getAttribute('fetchpriority')).toBe('high');
    expect(page.document.querySelector('#root main h1')?.textContent).toBe(sampleArticle().id);
  });

  it('renders a remote’s page with its server module from where it is deployed, its stylesheet written in and allowed by hash', async () => {
    const page = await get('/trending');
    expect(page.status).toBe(200);
    expect(page.document.querySelector('#root main h1')?.textContent).toBe('trending linked to the shell');
    const links = [...page.document.querySelectorAll('head link[rel="stylesheet"]')];
    expect(links.map((link) => link.getAttribute('href'))).not.toContain(
      '/remotes/trending/app.1234abcd.css',
    );
    expect(page.document.querySelector('head style')?.textContent).toBe('.trending-page{color:#111}');
    const hash = createHash('sha256').update('.trending-page{color:#111}').digest('base64');
    const styleSrc = page.headers
      .get('content-security-policy')
      ?.split(';')
      .find((directive) => directive.startsWith('style-src '));
    expect(styleSrc).toBe(`style-src 'self' 'sha256-${hash}'`);
    // The shell's own pages keep the site's policy.
    const home = await get('/');
    expect(home.headers.get('content-security-policy')).toContain("style-src 'self';");
    expect(page.document.getElementById('pulse-query-seed')).not.toBeNull();
  });

  it('sends the document without server markup when the bundle declines a page, its render fails, or a remote has no server module', async () => {
    for (const path of ['/sources', '/about', '/community']) {
      const page = await get(path);
      expect(page.status).toBe(200);
      expect(page.document.querySelector('#root main')).toBeNull();
      expect(page.document.getElementById('pulse-query-seed')).toBeNull();
      expect(page.document.querySelector('link[rel="preload"]')).toBeNull();
    }
    expect(log.lines().some((line) => line['msg'] === 'server render failed; <noscript> document')).toBe(
      true,
    );
  });

  it('answers 404 with the not-found head when the page the render drew is its not-found page', async () => {
    const page = await get('/privacy');
    expect(page.status).toBe(404);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.document.title).toBe('페이지를 찾을 수 없습니다 | 펄스');
    expect(page.document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
      'noindex, follow',
    );
    // The drawn page itself, for the browser to hydrate.
    expect(page.document.querySelector('#root main h1')?.textContent).toBe('404 Page Not Found');
    expect(page.document.getElementById('pulse-query-seed')).not.toBeNull();
  });

  it('does not serve the server bundle as an asset', async () => {
    expect((await fetch(`${gateway.base}/server/render.js`)).status).toBe(404);
  });
});

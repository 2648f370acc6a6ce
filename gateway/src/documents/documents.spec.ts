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

const SITE = 'https://pulse.example';

/**
 * A stand-in for frontends/shell/dist/server/render.js with the same exports: each page reads the API
 * through the gateway and describes itself (@pulse/contracts PageDescription), as the front ends do; the
 * gateway knows none of these pages. /search keys its document on `q` alone; /about throws; /sources names
 * no head; /privacy draws its not-found page; /me is a reader's own page; /missing reads an item the service does not have; a remote's
 * page (/trending, /community) is rendered with the remote's server module it is given, whose shared
 * 'label' library is the bundle's own.
 */
const FAKE_BUNDLE = `
const describe = (status, title, more = {}) => ({
  status, siteName: '펄스', title: title + ' | 펄스', description: title + '의 설명', canonical: '${SITE}' + (more.path ?? '/'),
  robots: status === 200 ? 'index, follow' : 'noindex, follow', ogType: 'website', image: '${SITE}/og-default.png',
  jsonLd: [], cache: status === 200 ? 'public' : 'no-store', cacheTags: [], ...more,
});
exports.SHARED_MODULES = { label: { text: 'linked to the shell' } };
exports.remoteOf = (url) =>
  url.startsWith('/trending') ? 'trending' : url.startsWith('/community') ? 'qa' : undefined;
exports.documentUrl = (url) => {
  const [path, query = ''] = url.split('?');
  const q = new URLSearchParams(query).get('q');
  return path === '/search' && q ? path + '?q=' + encodeURIComponent(q) : path;
};
exports.renderPage = async ({ url, readApi, siteUrl, remotes = {} }) => {
  const remote = exports.remoteOf(url);
  if (remote) {
    const module = remotes[remote];
    if (!module) return undefined;
    return { html: '<main>' + module.ServerApp() + '</main>', queryData: '{}', description: describe(200, '트렌딩', { path: '/trending' }) };
  }
  if (url === '/sources') return undefined;
  if (url === '/about') throw new Error('component failed');
  if (url === '/moved') return { description: describe(301, '', { location: '/category/gen-ai?page=2' }) };
  if (url === '/moved-for-good') return { description: describe(308, '', { location: '/news' }) };
  if (url === '/privacy')
    return { html: '<main><h1>404 Page Not Found</h1></main>', queryData: '{}', description: describe(404, '페이지를 찾을 수 없습니다') };
  if (url === '/me') {
    await readApi('/api/articles/a1b2c3');
    return { html: '<main><h1>내 공간</h1></main>', queryData: '{}', description: describe(200, '내 공간', { path: '/me', cache: 'private' }) };
  }
  if (url === '/missing' || url === '/gone') {
    const read = await readApi('/api/articles' + url);
    return { description: describe(read.status, '기사를 찾을 수 없습니다') };
  }
  const answer = await readApi('/api/articles/a1b2c3');
  const id = answer ? answer.body.article.id : '(no answer)';
  return {
    html: '<main><h1>' + id + '</h1><p>' + url + '</p></main>',
    queryData: JSON.stringify({ k: '</script>' }),
    description: describe(200, url === '/' ? '펄스' : '<기사> & "제목"', {
      path: url, preloadImage: '/api/content/images/hero.webp', keywords: ['AI', '모델'],
      ogType: 'article', article: { publishedTime: '2026-01-01T00:00:00Z', section: '생성형 AI', tags: ['AI'] },
      jsonLd: [{ '@type': 'NewsArticle', headline: '</script><script>alert(1)</script>', url: siteUrl + url }],
      cacheTags: ['article:' + id],
    }),
  };
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
  if (request.url === '/api/articles/gone') return jsonResponse(410, { statusCode: 410 });
  return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'no such item' });
}

describe('HTML documents as the front ends’ server bundles describe them', () => {
  let gateway: TestGateway;
  let content: FakeUpstream;
  const log = capturingLogger();
  const get = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${gateway.base}${path}`, { redirect: 'manual', ...init });
    const html = await response.text();
    const { document } = parseHTML(html);
    const meta = (key: string) =>
      document.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content');
    return { status: response.status, html, document, headers: response.headers, meta };
  };

  beforeAll(async () => {
    content = new FakeUpstream('content', ['/api/articles'], contentAnswer);
    gateway = await startTestGateway({
      upstreams: [content],
      serverBundle: FAKE_BUNDLE,
      frontendFiles: TRENDING_REMOTE,
      env: { PUBLIC_SITE_URL: SITE },
      logger: log.logger,
    });
  });

  afterAll(() => gateway.close());

  it('writes the head the page described, every value escaped, and its structured data unbreakable', async () => {
    const page = await get('/article/a1b2c3');
    expect(page.status).toBe(200);
    expect(page.document.documentElement.getAttribute('lang')).toBe('ko');
    expect(page.document.querySelectorAll('title')).toHaveLength(1);
    expect(page.document.title).toBe('<기사> & "제목" | 펄스');
    expect(page.html).toContain('<title>&lt;기사&gt; &amp; &quot;제목&quot; | 펄스</title>');
    expect(page.meta('description')).toBe('<기사> & "제목"의 설명');
    expect(page.meta('robots')).toBe('index, follow');
    expect(page.document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${SITE}/article/a1b2c3`,
    );
    expect([page.meta('og:type'), page.meta('og:url'), page.meta('og:site_name')]).toEqual([
      'article',
      `${SITE}/article/a1b2c3`,
      '펄스',
    ]);
    expect([page.meta('twitter:card'), page.meta('keywords'), page.meta('article:section')]).toEqual([
      'summary_large_image',
      'AI, 모델',
      '생성형 AI',
    ]);
    // The shell's own SEO tags are replaced, not doubled.
    expect(page.document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    const blocks = [...page.document.querySelectorAll('script[type="application/ld+json"]')];
    expect(blocks).toHaveLength(1);
    expect(page.html).not.toContain('</script><script>alert(1)');
    expect(JSON.parse(blocks[0]!.textContent ?? '')).toMatchObject({
      '@type': 'NewsArticle',
      headline: '</script><script>alert(1)</script>',
    });
    const preload = page.document.querySelector('link[rel="preload"][as="image"]');
    expect(preload?.getAttribute('href')).toBe('/api/content/images/hero.webp');
    expect(preload?.getAttribute('fetchpriority')).toBe('high');
  });

  it('puts the rendered markup in #root and its answers before </body>, rendered from the URL the page keys', async () => {
    const page = await get('/search?utm_source=mail&q=x');
    expect(page.status).toBe(200);
    const root = page.document.getElementById('root');
    expect(root?.querySelector('main > h1')?.textContent).toBe(sampleArticle().id);
    expect(root?.querySelector('main > p')?.textContent).toBe('/search?q=x');
    expect(root?.querySelector('noscript')).toBeNull();
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

  it('inlines the runtime remote configuration, so the shell starts without fetching it', async () => {
    const block = (await get('/')).document.getElementById('pulse-env-config');
    expect(block?.getAttribute('type')).toBe('application/json');
    expect(JSON.parse(block?.textContent ?? '{}')).toMatchObject({
      remotes: { trending: '/remotes/trending/mf-manifest.json', qa: '/remotes/qa/mf-manifest.json' },
    });
  });

  it('moves a page the render says moved, with its status and location, held by no one', async () => {
    const moved = await get('/moved');
    expect([moved.status, moved.headers.get('location')]).toEqual([301, '/category/gen-ai?page=2']);
    const permanent = await get('/moved-for-good');
    expect([permanent.status, permanent.headers.get('location')]).toEqual([308, '/news']);
  });

  it('answers 404 with the drawn not-found page for the browser to hydrate, never held', async () => {
    const page = await get('/privacy');
    expect(page.status).toBe(404);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.document.title).toBe('페이지를 찾을 수 없습니다 | 펄스');
    expect(page.meta('robots')).toBe('noindex, follow');
    expect(page.document.querySelector('#root main h1')?.textContent).toBe('404 Page Not Found');
    expect(page.document.getElementById('pulse-query-seed')).not.toBeNull();
  });

  it('sends a reader’s own page private, no-store and renders it again for every request, holding nothing', async () => {
    const before = content.requests.length;
    for (let i = 0; i < 2; i += 1) {
      const page = await get('/me');
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('private, no-store');
      expect(page.headers.get('etag')).toBeNull();
      expect(page.document.querySelector('#root main h1')?.textContent).toBe('내 공간');
    }
    const reads = content.requests.slice(before).filter((request) => request.url === '/api/articles/a1b2c3');
    expect(reads).toHaveLength(2);
  });

  it('answers 404 or 410 for a missing item with the page’s head and a not-found text for readers without JavaScript', async () => {
    const missing = await get('/missing');
    expect(missing.status).toBe(404);
    expect(missing.document.title).toBe('기사를 찾을 수 없습니다 | 펄스');
    expect(missing.document.querySelector('#root noscript')?.textContent).toContain('404 Page Not Found');
    expect(missing.document.getElementById('pulse-query-seed')).toBeNull();
    const gone = await get('/gone');
    expect(gone.status).toBe(410);
    // Removed on purpose: said so in Korean for readers without JavaScript, unindexed, never held.
    expect(gone.document.querySelector('#root noscript')?.textContent).toContain('삭제된 글입니다');
    expect(gone.meta('robots')).toContain('noindex');
    expect(gone.headers.get('cache-control')).toBe('no-store');
  });

  it('renders a remote’s page with its server module from where it is deployed, its stylesheet written in and allowed by hash', async () => {
    const page = await get('/trending');
    expect(page.status).toBe(200);
    expect(page.document.querySelector('#root main h1')?.textContent).toBe('trending linked to the shell');
    expect(page.document.querySelector('head style')?.textContent).toBe('.trending-page{color:#111}');
    const hash = createHash('sha256').update('.trending-page{color:#111}').digest('base64');
    const styleSrc = page.headers
      .get('content-security-policy')
      ?.split(';')
      .find((directive) => directive.startsWith('style-src '));
    expect(styleSrc).toBe(`style-src 'self' 'sha256-${hash}'`);
    expect((await get('/')).headers.get('content-security-policy')).toContain("style-src 'self';");
  });

  it('sends the one generic document, naming no page, when a render fails, names no head, or its remote is not deployed', async () => {
    for (const path of ['/sources', '/about', '/community/qa']) {
      const page = await get(path);
      expect({ path, status: page.status }).toEqual({ path, status: 503 });
      expect(page.headers.get('retry-after')).toBe('30');
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.meta('robots')).toBe('noindex, follow');
      // The shell's own head, as built: the gateway has no words of its own for any page.
      expect(page.document.title).toBe('펄스 - AI·블록체인 전문 미디어');
      expect(page.document.querySelector('link[rel="canonical"]')).toBeNull();
      expect(page.document.getElementById('pulse-query-seed')).toBeNull();
      expect(page.document.querySelector('#root noscript')?.textContent).toContain(
        '잠시 후 다시 시도해 주세요',
      );
    }
    expect(log.lines().some((line) => line['msg'] === 'server render failed; generic document')).toBe(true);
  });

  it('serves documents as UTF-8 HTML a CDN may keep a minute, revalidated by ETag, and the raw template only as a redirect home', async () => {
    const response = await fetch(`${gateway.base}/news-list`);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
    expect(response.headers.get('cdn-cache-control')).toBe('max-age=60, stale-while-revalidate=300');
    const tag = response.headers.get('etag');
    expect(tag).toMatch(/^"[\w-]{27}-gzip"$/);
    const again = await fetch(`${gateway.base}/news-list`, { headers: { 'if-none-match': tag! } });
    expect(again.status).toBe(304);
    const raw = await fetch(`${gateway.base}/index.html`, { redirect: 'manual' });
    expect([raw.status, raw.headers.get('location')]).toEqual([301, '/']);
    expect((await fetch(`${gateway.base}/server/render.js`)).status).toBe(404);
  });

  it('answers a HEAD for a document with its status and no body', async () => {
    const found = await fetch(`${gateway.base}/news-list`, { method: 'HEAD' });
    expect(found.status).toBe(200);
    expect(await found.text()).toBe('');
    expect((await fetch(`${gateway.base}/privacy`, { method: 'HEAD' })).status).toBe(404);
  });
});

describe('HTML documents before the front ends are built', () => {
  let gateway: TestGateway;

  beforeAll(async () => {
    gateway = await startTestGateway({ upstreams: [], shellHtml: null });
  });

  afterAll(() => gateway.close());

  it('sends the generic document with a hint to build', async () => {
    const page = await fetch(`${gateway.base}/news/a1b2c3`);
    expect(page.status).toBe(503);
    const { document } = parseHTML(await page.text());
    expect(document.body.textContent).toContain('frontends/build-all.sh');
  });
});

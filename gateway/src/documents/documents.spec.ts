import 'reflect-metadata';
import { parseHTML } from 'linkedom';
import { sampleArticle, sampleTechAnalysis } from '../../testing/sample-article';
import {
  capturingLogger,
  FakeUpstream,
  jsonResponse,
  startTestGateway,
  type TestGateway,
} from '../../testing/test-gateway';
import type { ForwardRequest } from '../upstreams/upstream';

const SITE = 'https://pulse.example';
const analysis = sampleTechAnalysis();

/** The content service as the documents see it: some articles, one analysis, and ids that break it. */
function contentAnswer(request: ForwardRequest) {
  const path = decodeURIComponent(request.url);
  if (path === '/api/articles/a1b2c3') return jsonResponse(200, { article: sampleArticle() });
  if (path === '/api/articles/insight9') {
    return jsonResponse(200, {
      article: sampleArticle({ id: 'insight9', type: 'insight', imageUrl: '/api/content/images/i9.webp' }),
    });
  }
  if (path === '/api/articles/broken500') return jsonResponse(500, { statusCode: 500 });
  if (path === '/api/articles/thrown') throw new Error('connect ECONNREFUSED');
  if (path === `/api/tech-analysis/${analysis.analysis.slug}`) return jsonResponse(200, analysis);
  return jsonResponse(404, { statusCode: 404, error: 'Not Found', message: 'no such item' });
}

interface Page {
  status: number;
  headers: Headers;
  html: string;
  document: Document;
  meta(key: string): string | null | undefined;
  jsonLd(): Array<Record<string, any>>;
}

describe('HTML documents with a server-rendered head', () => {
  let gateway: TestGateway;
  let content: FakeUpstream;
  const log = capturingLogger();

  const get = async (path: string): Promise<Page> => {
    const response = await fetch(`${gateway.base}${path}`, { redirect: 'manual' });
    const html = await response.text();
    const { document } = parseHTML(html);
    return {
      status: response.status,
      headers: response.headers,
      html,
      document,
      meta: (key) =>
        document.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content'),
      jsonLd: () =>
        Array.from(document.querySelectorAll('script[type="application/ld+json"]')).map((script) =>
          JSON.parse(script.textContent ?? ''),
        ),
    };
  };

  beforeAll(async () => {
    content = new FakeUpstream('content', ['/api/articles', '/api/tech-analysis'], contentAnswer);
    gateway = await startTestGateway({
      upstreams: [content],
      env: { PUBLIC_SITE_URL: SITE },
      logger: log.logger,
    });
  });

  afterAll(() => gateway.close());

  it('gives an article its title, description, canonical, Open Graph, Twitter tags and NewsArticle', async () => {
    const page = await get('/news/a1b2c3');
    const article = sampleArticle();
    expect(page.status).toBe(200);
    expect(page.document.documentElement.getAttribute('lang')).toBe('ko');
    expect(page.document.title).toBe(`${article.title} | 펄스`);
    expect(page.document.querySelectorAll('title')).toHaveLength(1);
    const description = page.meta('description')!;
    // Cut at 160 characters (docs/spec-content.md §9), less the space dropped before the ellipsis.
    expect(Array.from(description).length).toBeGreaterThanOrEqual(155);
    expect(Array.from(description).length).toBeLessThanOrEqual(160);
    expect(description.endsWith('…')).toBe(true);
    expect(article.summary.startsWith(description.slice(0, -1))).toBe(true);
    expect(page.document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${SITE}/article/a1b2c3`,
    );
    expect(page.meta('robots')).toBe('index, follow');
    expect(page.meta('og:title')).toBe(`${article.title} | 펄스`);
    expect(page.meta('og:description')).toBe(description);
    expect(page.meta('og:url')).toBe(`${SITE}/article/a1b2c3`);
    expect(page.meta('og:type')).toBe('article');
    expect(page.meta('og:image')).toBe('https://images.example.com/gpt.jpg');
    expect(page.meta('og:site_name')).toBe('펄스');
    expect(page.meta('og:locale')).toBe('ko_KR');
    expect(page.meta('twitter:card')).toBe('summary_large_image');
    expect(page.meta('twitter:title')).toBe(`${article.title} | 펄스`);
    expect(page.meta('article:published_time')).toBe(article.publishedAt);
    // The shell's own head tags are replaced, not duplicated; its bundle stays.
    expect(page.html).not.toContain('shell default');
    expect(page.document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(page.document.querySelector('script[src="/main.1234abcd.js"]')).not.toBeNull();

    const [newsArticle, breadcrumb] = page.jsonLd();
    expect(newsArticle).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: article.title,
      datePublished: article.publishedAt,
      dateModified: article.updatedAt,
      image: ['https://images.example.com/gpt.jpg'],
      inLanguage: 'ko-KR',
      author: { '@type': 'Person', name: 'Jane Doe' },
      publisher: { '@type': 'Organization', name: '펄스' },
      mainEntityOfPage: { '@id': `${SITE}/article/a1b2c3` },
      articleSection: '생성형 AI',
      keywords: '오픈AI, LLM',
      isBasedOn: 'https://news.example.com/openai-model',
    });
    expect(breadcrumb['@type']).toBe('BreadcrumbList');
    expect(breadcrumb.itemListElement.map((item: { name: string }) => item.name)).toEqual([
      '홈',
      '생성형 AI',
      article.title,
    ]);
  });

  it('puts the article text in #root, escaped and sanitised, readable without JavaScript', async () => {
    const page = await get('/news/a1b2c3');
    const root = page.document.getElementById('root')!;
    expect(root.querySelector('h1')?.textContent).toBe(sampleArticle().title);
    expect(root.textContent).toContain('오픈AI가 새 모델을 발표했다.');
    expect(root.textContent).toContain('벤치마크 결과 본문 문단.');
    expect(root.textContent).toContain('2024년 05월 01일');
    expect(root.querySelector('a[href="https://news.example.com/openai-model"]')?.textContent).toBe(
      '원문보기',
    );
    // The title's markup stays text; the body's script and handler are gone; the only scripts are the
    // shell's bundle and the non-executed data blocks (JSON-LD, the inlined runtime configuration).
    expect(page.html).not.toContain('<script>alert(1)</script>');
    expect(page.html).not.toContain('steal()');
    expect(page.html).not.toContain('onclick');
    const scripts = Array.from(page.document.querySelectorAll('script'));
    expect(
      scripts.every(
        (script) =>
          script.getAttribute('src') ||
          script.getAttribute('type') === 'application/ld+json' ||
          (script.getAttribute('type') === 'application/json' && script.id === 'pulse-env-config'),
      ),
    ).toBe(true);
    expect(page.html).not.toMatch(/<\/script>alert/);
  });

  it('keeps one canonical URL per article: /article/{id} points at the typed route', async () => {
    const viaArticle = await get('/article/a1b2c3');
    expect(viaArticle.status).toBe(200);
    expect(viaArticle.document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${SITE}/article/a1b2c3`,
    );
    const insight = await get('/article/insight9');
    expect(insight.document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${SITE}/insights/insight9`,
    );
    // A site-relative image becomes absolute for link previews.
    expect(insight.meta('og:image')).toBe(`${SITE}/api/content/images/i9.webp`);
  });

  it('inlines the runtime remote configuration, so the shell starts without fetching it', async () => {
    const page = await get('/');
    const block = page.document.getElementById('pulse-env-config');
    expect(block?.getAttribute('type')).toBe('application/json');
    expect(JSON.parse(block?.textContent ?? '{}')).toEqual({
      remotes: {
        news: '/remotes/news/mf-manifest.json',
        trending: '/remotes/trending/mf-manifest.json',
        tech_analysis: '/remotes/tech-analysis/mf-manifest.json',
        qa: '/remotes/qa/mf-manifest.json',
      },
    });
  });

  it('answers a malformed id and an unknown route with 404 and the document', async () => {
    for (const path of [
      '/article/bad%20id!',
      '/no-such-page',
      '/news/a1b2c3/extra',
      '/tags/',
      // docs/spec-content.md §2: linked once from the sitemap page, but it shows no page.
      '/contact',
    ]) {
      const page = await get(path);
      expect({ path, status: page.status }).toEqual({ path, status: 404 });
      expect(page.document.title).toBe('페이지를 찾을 수 없습니다 | 펄스');
      expect(page.document.getElementById('root')?.textContent).toContain('404 Page Not Found');
      expect(page.meta('robots')).toBe('noindex, follow');
    }
  });

  it('answers 503 with Retry-After and an unindexed generic head when the content service fails, and logs it', async () => {
    for (const id of ['broken500', 'thrown']) {
      const page = await get(`/news/${id}`);
      expect(page.status).toBe(503);
      expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(page.document.title).toBe('펄스 - AI·블록체인 전문 미디어');
      expect(page.document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
        `${SITE}/news/${id}`,
      );
      expect(page.meta('robots')).toBe('noindex, follow');
      expect(page.document.getElementById('root')?.textContent).toContain(
        '일시적으로 이 페이지를 불러올 수 없습니다.',
      );
    }
    const warnings = log.lines().filter((line) => line.msg === 'page data unavailable; generic head');
    expect(warnings.map((line) => line.path)).toEqual(['/api/articles/broken500', '/api/articles/thrown']);
    expect(warnings.every((line) => typeof line.requestId === 'string' && line.requestId !== '')).toBe(true);
  });

  it('caches a found article briefly, so repeated documents do not call the service again', async () => {
    const before = content.requests.filter((request) => request.url === '/api/articles/a1b2c3').length;
    await get('/news/a1b2c3');
    await get('/article/a1b2c3');
    const after = content.requests.filter((request) => request.url === '/api/articles/a1b2c3').length;
    expect(after).toBe(before);
  });

  it('gives a tech analysis a TechArticle, its keywords and its text', async () => {
    const { slug, title } = analysis.analysis;
    const page = await get(`/tech-analysis/${encodeURIComponent(slug)}`);
    expect(page.status).toBe(200);
    expect(page.document.title).toBe(`${title} | 펄스`);
    expect(page.meta('keywords')).toBe('React, RSC, 서버 컴포넌트');
    expect(page.meta('description')).toBe(analysis.analysis.executiveSummary);
    expect(page.document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${SITE}/tech-analysis/${encodeURIComponent(slug)}`,
    );
    expect(page.jsonLd()[0]).toMatchObject({
      '@type': 'TechArticle',
      headline: title,
      proficiencyLevel: 'Expert',
      timeRequired: 'PT12M',
      about: { name: 'React' },
    });
    expect(page.document.getElementById('root')?.textContent).toContain('번들 크기를 줄입니다.');
    expect((await get('/tech-analysis/no-such-analysis')).status).toBe(404);
  });

  // The title the front end gives each of these once it runs (NOT_FOUND_TITLES), not the generic one.
  it.each([
    ['/news/doesnotexist', '기사를 찾을 수 없습니다'],
    ['/insights/doesnotexist', '기사를 찾을 수 없습니다'],
    ['/category/cooking', '카테고리를 찾을 수 없습니다'],
    ['/tech-analysis/no-such-analysis', '기술분석을 찾을 수 없습니다'],
  ])('answers the missing %s with 404 under the title its page has in the browser', async (path, title) => {
    const page = await get(path);
    expect({ path, status: page.status, title: page.document.title }).toEqual({
      path,
      status: 404,
      title: `${title} | 펄스`,
    });
    expect(page.meta('robots')).toMatch(/^noindex/);
  });

  it('describes the home page as a WebSite with a search action', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.document.title).toBe('펄스 - AI·블록체인 전문 미디어');
    expect(page.document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}/`);
    expect(page.meta('og:type')).toBe('website');
    expect(page.jsonLd()).toEqual([
      expect.objectContaining({
        '@type': 'WebSite',
        url: `${SITE}/`,
        potentialAction: expect.objectContaining({
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${SITE}/search?q={search_term_string}` },
          'query-input': 'required name=search_term_string',
        }),
      }),
    ]);
  });

  it.each([
    ['/news', '뉴스'],
    ['/tech-analysis', '기술 분석'],
    ['/insights', '인사이트'],
    ['/trending', '트렌딩'],
    ['/archive', '아카이브'],
    ['/sources', '뉴스 소스'],
    ['/search', '검색'],
    ['/about', '사이트 소개'],
    ['/privacy', '개인정보처리방침'],
    ['/sitemap', '사이트맵'],
    ['/community/qa', 'Q&A 커뮤니티'],
    ['/community/qa/ask', '질문하기'],
    ['/community/projects/p1', '프로젝트'],
    ['/admin', '관리자'],
    ['/admin/translations', '보류된 번역 검토'],
    ['/admin/comments', '댓글 검토'],
    ['/admin/staff', '스태프 계정'],
    ['/analytics', '통계'],
    ['/category/gen-ai', '생성형 AI'],
    ['/category/big-tech', '글로벌 빅테크'],
    ['/search?tag=%EC%98%A4%ED%94%88AI', '#오픈AI 검색 결과'],
    ['/search?q=%EB%B8%94%EB%A1%9D%EC%B2%B4%EC%9D%B8', "'블록체인' 검색 결과"],
    ['/news/', '뉴스'],
  ])('answers %s with its Korean title', async (path, title) => {
    const page = await get(path);
    expect(page.status).toBe(200);
    expect(page.document.title).toBe(`${title} | 펄스`);
    expect(page.meta('description')?.length).toBeGreaterThan(0);
  });

  it('keeps administration screens out of search engines', async () => {
    expect((await get('/admin')).meta('robots')).toBe('noindex, nofollow');
    expect((await get('/admin/translations')).meta('robots')).toBe('noindex, nofollow');
    expect((await get('/admin/comments')).meta('robots')).toBe('noindex, nofollow');
    expect((await get('/admin/staff')).meta('robots')).toBe('noindex, nofollow');
  });

  it('redirects a legacy or Korean category name to its slug, keeping the query, and 404s an unknown one', async () => {
    const legacy = await fetch(`${gateway.base}/category/Gen%20AI?sort=popular`, { redirect: 'manual' });
    expect(legacy.status).toBe(301);
    expect(legacy.headers.get('location')).toBe('/category/gen-ai?sort=popular');
    const korean = await fetch(`${gateway.base}/category/${encodeURIComponent('블록체인')}`, {
      redirect: 'manual',
    });
    expect(korean.status).toBe(301);
    expect(korean.headers.get('location')).toBe('/category/blockchain');
    expect((await get('/category/cooking')).status).toBe(404);
  });

  it("redirects a tag's page to the search for that tag, as the browser does", async () => {
    const response = await fetch(`${gateway.base}/tags/%EC%98%A4%ED%94%88AI`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/search?tag=%EC%98%A4%ED%94%88AI');
  });

  it('redirects /analysis to the tech-analysis list, as the browser does (its analyses live there)', async () => {
    for (const path of ['/analysis', '/analysis/']) {
      const response = await fetch(`${gateway.base}${path}`, { redirect: 'manual' });
      expect(response.status).toBe(301);
      expect(response.headers.get('location')).toBe('/tech-analysis');
    }
  });

  it('serves documents as UTF-8 HTML a CDN may keep a minute, revalidated by ETag, and the raw template only as a redirect home', async () => {
    const response = await fetch(`${gateway.base}/news`);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
    expect(response.headers.get('cdn-cache-control')).toBe('max-age=60, stale-while-revalidate=300');
    const tag = response.headers.get('etag');
    // fetch asks for gzip: the compressed representation has its own tag.
    expect(tag).toMatch(/^"[\w-]{27}-gzip"$/);
    const again = await fetch(`${gateway.base}/news`, { headers: { 'if-none-match': tag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await fetch(`${gateway.base}/category/cooking`)).headers.get('cache-control')).toBe('no-store');
    const raw = await fetch(`${gateway.base}/index.html`, { redirect: 'manual' });
    expect(raw.status).toBe(301);
    expect(raw.headers.get('location')).toBe('/');
    const asset = await fetch(`${gateway.base}/main.deadbeef.js`);
    expect(asset.status).toBe(404);
    expect(await asset.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('answers a HEAD for a document with its status and no body', async () => {
    const found = await fetch(`${gateway.base}/news/a1b2c3`, { method: 'HEAD' });
    expect(found.status).toBe(200);
    expect(await found.text()).toBe('');
    expect((await fetch(`${gateway.base}/nope`, { method: 'HEAD' })).status).toBe(404);
  });
});

describe('HTML documents before the front ends are built', () => {
  let gateway: TestGateway;

  beforeAll(async () => {
    const content = new FakeUpstream('content', ['/api/articles'], contentAnswer);
    gateway = await startTestGateway({ upstreams: [content], shellHtml: null });
  });

  afterAll(() => gateway.close());

  it('still sends the head, the article text and the right status, with a hint to build', async () => {
    const article = await fetch(`${gateway.base}/news/a1b2c3`);
    expect(article.status).toBe(200);
    const { document } = parseHTML(await article.text());
    expect(document.title).toBe(`${sampleArticle().title} | 펄스`);
    expect(document.getElementById('root')?.textContent).toContain('오픈AI가 새 모델을 발표했다.');
    expect(document.body.textContent).toContain('frontends/build-all.sh');
    expect((await fetch(`${gateway.base}/unknown-route`)).status).toBe(404);
  });
});

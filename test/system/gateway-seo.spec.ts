import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ENDPOINTS, type ArticleDetailResponse, type NewsListResponse } from '@pulse/contracts';
import { htmlToText } from '@pulse/platform';
import { eventually } from '@pulse/testing';
import { parseHTML } from 'linkedom';
import { freePort, startTs, type RunningProcess, untilReady } from '../support/processes';

/**
 * Without JavaScript (a plain HTTP GET), an article URL returns its title,
 * description, canonical, Open Graph tags, JSON-LD NewsArticle and body text; an unknown route returns
 * 404. Against the whole site in one process (embedded/src/main.ts, what `npm start` runs after building
 * the front ends), with the demo corpus the translation service publishes into an empty store.
 */
describe('the site without JavaScript (embedded)', () => {
  let site: RunningProcess;
  let base: string;
  let dataDir: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'pulse-seo-'));
    site = startTs('embedded/src/main.ts', {
      PORT: String(port),
      PULSE_DATA_DIR: dataDir,
      PUBLIC_SITE_URL: 'https://pulse.example',
      DEMO_CORPUS: 'true',
      // One client probes every documented write in a row below; a reader's write limit would stop it.
      RATE_LIMIT_WRITE_PER_MIN: '1000',
    });
    await untilReady(site, base, { timeoutMs: 90_000 });
  });

  afterAll(async () => {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The first published news article, once the demo corpus has flowed through the bus into content. */
  const firstArticle = () =>
    eventually(
      async () => {
        const list = (await (await fetch(`${base}/api/content/news?limit=1`)).json()) as NewsListResponse;
        if (!list.articles?.length) throw new Error('no article published yet');
        const detail = await fetch(`${base}/api/articles/${list.articles[0].id}`);
        return ((await detail.json()) as ArticleDetailResponse).article;
      },
      { timeoutMs: 60_000, intervalMs: 250 },
    );

  it('serves an article document whose head and text are complete before any script runs', async () => {
    const article = await firstArticle();
    const response = await fetch(`${base}/news/${article.id}`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("object-src 'none'");
    const { document } = parseHTML(await response.text());
    const meta = (key: string) =>
      document.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content');
    const canonical = `https://pulse.example/article/${article.id}`;

    expect(document.documentElement.getAttribute('lang')).toBe('ko');
    expect(document.title).toBe(`${article.title} | 펄스`);
    expect(meta('description')?.length).toBeGreaterThan(0);
    expect(Array.from(meta('description')!).length).toBeLessThanOrEqual(160);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(canonical);
    expect(meta('robots')).toBe('index, follow');
    expect(meta('og:title')).toBe(`${article.title} | 펄스`);
    expect(meta('og:url')).toBe(canonical);
    expect(meta('og:type')).toBe('article');
    expect(meta('og:site_name')).toBe('펄스');
    expect(meta('og:locale')).toBe('ko_KR');
    expect(meta('og:image')).toMatch(/^https?:\/\//);
    expect(meta('twitter:card')).toBe('summary_large_image');

    const jsonLd = Array.from(document.querySelectorAll('script[type="application/ld+json"]')).map((script) =>
      JSON.parse(script.textContent ?? ''),
    );
    expect(jsonLd).toContainEqual(
      expect.objectContaining({
        '@type': 'NewsArticle',
        headline: article.title,
        datePublished: article.publishedAt,
        mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
      }),
    );

    const root = document.getElementById('root')!;
    expect(root.querySelector('h1')?.textContent).toBe(article.title);
    // The body's first sentence, as text: present in the HTML itself, not fetched by a script.
    const firstWords = htmlToText(article.content).split(' ').slice(0, 6).join(' ');
    expect(firstWords.length).toBeGreaterThan(0);
    expect(root.textContent?.replace(/\s+/g, ' ')).toContain(
      parseHTML(`<p>${firstWords}</p>`).document.body.textContent,
    );
  });

  it('answers an unknown route and an unknown article with 404 and an HTML document', async () => {
    for (const path of ['/this-page-does-not-exist', '/article/no-such-article-id']) {
      const response = await fetch(`${base}${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const { document } = parseHTML(await response.text());
      expect(document.getElementById('root')).not.toBeNull();
    }
  });

  it("routes the feeds to the content service and merges the services' OpenAPI at /api/docs", async () => {
    const rss = await fetch(`${base}/rss.xml`);
    expect(rss.status).toBe(200);
    expect(rss.headers.get('content-type')).toMatch(/xml/);
    // The content service's channel (which items it lists is that service's business and its tests').
    expect(await rss.text()).toMatch(/^<\?xml[\s\S]*<rss [\s\S]*<link>https:\/\/pulse\.example\/<\/link>/);
    const docs = (await (await fetch(`${base}/api/docs`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(docs.paths)).toEqual(
      expect.arrayContaining([
        '/api/articles/{id}',
        '/api/trending/hot-topics',
        '/api/community/questions',
        '/api/newsletter/editions/{id}',
        '/newsletter/unsubscribe',
      ]),
    );
  });

  it('documents only operations the running site serves: none answers "no such route"', async () => {
    const docs = (await (await fetch(`${base}/api/docs`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const unserved: string[] = [];
    for (const [path, operations] of Object.entries(docs.paths))
      for (const method of Object.keys(operations)) {
        const url = `${base}${path.replace(/\{[^}]+\}/g, 'unknown-id')}`;
        const write = method !== 'get';
        const response = await fetch(url, {
          method: method.toUpperCase(),
          headers: write ? { 'content-type': 'application/json' } : {},
          body: write ? '{}' : undefined,
        });
        const text = await response.text();
        // Nest's answer for a path no handler registered; a handler's own 404 names the missing thing.
        if (response.status === 404 && /Cannot (GET|POST|PATCH|DELETE|PUT) /.test(text))
          unserved.push(`${method.toUpperCase()} ${path}`);
      }
    expect(unserved).toEqual([]);
    // The detector itself: a path no handler serves answers exactly that, and is not documented.
    const unbuilt = await fetch(`${base}/api/community/no-such-route/unknown-id`, { method: 'DELETE' });
    expect([unbuilt.status, await unbuilt.text()]).toEqual([404, expect.stringMatching(/Cannot DELETE /)]);
    expect(docs.paths['/api/community/no-such-route/{id}']).toBeUndefined();
    // Comments are built: their writes are documented (and, above, answered).
    expect(Object.keys(docs.paths['/api/community/comments/{id}'] ?? {}).sort()).toEqual(['delete', 'patch']);
  });

  /** A question asked through the site by a new nickname, so the question reads have something to show. */
  const askQuestion = async (username = '캐시검사자', title = '캐시된 질문 읽기도 다시 검증되나요?') => {
    const json = { 'content-type': 'application/json' };
    const signUp = await fetch(`${base}/api/community/auth/anonymous`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username }),
    });
    expect(signUp.status).toBe(201);
    const { token } = ((await signUp.json()) as { data: { token: string } }).data;
    const ask = await fetch(`${base}/api/community/questions`, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title,
        content: '질문 목록과 상세, 답변 목록이 모든 독자에게 같은 바이트인지 확인하는 질문입니다.',
        category: 'gen-ai',
        tagIds: [],
        tags: ['캐시'],
      }),
    });
    expect(ask.status).toBe(201);
    return { id: ((await ask.json()) as { data: { id: string } }).data.id, token };
  };

  /** A document's JSON-LD blocks, parsed. */
  const jsonLdOf = (html: string) =>
    Array.from(parseHTML(html).document.querySelectorAll('script[type="application/ld+json"]')).map(
      (script) => JSON.parse(script.textContent ?? '') as { '@type': string; itemListElement?: unknown[] },
    );

  it('serves a list page with the ItemList of what it shows, and a deleted question as a Korean 410 page, unindexed', async () => {
    // A reader's title is untrusted: one that tries to close the JSON-LD block stays text inside it.
    const title = '삭제된 질문의 문서는 </script><script>alert(1)</script> 410으로 답하나요?';
    const { id, token } = await askQuestion('삭제검사자', title);
    const url = `https://pulse.example/community/questions/${id}`;
    // The Q&A list, server-rendered with JavaScript off, names the new question in its ItemList.
    const list = await eventually(
      async () => {
        const response = await fetch(`${base}/community/qa`);
        expect(response.status).toBe(200);
        const html = await response.text();
        expect(html).not.toContain('<script>alert(1)');
        const itemList = jsonLdOf(html).find((data) => data['@type'] === 'ItemList');
        expect(itemList?.itemListElement).toContainEqual(
          expect.objectContaining({ '@type': 'ListItem', url, name: title }),
        );
        return itemList!;
      },
      { timeoutMs: 15_000, intervalMs: 250 },
    );
    expect(list.itemListElement![0]).toMatchObject({
      position: 1,
      url: expect.stringMatching(/^https:\/\/pulse\.example\//),
    });
    expect((await fetch(`${base}/community/questions/${id}`)).status).toBe(200);

    const removed = await fetch(`${base}/api/community/questions/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(removed.status).toBe(200);
    const api = await fetch(`${base}/api/community/questions/${id}`);
    expect(api.status).toBe(410);
    expect(((await api.json()) as { message: string }).message).toContain('삭제된 질문입니다');
    // The page's held copy went with the purge of its question.
    const gone = await eventually(
      async () => {
        const response = await fetch(`${base}/community/questions/${id}`);
        expect(response.status).toBe(410);
        return response;
      },
      { timeoutMs: 15_000, intervalMs: 250 },
    );
    expect(gone.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(gone.headers.get('cache-control')).toBe('no-store');
    const html = await gone.text();
    const { document } = parseHTML(html);
    expect(document.title).toBe('삭제된 질문입니다 | 펄스');
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toContain('noindex');
    expect(document.querySelector('#root noscript')?.textContent).toContain('삭제된 글입니다');
    expect(jsonLdOf(html)).toEqual([]);
    // An id that never named a question stays a 404.
    expect((await fetch(`${base}/community/questions/q_never_asked`)).status).toBe(404);
  });

  it('lets every public GET of the endpoint table be cached and revalidated: Cache-Control, ETag, 304 with no body', async () => {
    const article = await firstArticle();
    const { id: questionId } = await askQuestion();
    const params: Record<string, string> = { id: article.id, slug: 'gen-ai' };
    // The question calls' :id names a question, every other :id an article.
    const paramsOf = (path: string) =>
      path.startsWith('/api/community/questions/') ? { ...params, id: questionId } : params;
    const walked: string[] = [];
    const notPublic: string[] = [];
    for (const endpoint of Object.values(ENDPOINTS)) {
      if (endpoint.method !== 'GET') continue;
      const url =
        endpoint.path.replace(/:(\w+)/g, (_, name: string) => paramsOf(endpoint.path)[name] ?? name) +
        (endpoint.path === ENDPOINTS.search.path ? '?q=AI' : '');
      const first = await fetch(`${base}${url}`);
      await first.arrayBuffer();
      if (first.status !== 200) continue; // e.g. a tech-analysis slug the demo corpus lacks
      const cacheControl = first.headers.get('cache-control') ?? '';
      if (/private|no-store/.test(cacheControl)) {
        // Depends on the reader (or is an admin read): never stored by a shared cache, so no validator.
        expect({ url, etag: first.headers.get('etag') }).toEqual({ url, etag: null });
        notPublic.push(url);
        continue;
      }
      const etag = first.headers.get('etag');
      expect({ url, etag }).toEqual({ url, etag: expect.stringMatching(/^"[\w-]{27}"$/) });
      expect({ url, cacheControl }).toEqual({ url, cacheControl: expect.stringMatching(/s-maxage=\d+/) });
      const again = await fetch(`${base}${url}`, { headers: { 'if-none-match': etag! } });
      expect({ url, status: again.status, body: await again.text() }).toEqual({ url, status: 304, body: '' });
      walked.push(url);
    }
    expect(walked).toEqual(
      expect.arrayContaining([
        `/api/articles/${article.id}`,
        '/api/content/news',
        '/api/articles/search?q=AI',
        '/api/trending/hot-topics',
        '/api/sources',
        '/api/community/questions',
        `/api/community/questions/${questionId}`,
        `/api/community/questions/${questionId}/answers`,
      ]),
    );
    expect(notPublic).toEqual(
      expect.arrayContaining([
        `/api/interactions/status/${article.id}`,
        `/api/community/questions/${questionId}/votes`,
      ]),
    );
  });
});

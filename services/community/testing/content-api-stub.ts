import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubArticle {
  id: string;
  title: string;
  summary: string;
  /** HTML, as content serves it. */
  content: string;
}

/**
 * The two calls of content's public read API community makes (GET /api/articles/search for the assistant,
 * /api/articles/{id} for the assistant and the comments' article check), answered from a list of articles
 * that a test may add to, for service tests. Search matches any word of
 * the query in title, summary or body; the summary it returns is the matching text.
 */
export async function startContentApiStub(articles: StubArticle[] = []) {
  const requests: string[] = [];
  /** Tech analyses by slug (their title), and ids content's editors withdrew (410). */
  const analyses = new Map<string, string>();
  const withdrawn = new Set<string>();
  let failing = false;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    requests.push(url.pathname + url.search);
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (failing) return send(503, { message: 'down' });
    if (url.pathname === '/api/articles/search') {
      const words = (url.searchParams.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const hits = articles.filter((article) =>
        words.some((word) =>
          `${article.title} ${article.summary} ${article.content}`.toLowerCase().includes(word),
        ),
      );
      return send(200, {
        articles: hits.map(({ content, ...item }) => ({
          ...item,
          summary: `${item.summary} ${content.replace(/<[^>]*>/g, ' ')}`.replace(/\s+/g, ' ').trim(),
          publishedAt: '2026-03-01T00:00:00.000Z',
        })),
        total: hits.length,
        pages: 1,
      });
    }
    const analysis = /^\/api\/tech-analysis\/([^/]+)$/.exec(url.pathname);
    if (analysis) {
      const slug = decodeURIComponent(analysis[1]);
      const title = analyses.get(slug);
      return title ? send(200, { analysis: { slug, title } }) : send(404, { message: 'not found' });
    }
    const detail = /^\/api\/articles\/([^/]+)$/.exec(url.pathname);
    if (detail && withdrawn.has(decodeURIComponent(detail[1]))) return send(410, { message: 'withdrawn' });
    const article = detail && articles.find((candidate) => candidate.id === decodeURIComponent(detail[1]));
    if (article) return send(200, { article: { ...article, publishedAt: '2026-03-01T00:00:00.000Z' } });
    return send(404, { message: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    articles,
    requests,
    /** Content publishes an article with this id (a placeholder title and text). */
    publish(id: string) {
      articles.push({ id, title: `기사 ${id}`, summary: `기사 ${id}의 요약`, content: `<p>기사 ${id}</p>` });
    },
    /** Content publishes a tech analysis at this slug. */
    publishAnalysis(slug: string, title = `기술 분석 ${slug}`) {
      analyses.set(slug, title);
    },
    /** Content's editors withdraw the article: its detail answers 410. */
    withdraw(id: string) {
      withdrawn.add(id);
    },
    /** Answer 503 to everything (content down). */
    fail(on: boolean) {
      failing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import type { SearchPageResponse, SearchReindexStatus } from '@pulse/contracts';
import { EmbeddedSearchIndex, type SearchDocument } from '@pulse/platform';
import { eventually } from '@pulse/testing';
import { adminRequest } from '../../../testing/tech-analysis/analysis-fixtures';
import {
  startContentTestApp,
  testClock,
  translatedArticle,
  type ContentTestApp,
} from '../../../testing/content-test-app';
import { ARTICLE_INDEX } from '../article-document';

const BASE = '/api/content/admin/search/reindex';

/** The embedded engine, whose writes can be held (a slow backend) or made to fail (a backend away). */
class ControllableIndex extends EmbeddedSearchIndex {
  hold: Promise<void> | undefined;
  failWith: Error | undefined;

  override async upsert<D extends SearchDocument>(index: string, docs: readonly D[]): Promise<void> {
    await this.hold;
    if (this.failWith) throw this.failWith;
    return super.upsert(index, docs);
  }
}

/**
 * Rebuilding the article index on demand (docs/operations.md 'Rebuilding the search index'): an admin
 * starts a run, follows it, and the articles an emptied index lost are found again.
 */
describe('search reindex on demand', () => {
  let content: ContentTestApp;
  const search = new ControllableIndex();
  const searchIds = async (q: string) =>
    (
      await content.get<SearchPageResponse>(`/api/articles/search?q=${encodeURIComponent(q)}`)
    ).body.articles.map((article) => article.id);
  const finished = () =>
    eventually(
      async () => {
        const { body } = await adminRequest<SearchReindexStatus>(content, 'GET', BASE);
        expect(body.state).not.toBe('running');
        return body;
      },
      { timeoutMs: 10_000, intervalMs: 20 },
    );

  beforeAll(async () => {
    content = await startContentTestApp({ clock: testClock(Date.parse('2026-11-29T04:00:00.000Z')), search });
    for (const id of ['reindex-a', 'reindex-b'])
      await content.translated(translatedArticle({ articleId: id, title: `펄스색인 ${id} 기사` }));
  });
  afterAll(() => content.close());

  it('answers idle before any run, and only to an admin', async () => {
    expect((await content.inject({ method: 'POST', url: BASE })).statusCode).toBe(401);
    expect((await content.inject({ method: 'GET', url: BASE })).statusCode).toBe(401);
    const { status, body } = await adminRequest<SearchReindexStatus>(content, 'GET', BASE);
    expect({ status, body }).toEqual({
      status: 200,
      body: {
        state: 'idle',
        done: 0,
        total: 0,
        indexed: null,
        removed: null,
        startedAt: null,
        finishedAt: null,
        error: null,
      },
    });
  });

  it('puts back what an emptied index lost, answering 202 and then the run with its counts', async () => {
    await search.remove(ARTICLE_INDEX, ['reindex-a', 'reindex-b']);
    await expect(searchIds('펄스색인')).resolves.toEqual([]);

    const started = await adminRequest<SearchReindexStatus>(content, 'POST', BASE);
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({
      state: 'running',
      startedAt: '2026-11-29T04:00:00.000Z',
      finishedAt: null,
    });

    const done = await finished();
    expect(done).toMatchObject({ state: 'done', total: 2, done: 2, indexed: 2, removed: 0, error: null });
    expect(done.finishedAt).toEqual(expect.any(String));
    expect((await searchIds('펄스색인')).sort()).toEqual(['reindex-a', 'reindex-b']);
  });

  it('answers the running run to a second ask instead of starting another', async () => {
    let release!: () => void;
    search.hold = new Promise<void>((resolve) => (release = resolve));
    const first = await adminRequest<SearchReindexStatus>(content, 'POST', BASE);
    const second = await adminRequest<SearchReindexStatus>(content, 'POST', BASE);
    expect(second.status).toBe(202);
    expect(second.body).toMatchObject({ state: 'running', startedAt: first.body.startedAt });
    search.hold = undefined;
    release();
    await expect(finished()).resolves.toMatchObject({ state: 'done', indexed: 2 });
  });

  it('reports a failed run with its reason, and a later ask runs again', async () => {
    search.failWith = new Error('search backend unreachable');
    await adminRequest(content, 'POST', BASE);
    await expect(finished()).resolves.toMatchObject({
      state: 'failed',
      error: 'search backend unreachable',
      indexed: null,
    });
    search.failWith = undefined;
    await adminRequest(content, 'POST', BASE);
    await expect(finished()).resolves.toMatchObject({ state: 'done', indexed: 2, error: null });
  });
});

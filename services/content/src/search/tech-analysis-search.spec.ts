import {
  ARTICLE_LISTS_TAG,
  CACHE_TAG_HEADER,
  TECH_ANALYSIS_LISTS_TAG,
  type AdminTechAnalysis,
  type ArchiveResponse,
  type SearchPageResponse,
  type SearchReindexStatus,
  type SearchResultItem,
} from '@pulse/contracts';
import { EmbeddedSearchIndex, SEARCH_INDEX, type SearchDocument, type SearchIndex } from '@pulse/platform';
import { eventually } from '@pulse/testing';
import {
  startContentTestApp,
  testClock,
  translatedArticle,
  type ContentTestApp,
} from '../../testing/content-test-app';
import { adminRequest, analysisBody, publishAnalysis } from '../../testing/tech-analysis/analysis-fixtures';
import { TechAnalysesRepository } from '../tech-analysis/tech-analyses.repository';
import { TechAnalysisChanges } from '../tech-analysis/tech-analysis-changes';
import { ARTICLE_INDEX } from './article-document';
import { ArticleIndexer } from './article-indexer';
import { techAnalysisDocId, techAnalysisIdOf } from './tech-analysis-document';
import { TechAnalysisIndexer } from './tech-analysis-indexer';

const clock = testClock();
const REINDEX = '/api/content/admin/search/reindex';

/**
 * Tech analyses in search: published ones are ranked beside the articles by the same Korean analysis and
 * link to their own page; drafts and analyses taken out of publication are not found; a rebuild puts
 * them back; the archive and the article filters keep to articles.
 */
describe('tech analyses in search', () => {
  let app: ContentTestApp;
  let kubernetes: AdminTechAnalysis;
  const search = async (query: string) =>
    (await app.get<SearchPageResponse>(`/api/articles/search?${query}`)).body;
  const q = (text: string) => `q=${encodeURIComponent(text)}`;
  const ids = (body: { articles: Array<{ id: string }> }) => body.articles.map((item) => item.id);
  const analysisHit = (body: SearchPageResponse) =>
    body.articles.find((item): item is Extract<SearchResultItem, { kind: string }> => 'kind' in item);

  beforeAll(async () => {
    app = await startContentTestApp({ clock });
    await app.app.get(ArticleIndexer).whenRebuilt();
    await app.app.get(TechAnalysisIndexer).whenStarted();
    await app.translated(
      translatedArticle({
        articleId: 'k8s-news',
        title: '쿠버네티스 새 버전 출시, 사이드카 컨테이너 정식 지원',
        summary: '쿠버네티스 새 버전이 사이드카 컨테이너를 정식으로 지원한다.',
        bodyHtml: '<p>클라우드 네이티브 재단은 새 버전을 발표했다.</p>',
        primaryCategory: 'big-tech',
        tags: ['쿠버네티스'],
      }),
    );
    kubernetes = await publishAnalysis(app, {
      title: '쿠버네티스 오퍼레이터 패턴 심층 분석',
      executiveSummary: '쿠버네티스 오퍼레이터로 상태 있는 서비스를 자동으로 운영하는 방법을 분석합니다.',
      introduction: '<p>오퍼레이터는 조정 루프로 클러스터의 상태를 원하는 상태에 맞춥니다.</p>',
    });
  });
  afterAll(() => app.close());

  it('finds a published analysis by a Korean query beside the articles, linking to its own page', async () => {
    const body = await search(q('쿠버네티스'));
    expect(ids(body).sort()).toEqual([kubernetes.id, 'k8s-news'].sort());
    expect(body.total).toBe(2);
    const hit = analysisHit(body);
    expect(hit).toMatchObject({
      kind: 'tech-analysis',
      id: kubernetes.id,
      slug: kubernetes.slug,
      url: `/tech-analysis/${encodeURIComponent(kubernetes.slug)}`,
      title: '쿠버네티스 오퍼레이터 패턴 심층 분석',
      technologyCategory: 'cloud_native',
    });
    expect(hit!.highlight.title).toContain('<mark>쿠버네티스</mark>');
    expect(hit!.summary.length).toBeLessThanOrEqual(120);
  });

  it('names the tech-analysis lists in its cache tags, so publishing or editing one purges held answers', async () => {
    const { headers } = await app.get(`/api/articles/search?${q('쿠버네티스')}`);
    expect(String(headers[CACHE_TAG_HEADER]).split(' ')).toEqual(
      expect.arrayContaining([ARTICLE_LISTS_TAG, TECH_ANALYSIS_LISTS_TAG]),
    );
  });

  it('finds it by a word of its body, and by its technology as a tag', async () => {
    const body = await search(q('조정 루프'));
    expect(ids(body)).toEqual([kubernetes.id]);
    expect(analysisHit(body)!.highlight.snippet).toContain('<mark>');
    expect(ids(await search(q(kubernetes.technologyName)))).toContain(kubernetes.id);
  });

  it('keeps to articles under a category or type filter and in the archive; a period includes it', async () => {
    expect(ids(await search(`${q('쿠버네티스')}&category=big-tech`))).toEqual(['k8s-news']);
    expect(ids(await search(`${q('쿠버네티스')}&type=news`))).toEqual(['k8s-news']);
    expect(ids(await search(`${q('쿠버네티스')}&period=week&sort=latest`))).toHaveLength(2);
    const archive = await app.get<ArchiveResponse>(`/api/articles/archive?${q('쿠버네티스')}`);
    expect(archive.body.articles.map((article) => article.id)).toEqual(['k8s-news']);
  });

  it('never finds a draft', async () => {
    const draft = await adminRequest<AdminTechAnalysis>(app, 'POST', '/api/content/admin/tech-analyses', {
      ...analysisBody({ title: '초안 상태의 서비스메시 분석' }),
    });
    expect(draft.status).toBe(201);
    expect(ids(await search(q('서비스메시')))).toEqual([]);
  });

  it('updates an edited analysis and removes one taken out of publication', async () => {
    const edited = await adminRequest<AdminTechAnalysis>(
      app,
      'PATCH',
      `/api/content/admin/tech-analyses/${kubernetes.id}`,
      { title: '쿠버네티스 오퍼레이터와 헬름 비교 분석' },
    );
    expect(edited.status).toBe(200);
    expect(ids(await search(q('헬름')))).toEqual([kubernetes.id]);

    // Taken out of publication: the store write and its notice, as any such write tells it.
    const analyses = app.app.get(TechAnalysesRepository);
    const current = (await analyses.findById(kubernetes.id))!;
    const withdrawn = await analyses.updateIfUnchanged(
      kubernetes.id,
      { updatedAt: current.updatedAt },
      { state: 'draft' },
    );
    await app.app.get(TechAnalysisChanges).changed(withdrawn!);
    expect(ids(await search(q('헬름')))).toEqual([]);
    expect(ids(await search(q('쿠버네티스')))).toEqual(['k8s-news']);

    // Published again, the way an editor does it.
    const republished = await adminRequest(
      app,
      'POST',
      `/api/content/admin/tech-analyses/${kubernetes.id}/publish`,
    );
    expect(republished.status).toBe(200);
    expect(ids(await search(q('헬름')))).toEqual([kubernetes.id]);
  });

  it('is put back by an admin rebuild of the index, and one no longer published is taken out', async () => {
    const index = app.app.get<SearchIndex>(SEARCH_INDEX);
    await index.remove(ARTICLE_INDEX, [techAnalysisDocId(kubernetes.id)]);
    expect(ids(await search(q('오퍼레이터')))).toEqual([]);

    const started = await adminRequest<SearchReindexStatus>(app, 'POST', REINDEX);
    expect(started.status).toBe(202);
    const done = await eventually(
      async () => {
        const { body } = await adminRequest<SearchReindexStatus>(app, 'GET', REINDEX);
        expect(body.state).toBe('done');
        return body;
      },
      { timeoutMs: 10_000, intervalMs: 20 },
    );
    // One article and one published analysis indexed; the draft analysis removed.
    expect(done).toMatchObject({ indexed: 2, removed: 1 });
    expect(ids(await search(q('오퍼레이터')))).toEqual([kubernetes.id]);
  });

  it('brings its likes into the index for the popular sort on refresh', async () => {
    const analyses = app.app.get(TechAnalysesRepository);
    for (let i = 0; i < 3; i++) await analyses.countLike(kubernetes.id);
    expect(await app.app.get(TechAnalysisIndexer).refresh()).toBe(1);
    expect(ids(await search(`${q('쿠버네티스')}&sort=popular`))[0]).toBe(kubernetes.id);
  });
});

/** The embedded engine, made to refuse tech-analysis documents (a backend failing while they are written). */
class RefusingIndex extends EmbeddedSearchIndex {
  refuse = true;

  override async upsert<D extends SearchDocument>(index: string, docs: readonly D[]): Promise<void> {
    if (this.refuse && docs.some((doc) => techAnalysisIdOf(doc.id) !== undefined))
      throw new Error('search backend unreachable');
    return super.upsert(index, docs);
  }
}

describe('tech analyses in search, when the first indexing fails', () => {
  const index = new RefusingIndex();
  let app: ContentTestApp;

  beforeAll(async () => {
    app = await startContentTestApp({ clock, search: index, env: { DEMO_CORPUS: 'true' } });
    await app.app.get(ArticleIndexer).whenRebuilt();
    await app.app.get(TechAnalysisIndexer).whenStarted();
  });
  afterAll(() => app.close());

  it('indexes them on a later refresh once the backend takes writes again', async () => {
    const found = async () =>
      (await app.get<SearchPageResponse>(`/api/articles/search?q=${encodeURIComponent('쿠버네티스')}`)).body
        .articles.length;
    expect(await found()).toBe(0);
    index.refuse = false;
    const indexer = app.app.get(TechAnalysisIndexer);
    await eventually(
      async () => {
        await indexer.refresh();
        expect(await found()).toBeGreaterThan(0);
      },
      { timeoutMs: 5_000, intervalMs: 20 },
    );
  });
});

import {
  CACHE_TAG_HEADER,
  parsePurge,
  PURGE_CHANNEL,
  TECH_ANALYSIS_LISTS_TAG,
  techAnalysisTag,
  type AdminTechAnalysis,
} from '@pulse/contracts';
import { MemoryCacheStore } from '@pulse/platform';
import { eventually } from '@pulse/testing';
import { startContentTestApp, type ContentTestApp } from '../../testing/content-test-app';
import {
  adminRequest,
  analysisBody,
  publishAnalysis,
  readerCookie,
} from '../../testing/tech-analysis/analysis-fixtures';

const ADMIN_PATH = '/api/content/admin/tech-analyses';

/**
 * Tech analyses name what each public answer shows (cache-tag) and purge those tags when a published
 * analysis changes, so the gateway's micro-cache drops them (gateway/src/proxy/micro-cache.ts).
 */
describe('tech analyses: cache tags and purges for the gateway', () => {
  let content: ContentTestApp;
  /** A store of this process: embedded pub/sub reaches every store in it, as Redis reaches every client. */
  const listener = new MemoryCacheStore();
  const purged: string[][] = [];
  let stop: () => Promise<void>;
  let shown: AdminTechAnalysis;

  beforeAll(async () => {
    content = await startContentTestApp();
    shown = await publishAnalysis(content, { slug: 'purge-shown' });
    stop = await listener.subscribe(PURGE_CHANNEL, (message) => purged.push(parsePurge(message)!.tags));
  }, 60_000);

  afterAll(async () => {
    await stop();
    await listener.close();
    await content.close();
  });

  beforeEach(() => {
    purged.length = 0;
  });

  it('tags the list with the lists tag, and the detail with its analysis and the lists tag', async () => {
    const list = await content.get('/api/tech-analysis?page=1');
    expect([list.status, list.headers[CACHE_TAG_HEADER]]).toEqual([200, TECH_ANALYSIS_LISTS_TAG]);
    const detail = await content.get('/api/tech-analysis/purge-shown');
    expect([detail.status, detail.headers[CACHE_TAG_HEADER]]).toEqual([
      200,
      `${techAnalysisTag(shown.id)} ${TECH_ANALYSIS_LISTS_TAG}`,
    ]);
    // An unknown slug answers 404 with no tag: nothing to purge, nothing cached.
    const missing = await content.get('/api/tech-analysis/none-such');
    expect([missing.status, missing.headers[CACHE_TAG_HEADER]]).toEqual([404, undefined]);
  });

  it('purges nothing for a draft, and the analysis with the lists when it is published or edited', async () => {
    const created = await adminRequest<AdminTechAnalysis>(content, 'POST', ADMIN_PATH, analysisBody());
    expect(created.status).toBe(201);
    const { id } = created.body;
    const draftEdit = await adminRequest(content, 'PATCH', `${ADMIN_PATH}/${id}`, { title: '초안 수정' });
    expect(draftEdit.status).toBe(200);
    expect((await adminRequest(content, 'POST', `${ADMIN_PATH}/${id}/publish`)).status).toBe(200);
    // Delivered in order: the publish's purge arriving first means the draft's writes sent none.
    await eventually(async () => expect(purged).toEqual([[techAnalysisTag(id), TECH_ANALYSIS_LISTS_TAG]]));

    purged.length = 0;
    const edit = await adminRequest(content, 'PATCH', `${ADMIN_PATH}/${id}`, { title: '게시 후 수정' });
    expect(edit.status).toBe(200);
    await eventually(async () => expect(purged).toEqual([[techAnalysisTag(id), TECH_ANALYSIS_LISTS_TAG]]));
  });

  it('purges the analysis alone on a first like, and nothing on a repeated like or a view', async () => {
    const url = `/api/tech-analysis/${shown.id}`;
    const cookie = await readerCookie(content, shown.id);
    const first = await content.inject({ method: 'POST', url: `${url}/like`, headers: { cookie } });
    expect(first.json()).toMatchObject({ liked: true, likesCount: 1 });
    await eventually(async () => expect(purged).toEqual([[techAnalysisTag(shown.id)]]));

    purged.length = 0;
    const again = await content.inject({ method: 'POST', url: `${url}/like`, headers: { cookie } });
    expect(again.json()).toMatchObject({ liked: true, likesCount: 1 });
    expect(
      (await content.inject({ method: 'POST', url: `${url}/view`, headers: { cookie } })).json(),
    ).toMatchObject({ counted: true });
    // Another reader's like: its purge arriving first means the repeat and the view sent none.
    const other = await readerCookie(content, shown.id);
    expect(
      (await content.inject({ method: 'POST', url: `${url}/like`, headers: { cookie: other } })).json(),
    ).toMatchObject({ likesCount: 2 });
    await eventually(async () => expect(purged).toEqual([[techAnalysisTag(shown.id)]]));
  });
});

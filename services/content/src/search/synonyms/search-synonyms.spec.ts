import {
  STAFF_ACTION_RECORDED_TOPIC,
  type EventEnvelope,
  type SearchPageResponse,
  type StaffActionRecordedPayload,
  type SynonymGroup,
  type SynonymsResponse,
} from '@pulse/contracts';
import { eventually } from '@pulse/testing';
import { adminRequest } from '../../../testing/tech-analysis/analysis-fixtures';
import {
  startContentTestApp,
  testClock,
  translatedArticle,
  type ContentTestApp,
} from '../../../testing/content-test-app';

const BASE = '/api/content/admin/search/synonyms';

/**
 * Search synonyms (docs/services.md 'The content service': search that forgives): the maintained dictionary applies to the article
 * search, and an admin adds a group that applies at once, without a deploy.
 */
describe('search synonyms', () => {
  let content: ContentTestApp;
  // What the newsroom service hears: each staff action with its before and after.
  let recorded: EventEnvelope[] = [];
  const audited = () => recorded.map((event) => event.payload as StaffActionRecordedPayload);
  const changesOf = (id: string) =>
    audited()
      .filter((entry) => entry.target?.id === id)
      .map((entry) => entry.change ?? null);
  const searchIds = async (q: string) =>
    (
      await content.get<SearchPageResponse>(`/api/articles/search?q=${encodeURIComponent(q)}`)
    ).body.articles.map((article) => article.id);

  beforeAll(async () => {
    content = await startContentTestApp({ clock: testClock(Date.parse('2026-03-10T03:00:00.000Z')) });
    recorded = await content.collect(STAFF_ACTION_RECORDED_TOPIC, 'newsroom-test');
    await content.translated(
      translatedArticle({
        articleId: 'hynix-hbm',
        title: 'SK하이닉스, 차세대 HBM 양산 돌입',
        summary: '엔비디아에 공급할 고대역폭메모리 생산을 늘린다.',
        bodyHtml: '<p>펄스메모리라는 이름의 새 공정도 공개했다.</p>',
      }),
    );
  });
  afterAll(() => content.close());

  it('applies the dictionary: an English name, a nickname and an abbreviation find the article', async () => {
    await expect(searchIds('NVIDIA')).resolves.toEqual(['hynix-hbm']);
    await expect(searchIds('하닉')).resolves.toEqual(['hynix-hbm']);
    await expect(searchIds('엔비')).resolves.toEqual(['hynix-hbm']);
  });

  it('adds a group that the next search uses, and lists it beside the dictionary', async () => {
    await expect(searchIds('펄메')).resolves.toEqual([]);
    const added = await adminRequest<SynonymGroup>(content, 'POST', BASE, {
      spellings: ['펄스메모리', '펄메'],
    });
    expect(added).toEqual({
      status: 201,
      body: {
        id: expect.any(String),
        spellings: ['펄스메모리', '펄메'],
        createdAt: '2026-03-10T03:00:00.000Z',
      },
    });
    await expect(searchIds('펄메')).resolves.toEqual(['hynix-hbm']);
    const listed = await adminRequest<SynonymsResponse>(content, 'GET', BASE);
    expect(listed.status).toBe(200);
    expect(listed.body.added).toEqual([added.body]);
    expect(listed.body.dictionary).toContainEqual(['엔비디아', 'NVIDIA', '엔비']);
  });

  it('answers 409 for a group stored already, in any order', async () => {
    const again = await adminRequest<{ message: string }>(content, 'POST', BASE, {
      spellings: ['펄메', '펄스메모리'],
    });
    expect(again).toMatchObject({ status: 409, body: { message: 'this synonym group exists already' } });
  });

  it('removes an added group: the next search no longer uses it, and the list no longer shows it', async () => {
    await expect(searchIds('대량생산')).resolves.toEqual([]);
    const added = await adminRequest<SynonymGroup>(content, 'POST', BASE, {
      spellings: ['양산', '대량생산'],
    });
    await expect(searchIds('대량생산')).resolves.toEqual(['hynix-hbm']);
    const removed = await adminRequest(content, 'DELETE', `${BASE}/${added.body.id}`);
    expect(removed.status).toBe(204);
    await expect(searchIds('대량생산')).resolves.toEqual([]);
    // The dictionary's groups stay.
    await expect(searchIds('하닉')).resolves.toEqual(['hynix-hbm']);
    const listed = await adminRequest<SynonymsResponse>(content, 'GET', BASE);
    expect(listed.body.added.map((group) => group.id)).not.toContain(added.body.id);
    const again = await adminRequest<{ message: string }>(content, 'DELETE', `${BASE}/${added.body.id}`);
    expect(again).toMatchObject({ status: 404, body: { message: expect.stringMatching(/^id: /) } });
    // The audit log has the group as it came and went; the 404 changed nothing.
    await eventually(() => expect(changesOf(added.body.id)).toHaveLength(2));
    expect(changesOf(added.body.id)).toEqual([
      { before: { spellings: ['양산', '대량생산'] }, after: null },
      null,
    ]);
    const adds = audited()
      .filter((entry) => entry.action.startsWith('POST '))
      .map((entry) => entry.change);
    expect(adds).toContainEqual({ before: null, after: { spellings: ['양산', '대량생산'] } });
  });

  it.each([
    [{ spellings: ['엔비디아'] }, /^spellings: spellings must list at least 2 spellings/],
    [{ spellings: '엔비디아,NVIDIA' }, /^spellings: spellings is required and must be a list of text/],
    [{ spellings: ['엔비디아', '   '] }, /^spellings\.1: spellings must be 1 to 100 characters/],
    [{ spellings: ['엔비디아', '!!!'] }, /^spellings\.1: spellings must each hold a letter or digit/],
    [{ spellings: ['엔비디아', 'x'.repeat(101)] }, /^spellings\.1: spellings must be 1 to 100 characters/],
    [{ spellings: ['a', 'b'], extra: 1 }, /unknown parameter\(s\): extra/],
    [{}, /^spellings: spellings is required and must be a list of text/],
  ])('POST %j → 400 naming the field', async (payload, message) => {
    const response = await adminRequest<{ statusCode: number; message: string }>(
      content,
      'POST',
      BASE,
      payload,
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
  });

  it.each([
    ['GET', BASE],
    ['POST', BASE],
    ['DELETE', `${BASE}/any-group`],
  ] as const)('%s %s answers 401 without a token and 403 with a wrong one', async (method, url) => {
    const none = await adminRequest(content, method, url, { spellings: ['가나', '다라'] }, {});
    expect(none).toEqual({
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized', message: 'Admin credential required' },
    });
    const wrong = await adminRequest(
      content,
      method,
      url,
      { spellings: ['가나', '다라'] },
      {
        authorization: 'Bearer not-the-admin-token',
      },
    );
    expect(wrong).toEqual({
      status: 403,
      body: { statusCode: 403, error: 'Forbidden', message: 'Invalid admin credential' },
    });
  });
});

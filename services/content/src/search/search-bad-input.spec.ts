import { MAX_QUERY_LENGTH, SearchInputError } from '@pulse/platform';
import { startContentTestApp, translatedArticle, type ContentTestApp } from '../../testing/content-test-app';
import { otherKeyboardLayout } from './keyboard-layout';

/** docs/design.md §7 for the search page and the archive: bad input is a 400 naming the parameter, never a 500. */

let app: ContentTestApp;
beforeAll(async () => {
  app = await startContentTestApp();
  await app.translated(
    translatedArticle({
      articleId: 'markup',
      title: '<script>alert(1)</script> 태그가 든 제목',
      summary: '"따옴표"와 <b>꺾쇠</b>가 든 요약 & 앰퍼샌드',
    }),
  );
});
afterAll(async () => {
  await app?.close();
});

const long = (n: number) => encodeURIComponent('블'.repeat(n));

describe.each(['search', 'archive'])('GET /api/articles/%s with bad input', (endpoint) => {
  const get = (query: string) =>
    app.get<{ statusCode: number; error: string; message: string }>(`/api/articles/${endpoint}?${query}`);
  // The archive pages only as deep as the other lists; search answers any page past its hits.
  const [pageMessage, deepPage] =
    endpoint === 'archive'
      ? ['page: page must be an integer from 1 to 1000', '1000']
      : ['page: page must be an integer ≥ 1', '999999999999999'];

  it.each([
    ['q=a&page=abc', pageMessage],
    ['q=a&page=1.5', pageMessage],
    ['q=a&page=0', pageMessage],
    ['q=a&page=-3', pageMessage],
    ['q=a&page=1e3', pageMessage],
    ['q=a&page=', pageMessage],
    ['q=a&page=99999999999999999999', pageMessage],
    [`q=${long(201)}`, 'q: q must be at most 200 characters'],
    [`q=${long(10_000)}`, 'q: q must be at most 200 characters'],
    ['q=a&q=b', 'q: q must be text'],
    ['q=a&page=1&page=2', pageMessage],
    ['q[$ne]=null', 'unknown parameter(s): q[$ne]'],
    ['q=a&sotr=latest', 'unknown parameter(s): sotr'],
    ['q=a&sort=oldest', 'sort: sort must be one of: '],
    ['q=a&sort=latest&sort=views', 'sort: sort must be one of: '],
  ])('%s → 400 naming the parameter', async (query, message) => {
    const { status, body } = await get(query);
    expect(status).toBe(400);
    expect(body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.stringContaining(message),
    });
  });

  it('treats an operator written as text as text, not as a filter', async () => {
    const { status, body } = await get(`q=${encodeURIComponent('{"$ne":null}')}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ articles: [] });
  });

  it('answers a query of punctuation only with nothing, not with every article', async () => {
    const { status, body } = await get(`q=${encodeURIComponent('!!! ?')}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ articles: [] });
  });

  it('answers a huge page with an empty page', async () => {
    const { status, body } = await get(`q=a&page=${deepPage}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ articles: [] });
  });
});

describe('search-only parameters', () => {
  const search = (query: string) =>
    app.get<{ message: string; articles: Array<{ highlight: { title: string; snippet: string } }> }>(
      `/api/articles/search?${query}`,
    );

  it.each([
    ['', 'q: q must be 1 to 200 characters'],
    ['q=%20%20', 'q: q must be 1 to 200 characters'],
    [`tag=${long(101)}`, 'tag: tag must be at most 100 characters'],
    ['tag=a&tag=b', 'tag: tag must be text'],
    ['q=a&category=nft', 'category: category must be one of: gen-ai, blockchain, big-tech'],
    ['q=a&type=video', 'type: type must be one of: news, insight, analysis'],
    ['q=a&period=decade', 'period: period must be one of: all, today, week, month, year'],
    ['tag=NFT&sort=relevance', 'sort: sort relevance needs a q'],
  ])('%s → 400 naming the parameter', async (query, message) => {
    const { status, body } = await search(query);
    expect(status).toBe(400);
    expect(body.message).toContain(message);
  });

  // Read in the other keyboard layout, Hangul grows 2 to 5 times: past the index's query limit.
  it.each([
    ['a long run of one syllable', '뷁'.repeat(100)],
    [
      'a long Korean sentence',
      '최근 생성형 인공지능 모델의 발전 속도가 빨라지면서 국내 기업들도 자체 언어 모델을 개발하고 서비스에 적용하는 사례가 늘고 있으며 보안과 저작권 문제에 대한 논의도 함께 활발해지고 있어 정부와 업계의 대응이 주목된다',
    ],
  ])('answers %s whose other-layout reading is too long for the index with 200', async (_, q) => {
    expect(otherKeyboardLayout(q)!.length).toBeGreaterThan(MAX_QUERY_LENGTH);
    const { status, body } = await search(`q=${encodeURIComponent(q)}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ articles: expect.any(Array) });
  });

  it("answers the index's refusal of its input with 400 naming the field, not 500", async () => {
    const spy = jest
      .spyOn(app.search, 'search')
      .mockRejectedValueOnce(new SearchInputError('q', `longer than ${MAX_QUERY_LENGTH} characters`));
    try {
      const { status, body } = await search('q=x');
      expect(status).toBe(400);
      expect(body).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: `q: longer than ${MAX_QUERY_LENGTH} characters`,
      });
    } finally {
      spy.mockRestore();
    }
  });

  it('escapes markup from the article in highlights: only the <mark> tags are HTML', async () => {
    const { status, body } = await search(`q=${encodeURIComponent('태그가')}`);
    expect(status).toBe(200);
    // Titles and summaries are stored as plain text (tags dropped); what is left is escaped.
    expect(body.articles[0].highlight.title).toBe('alert(1) <mark>태그가</mark> 든 제목');
    const snippet = await search(`q=${encodeURIComponent('앰퍼샌드')}`);
    expect(snippet.body.articles[0].highlight.snippet).toBe(
      '&quot;따옴표&quot;와 꺾쇠가 든 요약 &amp; <mark>앰퍼샌드</mark>',
    );
  });
});

describe('archive-only parameters', () => {
  it.each([
    ['category=big-tech', 'category: category must be one of: all, gen-ai, blockchain, nft, web3'],
    ['timeframe=decade', 'timeframe: timeframe must be one of: all, today, week, month, year'],
    ['sort=relevance', 'sort: sort must be one of: latest, popular, views'],
    ['category=%7B%22%24ne%22%3Anull%7D', 'category: category must be one of'],
    ['category=all&category=nft', 'category: category must be one of'],
  ])('%s → 400 naming the parameter', async (query, message) => {
    const { status, body } = await app.get<{ message: string }>(`/api/articles/archive?${query}`);
    expect(status).toBe(400);
    expect(body.message).toContain(message);
  });
});

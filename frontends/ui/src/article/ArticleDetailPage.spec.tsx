import { queryClient } from '../api';
import { articleApi, makeArticle, showArticle } from '../testing/article-page';
import {
  cleanup,
  click,
  deferred,
  errorResponse,
  get,
  installFetch,
  location,
  pageText,
  queryAll,
  waitFor,
} from '../testing';

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  queryClient.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

describe('the article page: shown', () => {
  it('shows badges, date, views, title, summary, body, tags, the original source and the route slots', async () => {
    articleApi(
      makeArticle({
        id: 'a1',
        title: '오픈AI 새 모델',
        summary: '요약입니다',
        views: 12345,
        content: '<p>본문 <strong>HTML</strong></p>',
        tags: [{ id: 't1', name: '오픈AI', slug: 'openai' }],
        originalArticle: { sourceUrl: 'https://source.example/story', title: 'Old field', author: 'Kim' },
        originalSources: [
          {
            sourceUrl: 'https://openai.com/blog/x',
            title: 'New model',
            author: 'Sam',
            sourceName: 'OpenAI Blog',
          },
          { sourceUrl: 'javascript:alert(1)', title: 'Not a link', author: '' },
        ],
      }),
    );
    await showArticle('/read/a1', {
      breadcrumb: (a) => <nav aria-label="이동 경로">{a.title}</nav>,
      boxes: (a) => <section className="test-box">{a.id} 상자</section>,
    });
    await waitFor(() => get('h1#article-title'));

    expect(get('article').getAttribute('aria-labelledby')).toBe('article-title');
    expect(get('h1').textContent).toBe('오픈AI 새 모델');
    expect(get('.article__meta').textContent).toBe('news2025년 03월 04일조회수 12,345');
    expect(get('.article__meta time').getAttribute('dateTime')).toBe('2025-03-04T01:00:00.000Z');
    expect(get('.article__summary').textContent).toBe('요약입니다');
    expect(get('.article__content').innerHTML).toBe('<p>본문 <strong>HTML</strong></p>');
    expect(get('ul[aria-label="태그"] a').getAttribute('href')).toBe('/tag-of/openai');
    expect(get('ul[aria-label="태그"] a').textContent).toBe('#오픈AI');
    expect(get('nav[aria-label="이동 경로"]').textContent).toBe('오픈AI 새 모델');
    expect(get('.test-box').textContent).toBe('a1 상자');

    // Every source of a merged story, links only; the older single field only when there is no list.
    const box = get('section[aria-labelledby="original-source-title"]');
    expect(get('#original-source-title').textContent).toBe('원문 출처');
    expect(queryAll('.original-source li')).toHaveLength(1);
    const original = get('.original-source a', '원문보기');
    expect(original.getAttribute('href')).toBe('https://openai.com/blog/x');
    expect(original.getAttribute('target')).toBe('_blank');
    expect(original.getAttribute('rel')).toBe('noopener noreferrer');
    expect(box.textContent).toContain('New model');
    expect(box.textContent).toContain('OpenAI Blog');
    expect(box.textContent).toContain('작성자: Sam');
  });

  it('falls back to originalArticle, and shows no source box without a source', async () => {
    articleApi(
      makeArticle({
        id: 'o1',
        originalArticle: {
          sourceUrl: 'https://source.example/story',
          title: 'OpenAI ships a model',
          author: 'Kim',
        },
      }),
    );
    await showArticle('/read/o1');
    await waitFor(() => get('.original-source a', '원문보기'));
    expect(get('.original-source').textContent).toContain('OpenAI ships a model');
    expect(get('.original-source').textContent).toContain('작성자: Kim');

    cleanup();
    articleApi(makeArticle({ id: 'o2' }));
    await showArticle('/read/o2');
    await waitFor(() => get('h1#article-title'));
    expect(queryAll('.original-source')).toHaveLength(0);
    expect(queryAll('ul[aria-label="태그"]')).toHaveLength(0);
  });

  it('marks an untranslated article as English', async () => {
    articleApi(makeArticle({ id: 'e1', translationStatus: 'pending' }));
    await showArticle('/read/e1');
    await waitFor(() => get('h1#article-title'));
    expect(get('article').getAttribute('lang')).toBe('en');
  });

  it('shows the comments, the story questions and the assistant under the article', async () => {
    articleApi().on('GET', '/api/community/articles/a1/questions', {
      body: { success: true, data: { storyId: 'a1', questions: [] } },
    });
    await showArticle();
    await waitFor(() =>
      expect(get('.comments .state--empty').textContent).toContain('아직 댓글이 없습니다.'),
    );
    expect(get('.assistant-float button', 'AI 도우미에게 묻기')).toBeTruthy();
    await waitFor(() =>
      expect(get('.story-questions').textContent).toContain('아직 이 소식에 대한 질문이 없습니다.'),
    );
    expect(get('a', '이 기사에 대해 질문하기').getAttribute('href')).toBe('/community/qa/ask?articleId=a1');
  });

  it('gives the route the title for the tab', async () => {
    articleApi(makeArticle({ id: 't1', title: '탭 제목' }));
    const titles: Array<string | undefined> = [];
    await showArticle('/read/t1', { onTitle: (title) => titles.push(title) });
    await waitFor(() => expect(titles.at(-1)).toBe('탭 제목'));
  });
});

describe('the article page: loading, errors', () => {
  it('shows a skeleton, announced as loading, until the article arrives', async () => {
    const reply = deferred<{ status: number; body: unknown }>();
    installFetch().on('GET', '/api/articles/s1', () => reply.promise);
    await showArticle('/read/s1');
    expect(get('[role="status"][aria-busy="true"]').getAttribute('aria-label')).toBe('기사를 불러오는 중');
    expect(queryAll('h1')).toHaveLength(0);
    reply.resolve({ status: 200, body: { article: makeArticle({ id: 's1' }) } });
    await waitFor(() => get('h1#article-title'));
    expect(queryAll('[aria-busy="true"][role="status"]')).toHaveLength(0);
  });

  it('says the article does not exist on a 404, with the error message, the tab title and 돌아가기', async () => {
    installFetch().on('GET', '/api/articles/gone', errorResponse(404, 'article gone not found'));
    const titles: Array<string | undefined> = [];
    await showArticle('/read/gone', { onTitle: (title) => titles.push(title) });
    await waitFor(() => expect(pageText()).toContain('요청하신 기사가 존재하지 않거나 삭제되었습니다'));
    expect(get('[role="alert"] h1').textContent).toBe('기사를 찾을 수 없습니다');
    expect(get('[role="alert"]').textContent).toContain('article gone not found');
    expect(titles.at(-1)).toBe('기사를 찾을 수 없습니다');
    // Opened directly: no history, so back goes to the route's list.
    await click(get('button', '돌아가기'));
    expect(location()).toBe('/list');
  });

  it("says a failed load could not be loaded, with the error's message, and tries again", async () => {
    const mock = installFetch().on(
      'GET',
      '/api/articles/bad',
      errorResponse(400, 'id must be 1 to 100 characters'),
    );
    await showArticle('/read/bad');
    await waitFor(() =>
      expect(get('[role="alert"]').textContent).toContain('id must be 1 to 100 characters'),
    );
    expect(get('[role="alert"]').textContent).toContain('요청하신 기사를 불러올 수 없습니다');
    expect(queryAll('button', '돌아가기')).toHaveLength(1);

    mock.on('GET', '/api/articles/bad', {
      body: { article: makeArticle({ id: 'bad', title: '다시 받은 기사' }) },
    });
    mock.on('GET', /^\/api\/interactions\/status\//, { body: { liked: false } });
    await click(get('button', '다시 시도'));
    await waitFor(() => expect(get('h1').textContent).toBe('다시 받은 기사'));
  });

  it('rejects an invalid id without asking the server', async () => {
    const mock = installFetch();
    await showArticle('/read/bad%20id!');
    expect(get('[role="alert"]').textContent).toContain('요청하신 기사의 ID가 유효하지 않습니다');
    expect(mock.requests).toHaveLength(0);
  });
});

describe('the article page: views', () => {
  it('counts a view once per browser session, with credentials', async () => {
    const mock = articleApi(makeArticle({ id: 'v1' }));
    await showArticle('/read/v1');
    await waitFor(() => expect(mock.calls('POST', '/api/articles/v1/view')).toHaveLength(1));
    expect(mock.calls('POST', '/api/articles/v1/view')[0]!.credentials).toBe('include');

    queryClient.clear();
    await showArticle('/read/v1');
    await waitFor(() => get('h1#article-title'));
    await showArticle('/read/v1');
    await waitFor(() => get('h1#article-title'));
    expect(mock.calls('POST', '/api/articles/v1/view')).toHaveLength(1);
  });

  it('counts again on a later visit when the view could not be recorded', async () => {
    const mock = articleApi(makeArticle({ id: 'v2' })).on(
      'POST',
      '/api/articles/v2/view',
      errorResponse(503, 'down'),
    );
    await showArticle('/read/v2');
    await waitFor(() => expect(console.warn).toHaveBeenCalled());
    expect(sessionStorage.getItem('pulse:viewed:v2')).toBeNull();
    await showArticle('/read/v2');
    await waitFor(() => expect(mock.calls('POST', '/api/articles/v2/view')).toHaveLength(2));
  });
});

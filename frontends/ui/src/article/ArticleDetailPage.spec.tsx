import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryClient } from '../api';
import { articleApi, makeArticle, showArticle } from '../../testing/article-page';
import { deferred, errorResponse, installFetch, location } from '../../testing';

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  queryClient.clear();
  sessionStorage.clear();
});
afterEach(() => {
  jest.restoreAllMocks();
});

const title = (name?: string) => screen.findByRole('heading', { level: 1, name });
const sourceBox = () => screen.queryByRole('region', { name: '원문 출처' });

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
    showArticle('/read/a1', {
      breadcrumb: (a) => <nav aria-label="이동 경로">{a.title}</nav>,
      boxes: (a) => <section className="test-box">{a.id} 상자</section>,
    });
    const heading = await title('오픈AI 새 모델');

    const article = screen.getByRole('article', { name: '오픈AI 새 모델' });
    expect(article).toHaveAttribute('aria-labelledby', 'article-title');
    expect(heading).toHaveAttribute('id', 'article-title');
    expect(heading.textContent).toBe('오픈AI 새 모델');
    const meta = article.querySelector('.article__meta')!;
    expect(meta.textContent).toBe('news2025년 03월 04일조회수 12,345');
    expect(within(meta as HTMLElement).getByText('2025년 03월 04일')).toHaveAttribute(
      'dateTime',
      '2025-03-04T01:00:00.000Z',
    );
    expect(screen.getByText('요약입니다')).toHaveClass('article__summary');
    // The sanitised body is the content service's markup, put in as it is.
    expect(screen.getByText('HTML').closest('.article__content')?.innerHTML).toBe(
      '<p>본문 <strong>HTML</strong></p>',
    );
    const tag = within(screen.getByRole('list', { name: '태그' })).getByRole('link');
    expect(tag).toHaveAttribute('href', '/tag-of/openai');
    expect(tag.textContent).toBe('#오픈AI');
    expect(screen.getByRole('navigation', { name: '이동 경로' }).textContent).toBe('오픈AI 새 모델');
    expect(screen.getByText('a1 상자')).toHaveClass('test-box');

    // Every source of a merged story, links only; the older single field only when there is no list.
    const box = sourceBox()!;
    expect(within(box).getByRole('heading', { level: 2 }).textContent).toBe('원문 출처');
    expect(within(box).getAllByRole('listitem')).toHaveLength(1);
    const original = within(box).getByRole('link', { name: '원문보기' });
    expect(original).toHaveAttribute('href', 'https://openai.com/blog/x');
    expect(original).toHaveAttribute('target', '_blank');
    expect(original).toHaveAttribute('rel', 'noopener noreferrer');
    expect(box).toHaveTextContent('New model');
    expect(box).toHaveTextContent('OpenAI Blog');
    expect(box).toHaveTextContent('작성자: Sam');
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
    showArticle('/read/o1');
    await screen.findByRole('link', { name: '원문보기' });
    expect(sourceBox()).toHaveTextContent('OpenAI ships a model');
    expect(sourceBox()).toHaveTextContent('작성자: Kim');

    cleanup();
    articleApi(makeArticle({ id: 'o2' }));
    showArticle('/read/o2');
    await title('기사 o2');
    expect(sourceBox()).not.toBeInTheDocument();
    expect(document.querySelector('.original-source')).toBeNull();
    expect(screen.queryByRole('list', { name: '태그' })).not.toBeInTheDocument();
  });

  it('marks an untranslated article as English', async () => {
    articleApi(makeArticle({ id: 'e1', translationStatus: 'pending' }));
    showArticle('/read/e1');
    await title('기사 e1');
    expect(screen.getByRole('article', { name: '기사 e1' })).toHaveAttribute('lang', 'en');
  });

  it('shows the comments, the story questions and the assistant under the article', async () => {
    articleApi().on('GET', '/api/community/articles/a1/questions', {
      body: { success: true, data: { storyId: 'a1', questions: [] } },
    });
    showArticle();
    const noComments = await screen.findByText(/아직 댓글이 없습니다\./);
    expect(noComments.closest('.comments .state--empty')).toBeInTheDocument();
    const assistant = screen.getByRole('button', { name: /AI 도우미에게 묻기/ });
    expect(assistant.closest('.assistant-float')).toBeInTheDocument();
    const noQuestions = await screen.findByText(/아직 이 소식에 대한 질문이 없습니다\./);
    expect(noQuestions.closest('.story-questions')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /이 기사에 대해 질문하기/ })).toHaveAttribute(
      'href',
      '/community/qa/ask?articleId=a1',
    );
  });

  it("names the tab, the description and the canonical URL as the server's head does", async () => {
    articleApi(makeArticle({ id: 't1', title: '탭 제목', summary: '탭 요약' }));
    showArticle('/read/t1');
    await waitFor(() => expect(document.title).toBe('탭 제목 | 펄스'));
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('탭 요약');
    // A news article's one URL is /article/{id}, whichever route shows it.
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${window.location.origin}/article/t1`,
    );
  });
});

describe('the article page: loading, errors', () => {
  it('shows a skeleton, announced as loading, until the article arrives', async () => {
    const reply = deferred<{ status: number; body: unknown }>();
    installFetch().on('GET', '/api/articles/s1', () => reply.promise);
    showArticle('/read/s1');
    const skeleton = screen.getByRole('status', { name: '기사를 불러오는 중' });
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    reply.resolve({ status: 200, body: { article: makeArticle({ id: 's1' }) } });
    await title('기사 s1');
    expect(skeleton).not.toBeInTheDocument();
    expect(document.querySelector('[aria-busy="true"][role="status"]')).toBeNull();
  });

  it('says the article does not exist on a 404, with the error message, the tab title and 돌아가기', async () => {
    installFetch().on('GET', '/api/articles/gone', errorResponse(404, 'article gone not found'));
    showArticle('/read/gone');
    await waitFor(() =>
      expect(document.body).toHaveTextContent('요청하신 기사가 존재하지 않거나 삭제되었습니다'),
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { level: 1 }).textContent).toBe('기사를 찾을 수 없습니다');
    expect(alert).toHaveTextContent('article gone not found');
    expect(document.title).toBe('기사를 찾을 수 없습니다 | 펄스');
    // Opened directly: no history, so back goes to the route's list.
    await userEvent.click(screen.getByRole('button', { name: '돌아가기' }));
    expect(location()).toBe('/list');
  });

  it('says an insight its editors withdrew (410) was taken down, with no retry', async () => {
    installFetch().on('GET', '/api/articles/pulled', errorResponse(410, '게시가 중단된 글입니다.'));
    showArticle('/read/pulled');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 1 }).textContent).toBe('게시가 중단된 글입니다');
    expect(alert).toHaveTextContent('편집진이 이 글의 게시를 중단했습니다');
    expect(within(alert).queryByRole('button', { name: '다시 시도' })).toBeNull();
    expect(document.title).toBe('게시가 중단된 글입니다 | 펄스');
  });

  it("says a failed load could not be loaded, with the error's message, and tries again", async () => {
    const mock = installFetch().on(
      'GET',
      '/api/articles/bad',
      errorResponse(400, 'id must be 1 to 100 characters'),
    );
    showArticle('/read/bad');
    expect(await screen.findByRole('alert')).toHaveTextContent('id must be 1 to 100 characters');
    expect(screen.getByRole('alert')).toHaveTextContent('요청하신 기사를 불러올 수 없습니다');
    expect(screen.getAllByRole('button', { name: '돌아가기' })).toHaveLength(1);

    mock.on('GET', '/api/articles/bad', {
      body: { article: makeArticle({ id: 'bad', title: '다시 받은 기사' }) },
    });
    mock.on('GET', /^\/api\/interactions\/status\//, { body: { liked: false } });
    await userEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect((await title('다시 받은 기사')).textContent).toBe('다시 받은 기사');
  });

  it('rejects an invalid id without asking the server', async () => {
    const mock = installFetch();
    showArticle('/read/bad%20id!');
    expect(screen.getByRole('alert')).toHaveTextContent('요청하신 기사의 ID가 유효하지 않습니다');
    expect(mock.requests).toHaveLength(0);
  });
});

describe('the article page: views', () => {
  it('counts a view once per browser session, with credentials', async () => {
    const mock = articleApi(makeArticle({ id: 'v1' }));
    showArticle('/read/v1');
    await waitFor(() => expect(mock.calls('POST', '/api/articles/v1/view')).toHaveLength(1));
    expect(mock.calls('POST', '/api/articles/v1/view')[0]!.credentials).toBe('include');
    // Sent even if the reader leaves at once (an aborted view would clear the session's mark).
    expect(mock.calls('POST', '/api/articles/v1/view')[0]!.keepalive).toBe(true);

    queryClient.clear();
    cleanup();
    showArticle('/read/v1');
    await title('기사 v1');
    cleanup();
    showArticle('/read/v1');
    await title('기사 v1');
    expect(mock.calls('POST', '/api/articles/v1/view')).toHaveLength(1);
  });

  it('counts again on a later visit when the view could not be recorded', async () => {
    const mock = articleApi(makeArticle({ id: 'v2' })).on(
      'POST',
      '/api/articles/v2/view',
      errorResponse(503, 'down'),
    );
    showArticle('/read/v2');
    await waitFor(() => expect(console.warn).toHaveBeenCalled());
    expect(sessionStorage.getItem('pulse:viewed:v2')).toBeNull();
    cleanup();
    showArticle('/read/v2');
    await waitFor(() => expect(mock.calls('POST', '/api/articles/v2/view')).toHaveLength(2));
  });
});

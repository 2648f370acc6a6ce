import {
  cleanup,
  deferred,
  click,
  collectToasts,
  errorResponse,
  type FetchMock,
  fire,
  get,
  installFetch,
  pageText,
  queryAll,
  render,
  waitFor,
} from '@pulse/frontend-ui/src/testing';
import { queryCache } from '@pulse/frontend-ui';
import { Route, Routes } from 'react-router-dom';
import { ARTICLE } from '../../copy';
import { article, listItem } from '../../test/fixtures';
import { resetGenerationAttempts } from './ArticleHeroImage';
import ArticlePage from './ArticlePage';
import { toggled } from './use-like';

beforeEach(() => {
  // Failed likes, shares and image generations are also logged; the tests check what the reader sees.
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  queryCache.clear();
  sessionStorage.clear();
  resetGenerationAttempts();
});
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

function api(overrides: Partial<ReturnType<typeof article>> = {}, liked = false): FetchMock {
  return installFetch()
    .on('GET', '/api/articles/a1', { body: { article: article(overrides) } })
    .on('GET', '/api/articles/related/a1', {
      body: {
        articles: [
          listItem({
            id: 'r1',
            title: '관련 기사 하나',
            publishedAt: '2024-07-09T15:30:00Z',
            imageUrl: null,
          }),
        ],
      },
    })
    .on('GET', '/api/interactions/status/a1', { body: { liked } })
    .on('POST', '/api/articles/a1/view', { body: { counted: true, views: 121 } });
}

const show = async (url = '/article/a1') => {
  await render(
    <Routes>
      <Route path="/article/:id" element={<ArticlePage />} />
    </Routes>,
    url,
  );
  await waitFor(() => get('h1#article-title'));
};

describe('ArticlePage', () => {
  it('shows category badges, date, title, body, tags, the original link and related articles', async () => {
    const mock = api();
    await show();
    expect(get('h1').textContent).toBe('오픈AI, 새 추론 모델 공개 (a1)');
    expect(queryAll('.article__badges a').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['생성형 AI', '/category/gen-ai'],
      ['글로벌 빅테크', '/category/big-tech'],
    ]);
    expect(get('.article__date').textContent).toBe('2024년 03월 05일');
    expect(get('.article__content').innerHTML).toBe('<p>본문 첫 문단입니다.</p><p>둘째 문단입니다.</p>');
    expect(get('.article__tags a').getAttribute('href')).toBe(`/search?tag=${encodeURIComponent('오픈AI')}`);
    const original = get('a', ARTICLE.original);
    expect(original.getAttribute('href')).toBe('https://source.example/story');
    expect(original.getAttribute('target')).toBe('_blank');
    expect(get('.article__source').textContent).toContain('원본 출처: OpenAI ships a model — Kim');
    expect(queryAll('nav.breadcrumb li').map((li) => li.textContent)).toEqual([
      '홈',
      '생성형 AI',
      '오픈AI, 새 추론 모델 공개 (a1)',
    ]);

    await waitFor(() => expect(get('.related-item').getAttribute('href')).toBe('/article/r1'));
    expect(get('.related-item time').textContent).toBe('07/10');
    expect(mock.requests.find((c) => c.url === '/api/articles/a1')).toBeTruthy();
  });

  it('shows the comments section (empty: a 404 reads as no comments)', async () => {
    api();
    await show();
    await waitFor(() =>
      expect(get('.comments .state--empty').textContent).toContain('아직 댓글이 없습니다.'),
    );
    expect(get('.comments [aria-pressed="true"]').textContent).toBe('인기순');
  });

  it("offers the assistant's floating button and asking about the article, with the story's questions", async () => {
    api().on('GET', '/api/community/articles/a1/questions', {
      body: { success: true, data: { storyId: 'a1', questions: [] } },
    });
    await show();
    expect(get('.assistant-float button', 'AI 도우미에게 묻기')).toBeTruthy();
    await waitFor(() =>
      expect(get('.story-questions').textContent).toContain('아직 이 소식에 대한 질문이 없습니다.'),
    );
    expect(get('a', '이 기사에 대해 질문하기').getAttribute('href')).toBe('/community/qa/ask?articleId=a1');
  });

  it('counts the view once per browser session', async () => {
    const mock = api();
    await show();
    await waitFor(() => expect(mock.calls('POST', '/api/articles/a1/view')).toHaveLength(1));
    queryCache.clear();
    await show();
    await show();
    expect(mock.calls('POST', '/api/articles/a1/view')).toHaveLength(1);
  });

  it("shows '기사를 찾을 수 없습니다' with the explanation and the error's message", async () => {
    installFetch()
      .on('GET', '/api/articles/missing', errorResponse(404, 'article missing not found'))
      .on('GET', '/api/articles/related/missing', { body: { articles: [] } });
    await render(
      <Routes>
        <Route path="/article/:id" element={<ArticlePage />} />
      </Routes>,
      '/article/missing',
    );
    await waitFor(() => expect(pageText()).toContain('기사를 찾을 수 없습니다'));
    expect(pageText()).toContain(ARTICLE.notFoundExplanation);
    expect(pageText()).toContain('article missing not found');
    expect(document.title).toBe('기사를 찾을 수 없습니다 | 펄스');
  });
});

describe('like', () => {
  const likeButton = () => get('button.like-button');

  it('goes up at once, settles on the server count and says so', async () => {
    const reply = deferred<{ status: number; body: unknown }>();
    const mock = api().on('POST', '/api/interactions/like', () => reply.promise);
    const toasts = collectToasts();
    await show();
    await waitFor(() => expect(mock.calls('GET', '/api/interactions/status/a1')).toHaveLength(1));
    await click(likeButton());
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');
    expect(likeButton().textContent).toContain('4');
    expect(mock.calls('POST', '/api/interactions/like')[0]!.body).toEqual({
      contentId: 'a1',
      contentType: 'article',
    });

    reply.resolve({ status: 200, body: { liked: true, likesCount: 10 } });
    await waitFor(() => expect(likeButton().textContent).toContain('10'));
    expect(toasts).toEqual([{ title: '이 기사를 좋아합니다' }]);
  });

  it('unlikes through DELETE when the reader already liked it', async () => {
    const mock = api({}, true).on('DELETE', '/api/interactions/unlike', {
      body: { liked: false, likesCount: 2 },
    });
    const toasts = collectToasts();
    await show();
    await waitFor(() => expect(likeButton().getAttribute('aria-pressed')).toBe('true'));
    await click(likeButton());
    await waitFor(() => expect(toasts).toEqual([{ title: '좋아요가 취소되었습니다' }]));
    expect(mock.calls('DELETE', '/api/interactions/unlike')[0]!.body).toEqual({
      contentId: 'a1',
      contentType: 'article',
    });
    expect(likeButton().textContent).toContain('2');
  });

  it('rolls back with a toast when the call fails', async () => {
    api().on('POST', '/api/interactions/like', errorResponse(503, 'Service Unavailable'));
    const toasts = collectToasts();
    await show();
    await click(likeButton());
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toMatchObject({ title: ARTICLE.likeFailed, variant: 'destructive' });
    expect(likeButton().getAttribute('aria-pressed')).toBe('false');
    expect(likeButton().textContent).toContain('3');
  });

  it('never counts below zero', () => {
    expect(toggled({ liked: true, count: 0 })).toEqual({ liked: false, count: 0 });
    expect(toggled({ liked: false, count: 0 })).toEqual({ liked: true, count: 1 });
  });
});

describe('share', () => {
  it('opens a 600x400 popup and records the share', async () => {
    const mock = api().on('POST', '/api/articles/a1/share', { body: { sharesCount: 7 } });
    const open = jest.fn();
    window.open = open;
    await show();
    await click(get('button', 'Facebook에 공유'));
    expect(open.mock.calls[0]![0]).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent('http://localhost/article/a1')}`,
    );
    expect(open.mock.calls[0]![2]).toMatch(/^width=600,height=400,/);
    expect(mock.calls('POST', '/api/articles/a1/share')[0]!.body).toEqual({ platform: 'facebook' });
    await waitFor(() => expect(get('.article-share__count').getAttribute('aria-label')).toBe('공유 7'));
    expect(queryAll('.share-buttons button').map((b) => b.textContent)).toEqual([
      'Facebook',
      'Twitter',
      'Telegram',
    ]);
  });

  it('takes the count back with a toast when recording fails', async () => {
    api().on('POST', '/api/articles/a1/share', errorResponse(500, 'boom'));
    window.open = jest.fn();
    const toasts = collectToasts();
    await show();
    await click(get('button', 'Telegram에 공유'));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toMatchObject({ title: ARTICLE.shareFailed, variant: 'destructive' });
    expect(get('.article-share__count').getAttribute('aria-label')).toBe('공유 1');
  });
});

describe('image and videos', () => {
  it('generates an image once when the article image fails, then uses it', async () => {
    const mock = api().on('POST', '/api/articles/a1/generate-image', {
      body: { imageUrl: '/images/a1-generated.png' },
    });
    await show();
    await fire(get('img.article-hero__image'), 'error');
    await waitFor(() =>
      expect(get('img.article-hero__image').getAttribute('src')).toBe('/images/a1-generated.png'),
    );
    await fire(get('img.article-hero__image'), 'error');
    expect(mock.calls('POST', '/api/articles/a1/generate-image')).toHaveLength(1);
    expect(get('.article-hero figcaption').textContent).toBe('이미지를 불러올 수 없습니다');
  });

  it("says '이미지를 불러올 수 없습니다' when generation fails", async () => {
    api().on('POST', '/api/articles/a1/generate-image', errorResponse(503, 'no images'));
    await show();
    await fire(get('img.article-hero__image'), 'error');
    await waitFor(() =>
      expect(get('.article-hero figcaption').textContent).toBe('이미지를 불러올 수 없습니다'),
    );
    expect(get('.article-hero [role="img"]')).toBeTruthy();
  });

  it('shows a video as a thumbnail until clicked, then embeds it with autoplay', async () => {
    api({
      youtubeVideos: [
        {
          embedId: 'abc123',
          title: '데모 영상',
          thumbnailUrl: 'https://i.ytimg.com/vi/abc123/hq.jpg',
          channelTitle: '채널',
        },
      ],
    });
    await show();
    expect(queryAll('iframe')).toHaveLength(0);
    await click(get('button', '데모 영상 재생'));
    expect(get('iframe').getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/abc123?autoplay=1&rel=0',
    );
    expect(get('iframe').getAttribute('title')).toBe('데모 영상');
  });
});

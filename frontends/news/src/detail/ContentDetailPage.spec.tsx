import type { Article } from '@pulse/contracts';
import { queryCache } from '@pulse/frontend-ui';
import App from '../App';
import {
  cleanup,
  click,
  collectToasts,
  deferred,
  type FetchMock,
  fire,
  get,
  installFetch,
  location,
  pageText,
  queryAll,
  render,
  waitFor,
} from '@pulse/frontend-ui/src/testing';
import { makeArticle, makeListItem } from '../test/fixtures';

let api: FetchMock;
let toasts: ReturnType<typeof collectToasts>;
beforeEach(() => {
  queryCache.clear();
  sessionStorage.clear();
  api = installFetch()
    .on('GET', /^\/api\/interactions\/status\//, { body: { liked: false } })
    .on('GET', /^\/api\/articles\/related\//, { body: { articles: [] } })
    .on('POST', /\/view$/, { body: { counted: true, views: 1 } });
  toasts = collectToasts();
});
afterEach(cleanup);

function serve(article: Article) {
  api.on('GET', `/api/articles/${article.id}`, { body: { article } });
}

async function open(url: string, section = url.split('/')[1]) {
  await render(<App section={section} />, url, `/${section}/*`);
}

const likeButton = () => get('button[aria-pressed]');
const likeCount = () => get('[data-testid="like-count"]').textContent;

describe('content detail', () => {
  it('shows the article: type, date, views, title, summary, tags to /tags/{slug}, body, original source', async () => {
    serve(
      makeArticle({
        id: 'n1',
        title: '오픈AI 새 모델',
        summary: '요약입니다',
        views: 12345,
        content: '<p>본문 <strong>HTML</strong></p>',
        tags: [{ id: 't1', name: '오픈AI', slug: 'openai' }],
        originalSources: [
          {
            sourceUrl: 'https://openai.com/blog/x',
            title: 'New model',
            author: 'Sam',
            sourceName: 'OpenAI Blog',
          },
        ],
      }),
    );
    await open('/news/n1');
    await waitFor(() => get('h1', '오픈AI 새 모델'));

    expect(get('.badge--type').textContent).toBe('뉴스');
    expect(get('time').textContent).toBe('2025년 03월 04일');
    expect(pageText()).toContain('조회수 12,345');
    expect(pageText()).toContain('요약입니다');
    expect(get('a', '#오픈AI').getAttribute('href')).toBe('/tags/openai');
    expect(get('.detail-body strong').textContent).toBe('HTML');
    const original = get('a', '원문 보기');
    expect(original.getAttribute('href')).toBe('https://openai.com/blog/x');
    expect(original.getAttribute('target')).toBe('_blank');
    expect(pageText()).toContain('OpenAI Blog');
    // The shared comments section (an article without comments: a 404 reads as an empty list).
    await waitFor(() =>
      expect(get('.comments .state--empty').textContent).toContain('아직 댓글이 없습니다.'),
    );
  });

  it('shows the tech-metadata box from either spelling of techMeta', async () => {
    serve(
      makeArticle({
        id: 'a1',
        type: 'analysis',
        techMeta: {
          difficulty: 'intermediate',
          estimatedTime: 25,
          techStack: ['Rust', 'Tokio'],
          githubUrl: 'https://github.com/tokio-rs/tokio',
        },
      }),
    );
    await open('/analysis/a1');
    await waitFor(() => get('h2', '기술 정보'));

    expect(get('.difficulty').textContent).toBe('중급');
    expect(get('.difficulty').className).toContain('difficulty--yellow');
    expect(pageText()).toContain('25분');
    expect(pageText()).toContain('2개');
    expect(get('a', 'tokio-rs/tokio').getAttribute('href')).toBe('https://github.com/tokio-rs/tokio');
    expect(queryAll('h2', '핵심 인사이트')).toHaveLength(0);
  });

  it('lists every key insight of an insight', async () => {
    serve(
      makeArticle({
        id: 'i1',
        type: 'insight',
        insightMeta: { keyInsights: ['하나', '둘', '셋', '넷'], relatedIndustries: [] },
      }),
    );
    await open('/insights/i1');
    await waitFor(() => get('h2', '핵심 인사이트'));
    expect([...get('.key-insights').querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '하나',
      '둘',
      '셋',
      '넷',
    ]);
    expect(get('.badge--type').textContent).toBe('인사이트');
  });

  it('says the article does not exist on a 404, with a back button to the list', async () => {
    api.on('GET', '/api/articles/gone', {
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'article gone not found' },
    });
    await open('/news/gone');
    await waitFor(() => expect(pageText()).toContain('요청하신 기사가 존재하지 않거나 삭제되었습니다'));
    expect(get('h1').textContent).toBe('기사를 찾을 수 없습니다');
    await click(get('button', '돌아가기'));
    expect(location()).toBe('/news');
  });

  it('shows the error message of a failed load', async () => {
    api.on('GET', '/api/articles/bad', {
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: 'id must be 1 to 100 characters' },
    });
    await open('/news/bad');
    await waitFor(() =>
      expect(get('[role="alert"]').textContent).toContain('id must be 1 to 100 characters'),
    );
    expect(queryAll('button', '돌아가기')).toHaveLength(1);
  });

  it('rejects an invalid id without asking the server', async () => {
    await open('/news/bad%20id!');
    expect(pageText()).toContain('요청하신 기사의 ID가 유효하지 않습니다');
    expect(api.requests).toHaveLength(0);
  });

  it('counts a view once per browser session, with credentials', async () => {
    serve(makeArticle({ id: 'v1' }));
    await open('/news/v1');
    await waitFor(() => expect(api.calls('POST', '/api/articles/v1/view')).toHaveLength(1));
    expect(api.calls('POST', '/api/articles/v1/view')[0].credentials).toBe('include');

    cleanup();
    await open('/news/v1');
    await waitFor(() => get('h1', '기사 v1'));
    expect(api.calls('POST', '/api/articles/v1/view')).toHaveLength(1);
  });

  it('likes at once and rolls back with a toast when the server refuses', async () => {
    serve(makeArticle({ id: 'l1', likesCount: 3 }));
    const reply = deferred<{ status: number; body: unknown }>();
    api.on('POST', '/api/interactions/like', () => reply.promise);
    await open('/news/l1');
    await waitFor(() => expect(api.calls('GET', '/api/interactions/status/l1')).toHaveLength(1));
    expect(likeButton().getAttribute('aria-pressed')).toBe('false');

    await click(likeButton());
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');
    expect(likeCount()).toBe('4');
    expect(api.calls('POST', '/api/interactions/like')[0].body).toEqual({
      contentId: 'l1',
      contentType: 'article',
    });

    reply.resolve({ status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'down' } });
    await waitFor(() => expect(likeButton().getAttribute('aria-pressed')).toBe('false'));
    expect(likeCount()).toBe('3');
    expect(toasts).toEqual([
      {
        title: '좋아요를 처리하지 못했습니다',
        description: '잠시 후 다시 시도해주세요',
        variant: 'destructive',
      },
    ]);
  });

  it("settles on the server's count and says 'you like this article', then 'like removed'", async () => {
    serve(makeArticle({ id: 'l2', likesCount: 3 }));
    api
      .on('POST', '/api/interactions/like', { body: { liked: true, likesCount: 10 } })
      .on('DELETE', '/api/interactions/unlike', { body: { liked: false, likesCount: 9 } });
    await open('/news/l2');
    await waitFor(() => get('h1', '기사 l2'));

    await click(likeButton());
    await waitFor(() => expect(likeCount()).toBe('10'));
    expect(toasts[0]).toEqual({ title: '좋아요!', description: '이 기사를 좋아합니다' });

    await click(likeButton());
    await waitFor(() => expect(likeCount()).toBe('9'));
    expect(likeButton().getAttribute('aria-pressed')).toBe('false');
    expect(api.calls('DELETE', '/api/interactions/unlike')[0].body).toEqual({
      contentId: 'l2',
      contentType: 'article',
    });
    expect(toasts[1]).toEqual({ title: '좋아요 취소', description: '좋아요를 취소했습니다' });
  });

  it('never shows a count below 0 when unliking', async () => {
    serve(makeArticle({ id: 'l3', likesCount: 0 }));
    api.on('GET', '/api/interactions/status/l3', { body: { liked: true } });
    const reply = deferred<{ status: number; body: unknown }>();
    api.on('DELETE', '/api/interactions/unlike', () => reply.promise);
    await open('/news/l3');
    await waitFor(() => expect(likeButton().getAttribute('aria-pressed')).toBe('true'));

    await click(likeButton());
    expect(likeCount()).toBe('0');
    reply.resolve({ status: 200, body: { liked: false, likesCount: -1 } });
    await waitFor(() => expect(likeButton().getAttribute('aria-pressed')).toBe('false'));
    expect(likeCount()).toBe('0');
  });

  it('generates an image once when the hero image fails to load', async () => {
    serve(makeArticle({ id: 'g1', imageUrl: 'https://img.example/broken.jpg' }));
    const reply = deferred<{ status: number; body: unknown }>();
    api.on('POST', '/api/articles/g1/generate-image', () => reply.promise);
    await open('/news/g1');
    await waitFor(() => get('h1', '기사 g1'));

    await fire(get('.detail-hero img'), 'error');
    expect(get('.detail-hero').textContent).toBe('AI 이미지 생성 중...');
    reply.resolve({ status: 200, body: { imageUrl: '/images/generated/g1.png' } });
    await waitFor(() => expect(get('.detail-hero img').getAttribute('src')).toBe('/images/generated/g1.png'));

    // A broken generated image is not generated again: the page says the image cannot be loaded.
    await fire(get('.detail-hero img'), 'error');
    expect(get('.detail-hero').textContent).toContain('이미지를 불러올 수 없습니다');
    expect(api.calls('POST', '/api/articles/g1/generate-image')).toHaveLength(1);
  });

  it('plays a video from its thumbnail in a youtube-nocookie embed with autoplay', async () => {
    serve(
      makeArticle({
        id: 'y1',
        youtubeVideos: [
          {
            embedId: 'dQw4w9WgXcQ',
            title: '발표 영상',
            thumbnailUrl: 'https://i.ytimg.com/x.jpg',
            channelTitle: '채널',
          },
        ],
      }),
    );
    await open('/news/y1');
    await waitFor(() => get('button', '영상 재생: 발표 영상'));
    expect(queryAll('iframe')).toHaveLength(0);

    await click(get('button', '영상 재생: 발표 영상'));
    expect(get('iframe').getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    );
  });

  it('opens a 600x400 popup per platform and records the share; a refused share is taken back with a toast', async () => {
    serve(makeArticle({ id: 's1', sharesCount: 5 }));
    const opened: unknown[][] = [];
    window.open = ((...args: unknown[]) => {
      opened.push(args);
      return null;
    }) as typeof window.open;
    api.on('POST', '/api/articles/s1/share', ({ body }) =>
      (body as { platform: string }).platform === 'twitter'
        ? { body: { sharesCount: 6 } }
        : { status: 500, body: { statusCode: 500, error: 'x', message: 'x' } },
    );
    await open('/news/s1');
    await waitFor(() => get('h1', '기사 s1'));

    await click(get('button', 'Twitter에 공유'));
    expect(String(opened[0][0])).toBe(
      `https://twitter.com/intent/tweet?url=${encodeURIComponent('http://localhost/news/s1')}&text=${encodeURIComponent('기사 s1')}`,
    );
    expect(String(opened[0][2])).toMatch(/^width=600,height=400,/);
    await waitFor(() => expect(api.calls('POST', '/api/articles/s1/share')).toHaveLength(1));
    expect(get('.share-bar__label').textContent).toContain('6');

    await click(get('button', 'LinkedIn에 공유'));
    expect(String(opened[1][0])).toContain('https://www.linkedin.com/sharing/share-offsite/');
    await waitFor(() =>
      expect(toasts).toEqual([{ title: '공유를 기록하지 못했습니다', variant: 'destructive' }]),
    );
    expect(get('.share-bar__label').textContent).toContain('6');
    expect(api.calls('POST', '/api/articles/s1/share').map((r) => r.body)).toEqual([
      { platform: 'twitter' },
      { platform: 'linkedin' },
    ]);
  });

  it('copies the link, says so and records a copy-link share', async () => {
    serve(makeArticle({ id: 'c1' }));
    const copied: string[] = [];
    (navigator as unknown as Record<string, unknown>).clipboard = {
      writeText: async (text: string) => void copied.push(text),
    };
    api.on('POST', '/api/articles/c1/share', { body: { sharesCount: 2 } });
    await open('/news/c1');
    await waitFor(() => get('h1', '기사 c1'));

    await click(get('button', '링크 복사'));
    await waitFor(() => expect(api.calls('POST', '/api/articles/c1/share')).toHaveLength(1));
    expect(copied).toEqual(['http://localhost/news/c1']);
    expect(api.calls('POST', '/api/articles/c1/share')[0].body).toEqual({ platform: 'copy-link' });
    expect(toasts).toEqual([{ title: '링크가 복사되었습니다' }]);
  });

  it("lists related articles linking to their section (/insights/{id} for an insight) with MM/dd dates and a 'No Image' placeholder", async () => {
    serve(makeArticle({ id: 'r0' }));
    api.on('GET', '/api/articles/related/r0', {
      body: {
        articles: [
          makeListItem({
            id: 'r1',
            type: 'insight',
            imageUrl: null,
            publishedAt: '2025-12-31T16:30:00.000Z',
          }),
          makeListItem({ id: 'r2', type: 'analysis' }),
        ],
      },
    });
    await open('/news/r0');
    await waitFor(() => expect(queryAll('.related__item')).toHaveLength(2));

    const [first, second] = queryAll('.related__item');
    expect(first.getAttribute('href')).toBe('/insights/r1');
    expect(second.getAttribute('href')).toBe('/analysis/r2');
    // 16:30 UTC on 31 December is 1 January in Seoul.
    expect(first.querySelector('time')?.textContent).toBe('01/01');
    expect(first.textContent).toContain('No Image');
  });
});

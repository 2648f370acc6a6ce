import { queryClient } from '../api';
import { articleApi, makeArticle, showArticle } from '../testing/article-page';
import { cleanup, click, deferred, errorResponse, fire, get, queryAll, waitFor } from '../testing';
import { resetGenerationAttempts } from './HeroImage';

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  queryClient.clear();
  sessionStorage.clear();
  resetGenerationAttempts();
});
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

const hero = () => get('figure.article-hero');

describe('hero image', () => {
  it("generates an image once when the image fails ('AI 이미지 생성 중...'), then uses it", async () => {
    const reply = deferred<{ status: number; body: unknown }>();
    const mock = articleApi(makeArticle({ id: 'g1', imageUrl: 'https://img.example/broken.jpg' })).on(
      'POST',
      '/api/articles/g1/generate-image',
      () => reply.promise,
    );
    await showArticle('/read/g1');
    await waitFor(() => get('h1#article-title'));

    await fire(get('img.article-hero__image'), 'error');
    expect(get('.article-hero [role="status"]').textContent).toBe('AI 이미지 생성 중...');
    // The default image keeps the box meanwhile.
    expect(get('.article-hero [role="img"]')).toBeTruthy();
    reply.resolve({ status: 200, body: { imageUrl: '/images/generated/g1.png' } });
    await waitFor(() =>
      expect(get('img.article-hero__image').getAttribute('src')).toBe('/images/generated/g1.png'),
    );
    expect(queryAll('.article-hero [role="status"]')).toHaveLength(0);

    // A broken generated image is not generated again: the page says the image cannot be loaded.
    await fire(get('img.article-hero__image'), 'error');
    expect(get('.article-hero figcaption').textContent).toBe('이미지를 불러올 수 없습니다');
    expect(mock.calls('POST', '/api/articles/g1/generate-image')).toHaveLength(1);
  });

  it("says '이미지를 불러올 수 없습니다' over the default image when generation fails", async () => {
    articleApi(makeArticle({ id: 'g2' })).on(
      'POST',
      '/api/articles/g2/generate-image',
      errorResponse(503, 'no images'),
    );
    await showArticle('/read/g2');
    await waitFor(() => get('h1#article-title'));
    await fire(get('img.article-hero__image'), 'error');
    await waitFor(() =>
      expect(get('.article-hero figcaption').textContent).toBe('이미지를 불러올 수 없습니다'),
    );
    expect(get('.article-hero [role="img"]').getAttribute('aria-label')).toBe('생성형 AI 기본 이미지');
  });

  it('generates a missing image when the route asks for it', async () => {
    const mock = articleApi(makeArticle({ id: 'g3', imageUrl: null })).on(
      'POST',
      '/api/articles/g3/generate-image',
      {
        body: { imageUrl: '/images/generated/g3.png' },
      },
    );
    await showArticle('/read/g3', { generateMissingImage: true });
    await waitFor(() =>
      expect(get('img.article-hero__image').getAttribute('src')).toBe('/images/generated/g3.png'),
    );
    expect(mock.calls('POST', '/api/articles/g3/generate-image')).toHaveLength(1);
    expect(hero().textContent).toBe('');
  });

  it('shows the default image alone for a missing image otherwise', async () => {
    const mock = articleApi(makeArticle({ id: 'g4', imageUrl: null }));
    await showArticle('/read/g4');
    await waitFor(() => get('h1#article-title'));
    expect(get('.article-hero [role="img"]')).toBeTruthy();
    expect(queryAll('.article-hero figcaption')).toHaveLength(0);
    expect(mock.calls('POST', '/api/articles/g4/generate-image')).toHaveLength(0);
  });
});

describe('videos', () => {
  it('shows a video as a thumbnail until clicked, then a youtube-nocookie embed with autoplay', async () => {
    articleApi(
      makeArticle({
        id: 'y1',
        youtubeVideos: [
          {
            embedId: 'dQw4w9WgXcQ',
            title: '발표 영상',
            thumbnailUrl: 'https://i.ytimg.com/x.jpg',
            channelTitle: '채널',
          },
          { embedId: 'bad id"><script>', title: '이상한 영상', thumbnailUrl: '', channelTitle: '' },
        ],
      }),
    );
    await showArticle('/read/y1');
    await waitFor(() => get('button', '영상 재생: 발표 영상'));
    expect(get('#videos-title').textContent).toBe('관련 영상');
    // An id that is not YouTube's is never put into an embed URL.
    expect(queryAll('.video')).toHaveLength(1);
    expect(get('.video__channel').textContent).toBe('채널');
    expect(queryAll('iframe')).toHaveLength(0);

    await click(get('button', '영상 재생: 발표 영상'));
    expect(get('iframe').getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
    );
    expect(get('iframe').getAttribute('title')).toBe('발표 영상');
  });

  it('has no video section without videos', async () => {
    articleApi(makeArticle({ id: 'y2' }));
    await showArticle('/read/y2');
    await waitFor(() => get('h1#article-title'));
    expect(queryAll('.related-videos')).toHaveLength(0);
  });
});

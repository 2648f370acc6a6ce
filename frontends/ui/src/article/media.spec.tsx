import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryClient } from '../api';
import { articleApi, makeArticle, showArticle } from '../../testing/article-page';
import { deferred, errorResponse } from '../../testing';
import { resetGenerationAttempts } from './HeroImage';

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  queryClient.clear();
  sessionStorage.clear();
  resetGenerationAttempts();
});
afterEach(() => {
  jest.restoreAllMocks();
});

const hero = () => screen.getByRole('figure');
// The photo is named by the article's title; the default image by its category.
const heroPhoto = (title: string) => within(hero()).getByRole('img', { name: title });
const defaultImage = () => within(hero()).getByRole('img', { name: '생성형 AI 기본 이미지' });
const articleShown = (title: string) => screen.findByRole('heading', { level: 1, name: title });

describe('hero image', () => {
  it("generates an image once when the image fails ('AI 이미지 생성 중...'), then uses it", async () => {
    const reply = deferred<{ status: number; body: unknown }>();
    const mock = articleApi(makeArticle({ id: 'g1', imageUrl: 'https://img.example/broken.jpg' })).on(
      'POST',
      '/api/articles/g1/generate-image',
      () => reply.promise,
    );
    showArticle('/read/g1');
    await articleShown('기사 g1');

    fireEvent.error(heroPhoto('기사 g1'));
    expect(within(hero()).getByRole('status').textContent).toBe('AI 이미지 생성 중...');
    // The default image keeps the box meanwhile.
    expect(defaultImage()).toBeInTheDocument();
    reply.resolve({ status: 200, body: { imageUrl: '/images/generated/g1.png' } });
    await waitFor(() => expect(heroPhoto('기사 g1')).toHaveAttribute('src', '/images/generated/g1.png'));
    expect(within(hero()).queryByRole('status')).not.toBeInTheDocument();

    // A broken generated image is not generated again: the page says the image cannot be loaded.
    fireEvent.error(heroPhoto('기사 g1'));
    expect(within(hero()).getByRole('status').textContent).toBe('이미지를 불러올 수 없습니다');
    expect(mock.calls('POST', '/api/articles/g1/generate-image')).toHaveLength(1);
  });

  it("says '이미지를 불러올 수 없습니다' over the default image when generation fails", async () => {
    articleApi(makeArticle({ id: 'g2' })).on(
      'POST',
      '/api/articles/g2/generate-image',
      errorResponse(503, 'no images'),
    );
    showArticle('/read/g2');
    await articleShown('기사 g2');
    fireEvent.error(heroPhoto('기사 g2'));
    await waitFor(() =>
      expect(within(hero()).getByRole('status').textContent).toBe('이미지를 불러올 수 없습니다'),
    );
    expect(defaultImage()).toHaveAccessibleName('생성형 AI 기본 이미지');
  });

  it('generates a missing image when the route asks for it', async () => {
    const mock = articleApi(makeArticle({ id: 'g3', imageUrl: null })).on(
      'POST',
      '/api/articles/g3/generate-image',
      {
        body: { imageUrl: '/images/generated/g3.png' },
      },
    );
    showArticle('/read/g3', { generateMissingImage: true });
    await waitFor(() => expect(heroPhoto('기사 g3')).toHaveAttribute('src', '/images/generated/g3.png'));
    expect(mock.calls('POST', '/api/articles/g3/generate-image')).toHaveLength(1);
    expect(hero().textContent).toBe('');
  });

  it('shows the default image alone for a missing image otherwise', async () => {
    const mock = articleApi(makeArticle({ id: 'g4', imageUrl: null }));
    showArticle('/read/g4');
    await articleShown('기사 g4');
    expect(defaultImage()).toBeInTheDocument();
    expect(within(hero()).queryByRole('status')).not.toBeInTheDocument();
    expect(hero().querySelector('figcaption')).toBeNull();
    expect(mock.calls('POST', '/api/articles/g4/generate-image')).toHaveLength(0);
  });
});

describe('videos', () => {
  it('shows a video as a thumbnail until clicked, then a youtube-nocookie embed with autoplay', async () => {
    const user = userEvent.setup();
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
    showArticle('/read/y1');
    const play = await screen.findByRole('button', { name: '영상 재생: 발표 영상' });
    const videos = screen.getByRole('region', { name: '관련 영상' });
    expect(within(videos).getByRole('heading').textContent).toBe('관련 영상');
    // An id that is not YouTube's is never put into an embed URL.
    expect(within(videos).getAllByRole('listitem')).toHaveLength(1);
    expect(within(videos).queryByText('이상한 영상')).not.toBeInTheDocument();
    expect(within(videos).getByText('채널')).toHaveClass('video__channel');
    expect(document.querySelectorAll('iframe')).toHaveLength(0);

    await user.click(play);
    const embed = screen.getByTitle('발표 영상');
    expect(embed.tagName).toBe('IFRAME');
    expect(embed).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
    );
  });

  it('has no video section without videos', async () => {
    articleApi(makeArticle({ id: 'y2' }));
    showArticle('/read/y2');
    await articleShown('기사 y2');
    expect(screen.queryByRole('region', { name: '관련 영상' })).not.toBeInTheDocument();
    expect(document.querySelector('.related-videos')).toBeNull();
  });
});

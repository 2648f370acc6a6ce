import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { queryClient } from '../api';
import { articleApi, makeArticle, makeListItem, showArticle } from '../../testing/article-page';
import { errorResponse } from '../../testing';

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  queryClient.clear();
  sessionStorage.clear();
});

const related = [
  makeListItem({ id: 'r1', type: 'insight', imageUrl: null, publishedAt: '2025-12-31T16:30:00.000Z' }),
  makeListItem({ id: 'r2', type: 'analysis', title: '두 번째' }),
];

const sidebar = () => screen.getByRole('complementary', { name: '관련 기사' });
const items = () => within(sidebar()).queryAllByRole('link');

describe('related articles', () => {
  it('links each through the route, dated MM/dd in Seoul, with the default image for a missing one', async () => {
    articleApi(makeArticle({ id: 'r0' })).on('GET', '/api/articles/related/r0', {
      body: { articles: related },
    });
    showArticle('/read/r0', { relatedHref: (item) => `/${item.type}/${item.id}` });
    await waitFor(() => expect(items()).toHaveLength(2));

    expect(within(sidebar()).getByRole('heading', { level: 2 })).toHaveTextContent(/^관련 기사$/);
    const [first, second] = items();
    expect(first).toHaveClass('related-item');
    expect(first).toHaveAttribute('href', '/insight/r1');
    expect(second).toHaveAttribute('href', '/analysis/r2');
    // 16:30 UTC on 31 December is 1 January in Seoul.
    expect(first!.querySelector('time')).toHaveTextContent(/^01\/01$/);
    expect(within(first!).getByRole('img')).toHaveAccessibleName('생성형 AI 기본 이미지');
    // A decorative thumbnail (alt=""): the link's name is the title, so the image has no role to find it by.
    expect(second!.querySelector('img')).toHaveAttribute('src', 'https://img.example/r2.jpg');
  });

  it("shows a 'No Image' placeholder instead when the route asks for it", async () => {
    articleApi(makeArticle({ id: 'r0' })).on('GET', '/api/articles/related/r0', { body: related });
    showArticle('/read/r0', { relatedThumb: 'no-image' });
    await waitFor(() => expect(items()).toHaveLength(2));
    expect(items()[0]).toHaveTextContent('No Image');
    expect(items()[1]).not.toHaveTextContent('No Image');
  });

  it('says when there are none, and when they could not be loaded', async () => {
    articleApi(makeArticle({ id: 'e1' }));
    showArticle('/read/e1');
    await screen.findByRole('complementary', { name: '관련 기사' });
    expect(await within(sidebar()).findByText('관련 기사가 없습니다')).toHaveClass('related-sidebar__empty');

    cleanup();
    queryClient.clear();
    articleApi(makeArticle({ id: 'e2' })).on('GET', '/api/articles/related/e2', errorResponse(400, 'bad'));
    showArticle('/read/e2');
    await screen.findByRole('complementary', { name: '관련 기사' });
    expect(await within(sidebar()).findByText('관련 기사를 불러오지 못했습니다')).toHaveClass(
      'related-sidebar__empty',
    );
  });
});

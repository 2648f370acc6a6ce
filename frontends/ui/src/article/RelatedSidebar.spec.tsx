import { queryClient } from '../api';
import { articleApi, makeArticle, makeListItem, showArticle } from '../testing/article-page';
import { cleanup, errorResponse, get, queryAll, waitFor } from '../testing';

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  queryClient.clear();
  sessionStorage.clear();
});
afterEach(cleanup);

const related = [
  makeListItem({ id: 'r1', type: 'insight', imageUrl: null, publishedAt: '2025-12-31T16:30:00.000Z' }),
  makeListItem({ id: 'r2', type: 'analysis', title: '두 번째' }),
];

describe('related articles', () => {
  it('links each through the route, dated MM/dd in Seoul, with the default image for a missing one', async () => {
    articleApi(makeArticle({ id: 'r0' })).on('GET', '/api/articles/related/r0', {
      body: { articles: related },
    });
    await showArticle('/read/r0', { relatedHref: (item) => `/${item.type}/${item.id}` });
    await waitFor(() => expect(queryAll('.related-item')).toHaveLength(2));

    expect(get('aside h2#related-title').textContent).toBe('관련 기사');
    const [first, second] = queryAll('.related-item');
    expect(first!.getAttribute('href')).toBe('/insight/r1');
    expect(second!.getAttribute('href')).toBe('/analysis/r2');
    // 16:30 UTC on 31 December is 1 January in Seoul.
    expect(first!.querySelector('time')?.textContent).toBe('01/01');
    expect(first!.querySelector('[role="img"]')?.getAttribute('aria-label')).toBe('생성형 AI 기본 이미지');
    expect(second!.querySelector('img')?.getAttribute('src')).toBe('https://img.example/r2.jpg');
  });

  it("shows a 'No Image' placeholder instead when the route asks for it", async () => {
    articleApi(makeArticle({ id: 'r0' })).on('GET', '/api/articles/related/r0', { body: related });
    await showArticle('/read/r0', { relatedThumb: 'no-image' });
    await waitFor(() => expect(queryAll('.related-item')).toHaveLength(2));
    expect(queryAll('.related-item')[0]!.textContent).toContain('No Image');
    expect(queryAll('.related-item')[1]!.textContent).not.toContain('No Image');
  });

  it('says when there are none, and when they could not be loaded', async () => {
    articleApi(makeArticle({ id: 'e1' }));
    await showArticle('/read/e1');
    await waitFor(() => expect(get('.related-sidebar__empty').textContent).toBe('관련 기사가 없습니다'));

    cleanup();
    queryClient.clear();
    articleApi(makeArticle({ id: 'e2' })).on('GET', '/api/articles/related/e2', errorResponse(400, 'bad'));
    await showArticle('/read/e2');
    await waitFor(() =>
      expect(get('.related-sidebar__empty').textContent).toBe('관련 기사를 불러오지 못했습니다'),
    );
  });
});

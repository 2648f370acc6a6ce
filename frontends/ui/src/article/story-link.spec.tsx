import { screen, waitFor } from '@testing-library/react';
import { queryClient } from '../api';
import { articleApi, makeArticle, makeStory, showArticle } from '../../testing/article-page';

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  queryClient.clear();
  sessionStorage.clear();
});
afterEach(() => {
  jest.restoreAllMocks();
});

const storyLink = () => screen.queryByRole('link', { name: '이 소식의 전체 흐름' });

describe("the article's way to its story", () => {
  it("links '이 소식의 전체 흐름' to the story's page, with its counts, when several sources tell it", async () => {
    articleApi(makeArticle({ id: 'a1', storyId: 's1' })).on('GET', '/api/stories/s1', {
      body: { story: makeStory() },
    });
    showArticle('/read/a1');
    await waitFor(() => expect(storyLink()).toHaveAttribute('href', '/story/s1'));
    expect(screen.getByText('매체 3곳 · 기사 2건')).toBeInTheDocument();
  });

  it('shows no link for a story told once', async () => {
    const single = makeStory({ articleCount: 1, sourceCount: 1 });
    articleApi(makeArticle({ id: 'a1', storyId: 's1' })).on('GET', '/api/stories/s1', {
      body: { story: { ...single, entries: single.entries.slice(0, 1) } },
    });
    showArticle('/read/a1');
    await screen.findByRole('heading', { level: 1, name: '기사 a1' });
    await waitFor(() => expect(queryClient.getQueryState(['api', 'story:s1'])?.status).toBe('success'));
    expect(storyLink()).toBeNull();
  });

  it('asks for no story when the article has none (an authored insight)', async () => {
    const api = articleApi(makeArticle({ id: 'a2', storyId: null }));
    showArticle('/read/a2');
    await screen.findByRole('heading', { level: 1, name: '기사 a2' });
    expect(api.calls('GET', /^\/api\/stories\//)).toHaveLength(0);
    expect(storyLink()).toBeNull();
  });
});

// /story/{id}: the story's timeline newest first, its counts and head, the community's
// questions beside it, and its loading, not-found and failed states.
import { queryClient } from '@pulse/frontend-ui';
import { errorResponse, type FetchMock, installFetch, renderAt } from '@pulse/frontend-ui/testing';
import { makeStory } from '@pulse/frontend-ui/testing/article-page';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import StoryPage from './StoryPage';

let api: FetchMock;
beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  queryClient.clear();
  document.title = '';
  api = installFetch().on('GET', /^\/api\/community\/articles\/[^/]+\/questions$/, {
    body: { success: true, data: { storyId: 's1', questions: [] } },
  });
});
afterEach(() => {
  jest.restoreAllMocks();
});

const open = (url: string) =>
  renderAt(
    <Routes>
      <Route path="/story/:id" element={<StoryPage />} />
    </Routes>,
    url,
  );

describe('the story page', () => {
  it('lists every source newest first, each with its time, source, our article and the original', async () => {
    api.on('GET', '/api/stories/s1', { body: { story: makeStory() } });
    open('/story/s1');
    await screen.findByRole('heading', { level: 1, name: '기사 a1' });
    expect(document.title).toBe('기사 a1 - 전체 흐름 | 펄스');
    expect(screen.getByText('매체 3곳 · 기사 2건')).toBeInTheDocument();

    const timeline = screen.getByRole('list', { name: '보도 타임라인 (최신순)' });
    expect(timeline.tagName).toBe('OL');
    const entries = within(timeline).getAllByRole('listitem');
    expect(entries.map((entry) => entry.querySelector('.story-timeline__source')?.textContent)).toEqual([
      'Ledger',
      'Daily',
      'Wire',
    ]);
    const newest = within(entries[0]);
    expect(newest.getByRole('link', { name: '기사 a2' })).toHaveAttribute('href', '/news/a2');
    expect(entries[0].querySelector('time')).toHaveAttribute('dateTime', '2026-03-01T06:00:00.000Z');
    // An article's summary shows once, at its newest entry; each entry shows its source's own headline.
    expect(
      entries.map((entry) => entry.querySelector('.story-timeline__summary')?.textContent ?? null),
    ).toEqual(['a2의 요약', 'a1의 요약', null]);
    expect(within(entries[2]).getByText('Wire headline')).toBeInTheDocument();
    const original = newest.getByRole('link', { name: /^원문 보기\s*: Ledger, 새 탭에서 열림$/ });
    expect(original).toHaveAttribute('href', 'https://ledger.example/a2');
    expect(original).toHaveAttribute('target', '_blank');
    expect(original).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it("shows the community's questions on the story beside the timeline", async () => {
    api
      .on('GET', '/api/stories/s1', { body: { story: makeStory() } })
      .on('GET', '/api/community/articles/a2/questions', {
        body: {
          success: true,
          data: {
            storyId: 's1',
            questions: [{ id: 'q1', title: '규제 검토는 얼마나 걸릴까요?', answerCount: 2 }],
          },
        },
      });
    open('/story/s1');
    const aside = await screen.findByRole('complementary');
    expect(await within(aside).findByRole('link', { name: '규제 검토는 얼마나 걸릴까요?' })).toHaveAttribute(
      'href',
      '/community/questions/q1',
    );
  });

  it('says a story is not found, with its own head', async () => {
    api.on('GET', '/api/stories/gone', errorResponse(404, '이 소식을 찾을 수 없습니다.'));
    open('/story/gone');
    await screen.findByRole('heading', { level: 1, name: '소식을 찾을 수 없습니다' });
    expect(document.title).toBe('소식을 찾을 수 없습니다 | 펄스');
    expect(screen.getByRole('link', { name: '뉴스 목록으로' })).toHaveAttribute('href', '/news');
  });

  it('asks nothing for a malformed id', async () => {
    open('/story/not%20an%20id!');
    await screen.findByText('소식 주소가 올바르지 않습니다.');
    expect(api.calls('GET', /^\/api\/stories\//)).toHaveLength(0);
  });

  it('says a failed load and loads again on 다시 시도', async () => {
    const user = userEvent.setup();
    let fail = true;
    api.on('GET', '/api/stories/s1', () =>
      fail ? errorResponse(500, 'down') : { body: { story: makeStory() } },
    );
    open('/story/s1');
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('소식을 불러오지 못했습니다.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: '다시 시도' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: '기사 a1' })).toBeVisible());
  }, 15_000);
});

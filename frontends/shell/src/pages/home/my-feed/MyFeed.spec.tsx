import { queryClient } from '@pulse/frontend-ui';
import { deferred, errorResponse, installFetch, renderAt, type FetchMock } from '@pulse/frontend-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, useLocation } from 'react-router';
import { listItem } from '../../../../testing/fixtures';
import { HomePage } from '../HomePage';
import { RIVER_PATHS } from './feed-paths';

const FOLLOWS = '/api/community/me/follows';
const GEN_AI_PAGE = '/api/articles/category/gen-ai?page=1&sort=latest&filter=all';
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const follow = (kind: string, key: string) => ({ kind, key, label: key, createdAt: hoursAgo(1) });
const followsAnswer = (...follows: unknown[]) => ({ body: { success: true, data: { follows } } });
const page = (articles: unknown[]) => ({ body: { articles, pagination: { hasMore: false } } });

// The follows list is kept once per page and identity (frontends/ui follows.ts): each test is a new reader.
let readers = 0;
function signIn() {
  readers += 1;
  localStorage.setItem(
    'anonymous_user',
    JSON.stringify({
      id: `reader-${readers}`,
      displayName: '읽는사람',
      trustLevel: 'new',
      badges: [],
      lastActiveAt: new Date().toISOString(),
      sessionId: 's1',
    }),
  );
}

function HashProbe() {
  return <output data-testid="hash">{useLocation().hash}</output>;
}

let api: FetchMock;
beforeEach(() => {
  queryClient.clear();
  api = installFetch()
    .on('GET', '/api/content/news?limit=12&offset=0', page([]))
    .on('GET', '/api/trending/hot-topics?limit=6', { body: { articles: [] } })
    .on('GET', RIVER_PATHS[0], page([]))
    .on('GET', RIVER_PATHS[1], page([]))
    .on('GET', '/api/sidebar-data', {
      body: { popularTags: [], rssSources: [], articleCounts: { total: 0, today: 0 } },
    });
});
afterEach(() => localStorage.clear());

const panel = () => screen.getByRole('tabpanel');
const feedCards = () => within(panel()).queryAllByRole('article');
const cardTitles = () => feedCards().map((card) => within(card).getByRole('heading').textContent);

describe("home tabs: '전체' and '내 피드'", () => {
  it("opens on '전체' with the latest news; '내 피드' is chosen by click or arrow key and kept as #mine", async () => {
    renderAt(
      <>
        <HomePage />
        <HashProbe />
      </>,
    );
    const tabs = screen.getByRole('tablist', { name: '홈 피드' });
    const [all, mine] = within(tabs).getAllByRole('tab');
    expect(all).toHaveAccessibleName('전체');
    expect(all).toHaveAttribute('aria-selected', 'true');
    expect(within(panel()).getByRole('region', { name: '최신 뉴스' })).toBeInTheDocument();

    await userEvent.click(mine!);
    expect(await within(panel()).findByRole('region', { name: '내 피드' })).toBeInTheDocument();
    expect(panel()).toHaveAttribute('aria-labelledby', mine!.id);
    expect(screen.queryByRole('region', { name: '최신 뉴스' })).not.toBeInTheDocument();
    expect(screen.getByTestId('hash')).toHaveTextContent('#mine');

    mine!.focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(all).toHaveAttribute('aria-selected', 'true');
    expect(all).toHaveFocus();
    expect(screen.getByTestId('hash')).toBeEmptyDOMElement();
  });

  it("is drawn on '전체' by the server whatever the hash, so the held home document stays the same", () => {
    const html = renderToString(
      <MemoryRouter initialEntries={['/#mine']}>
        <HomePage />
      </MemoryRouter>,
    );
    expect(html).toContain('id="home-feed-tab-all" aria-selected="true"');
    expect(html).toContain('id="home-feed-tab-mine" aria-selected="false"');
    expect(html).not.toContain('닉네임을 정하면');
  });

  it('opens on 내 피드 when the URL says #mine', async () => {
    renderAt(<HomePage />, '/#mine');
    expect(await screen.findByRole('region', { name: '내 피드' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '내 피드' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('내 피드', () => {
  it('signed out: explains that following needs a nickname and opens the nickname dialog', async () => {
    renderAt(<HomePage />, '/#mine');
    expect(await screen.findByText('닉네임을 정하면 내 피드를 볼 수 있습니다')).toBeInTheDocument();
    expect(api.calls('GET', FOLLOWS)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: '닉네임 정하기' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('shows skeletons while the follows load, then suggests categories, sources and tags to follow', async () => {
    signIn();
    const reply = deferred<{ status: number; body: unknown }>();
    api
      .on('GET', FOLLOWS, () => reply.promise)
      .on('GET', '/api/sidebar-data', {
        body: {
          popularTags: Array.from({ length: 8 }, (_, i) => ({ name: `태그${i + 1}`, count: 10 - i })),
          rssSources: [
            { id: 'big', name: 'OpenAI Blog', count: 40 },
            { id: 'small', name: '작은 출처', count: 1 },
          ],
          articleCounts: { total: 41, today: 2 },
        },
      })
      .on('PUT', `${FOLLOWS}/source/big`, {
        body: { success: true, data: { follow: follow('source', 'big') } },
      });
    renderAt(<HomePage />, '/#mine');
    await waitFor(() =>
      expect(panel().querySelectorAll('.article-card--skeleton').length).toBeGreaterThan(0),
    );

    reply.resolve({ status: 200, ...followsAnswer() });
    expect(await screen.findByText('아직 팔로우한 항목이 없습니다')).toBeInTheDocument();
    const categories = within(screen.getByRole('region', { name: '카테고리' })).getAllByRole('button');
    expect(categories.map((button) => button.getAttribute('aria-label'))).toEqual([
      '팔로우: 생성형 AI',
      '팔로우: 블록체인',
      '팔로우: 글로벌 빅테크',
    ]);
    const sources = within(await screen.findByRole('region', { name: '인기 출처' })).getAllByRole('button');
    expect(sources.map((button) => button.getAttribute('aria-label'))).toEqual([
      '팔로우: OpenAI Blog',
      '팔로우: 작은 출처',
    ]);
    const tags = within(screen.getByRole('region', { name: '인기 태그' })).getAllByRole('button');
    expect(tags.map((button) => button.getAttribute('aria-label'))).toEqual(
      ['#태그1', '#태그2', '#태그3', '#태그4', '#태그5', '#태그6'].map((tag) => `팔로우: ${tag}`),
    );

    await userEvent.click(sources[0]!);
    await waitFor(() => expect(api.calls('PUT', `${FOLLOWS}/source/big`)).toHaveLength(1));
    expect(api.calls('PUT', `${FOLLOWS}/source/big`)[0]).toMatchObject({
      credentials: 'include',
      body: { label: 'OpenAI Blog' },
    });
    // The follow joins the page's list of follows at once: the feed replaces the suggestions.
    expect(await screen.findByRole('button', { name: '팔로우: big', pressed: true })).toBeInTheDocument();
    expect(screen.queryByText('아직 팔로우한 항목이 없습니다')).not.toBeInTheDocument();
    expect(api.calls('GET', FOLLOWS)).toHaveLength(1);
  });

  it('says when the follows could not be read, and retries', async () => {
    signIn();
    api.on('GET', FOLLOWS, errorResponse(500, '잠시 후 다시 시도해주세요.'));
    renderAt(<HomePage />, '/#mine');
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('내 피드를 불러오지 못했습니다');
    api.on('GET', FOLLOWS, followsAnswer());
    await userEvent.click(within(alert).getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('아직 팔로우한 항목이 없습니다')).toBeInTheDocument();
  }, 15_000);

  it('says when a list failed, and retries only what failed', async () => {
    signIn();
    api
      .on('GET', FOLLOWS, followsAnswer(follow('source', 's1')))
      .on('GET', RIVER_PATHS[1], errorResponse(400, 'limit must be at most 50'));
    renderAt(<HomePage />, '/#mine');
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('내 피드를 불러오지 못했습니다');
    const riverReads = api.calls('GET', RIVER_PATHS[0]).length;
    api.on('GET', RIVER_PATHS[1], page([]));
    await userEvent.click(within(alert).getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('팔로우한 항목의 새 소식이 아직 없습니다')).toBeInTheDocument();
    expect(api.calls('GET', RIVER_PATHS[0])).toHaveLength(riverReads);
  }, 15_000);

  it('ranks the followed category’s and source’s articles from the shared lists, each once', async () => {
    signIn();
    const bySource = (id: string, hotScore: number, hours: number) =>
      listItem({
        id,
        title: `출처 기사 ${id}`,
        primaryCategory: 'blockchain',
        secondaryCategory: null,
        hotScore,
        publishedAt: hoursAgo(hours),
        originalSources: [
          { sourceUrl: 'https://s.example/1', title: 'S', author: null, sourceName: 'S', sourceId: 's1' },
        ],
      });
    const genAi = (id: string, hotScore: number, hours: number) =>
      listItem({
        id,
        title: `AI 기사 ${id}`,
        hotScore,
        publishedAt: hoursAgo(hours),
        updatedAt: hoursAgo(hours),
      });
    api
      .on('GET', FOLLOWS, followsAnswer(follow('category', 'gen-ai'), follow('source', 's1')))
      .on('GET', GEN_AI_PAGE, {
        body: { articles: [genAi('g1', 0, 1), genAi('g2', 200, 2)], currentPage: 1, totalPages: 1 },
      })
      .on(
        'GET',
        RIVER_PATHS[0],
        page(
          [genAi('g1', 0, 1), bySource('s-hot', 90, 3), bySource('other', 500, 1)].map((a) =>
            a.id === 'other' ? { ...a, originalSources: [] } : a,
          ),
        ),
      )
      .on('GET', RIVER_PATHS[1], page([bySource('s-new', 0, 0)]));
    renderAt(<HomePage />, '/#mine');
    await waitFor(() => expect(feedCards()).toHaveLength(4));
    expect(cardTitles()).toEqual(['AI 기사 g2', '출처 기사 s-hot', '출처 기사 s-new', 'AI 기사 g1']);
    expect(within(feedCards()[0]!).getAllByRole('link')[0]).toHaveAttribute('href', '/article/g2');
    expect(screen.getByText('팔로우 2개의 소식을 트렌딩 점수와 최신순으로 모았습니다.')).toBeInTheDocument();
    // The shared lists only, read without the reader's cookie: nothing cached is made for one reader.
    expect(api.calls('GET', GEN_AI_PAGE)[0]?.credentials).toBeUndefined();
    expect(api.calls('GET', RIVER_PATHS[0])[0]?.credentials).toBeUndefined();
    expect(api.calls('GET', FOLLOWS)[0]?.credentials).toBe('include');
  });

  it('lists what the feed follows, and a follow removed leaves the feed at once', async () => {
    signIn();
    let follows = [follow('category', 'gen-ai'), { ...follow('source', 's1'), label: 'OpenAI Blog' }];
    api
      .on('GET', FOLLOWS, () => followsAnswer(...follows))
      .on('GET', GEN_AI_PAGE, {
        body: { articles: [listItem({ id: 'g1', title: 'AI 기사' })], currentPage: 1, totalPages: 1 },
      })
      .on('DELETE', `${FOLLOWS}/category/gen-ai`, () => {
        follows = follows.filter((item) => item.kind !== 'category');
        return { body: { success: true, data: { removed: true } } };
      });
    renderAt(<HomePage />, '/#mine');
    const following = await screen.findByRole('region', { name: '팔로우 중' });
    expect(
      within(following)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['팔로우: 생성형 AI', '팔로우: OpenAI Blog']);
    await waitFor(() => expect(cardTitles()).toEqual(['AI 기사']));

    await userEvent.click(
      within(following).getByRole('button', { name: '팔로우: 생성형 AI', pressed: true }),
    );
    expect(await screen.findByText('팔로우한 항목의 새 소식이 아직 없습니다')).toBeInTheDocument();
    expect(api.calls('DELETE', `${FOLLOWS}/category/gen-ai`)).toHaveLength(1);
    expect(within(screen.getByRole('region', { name: '팔로우 중' })).getAllByRole('button')).toHaveLength(1);
  });
});

import { queryClient } from '@pulse/frontend-ui';
import {
  askedIds,
  installFetch,
  location,
  READER_STATE_PATH,
  readerStateReply,
  renderAt,
  type FetchMock,
} from '@pulse/frontend-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import App, { preload } from '../App';
import { badge, author, listPage, question } from '../../testing/fixtures';

// The list is its own chunk: loaded first, as the shell does before a server-rendered page hydrates.
beforeAll(() => preload('/community/qa'));

let api: FetchMock;
beforeEach(() => {
  localStorage.clear();
  queryClient.clear();
  api = installFetch();
});
const renderQa = (url = '/community/qa') => renderAt(<App />, url, '/community/*');
const cards = () => screen.queryAllByRole('listitem').filter((li) => li.classList.contains('qa-card'));
const FIRST = '/api/community/questions?page=1&sort=latest&category=all';

describe('question list', () => {
  it('shows the four tiles from the server, cards with 3 tags then +N and 2 author badges', async () => {
    api.on(
      'GET',
      FIRST,
      listPage([question('q1', { user: author('u1', [badge('a'), badge('b'), badge('c')]) })]),
    );
    renderQa();
    await waitFor(() => expect(cards()).toHaveLength(1));
    await waitFor(() =>
      expect(screen.getAllByRole('definition').map((dd) => dd.textContent)).toEqual(['21', '4', '9', '30']),
    );
    const card = cards()[0]!;
    expect([...card.querySelectorAll('.qa-card__tags .qa-chip')].map((chip) => chip.textContent)).toEqual([
      '#ChatGPT',
      '#API',
      '#토큰',
      '+1',
    ]);
    expect([...card.querySelectorAll('.community-badge')].map((b) => b.textContent)).toEqual([
      ' 배지 a',
      ' 배지 b',
      '+1',
    ]);
    // Drawn, not the API's symbol: a drawing by the badge's id, hidden beside its name.
    expect(
      [...card.querySelectorAll('.community-badge__icon[aria-hidden="true"]')].map((i) =>
        i.getAttribute('data-badge'),
      ),
    ).toEqual(['a', 'b']);
    // Asked long before the test runs: the date and the time, not the date alone.
    expect(card.querySelector('time')).toHaveTextContent(/^2026년 11월 20일 18:00$/);
    expect(within(card).getAllByRole('link')[0]).toHaveAttribute('href', '/community/questions/q1');
    expect(
      within(card)
        .getByText(/배지 a/)
        .closest('.community-badge')
        ?.getAttribute('title'),
    ).toContain('배지 a 설명');
  });

  it('loads the next page with "load more"', async () => {
    api
      .on('GET', FIRST, listPage([question('q1')], true))
      .on(
        'GET',
        '/api/community/questions?page=2&sort=latest&category=all',
        listPage([question('q2')], false, 2),
      );
    renderQa();
    await waitFor(() => expect(cards()).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: '더 보기' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: '더 보기' })).not.toBeInTheDocument();
  });

  it('says there are no questions yet, or none for the filters', async () => {
    api
      .on('GET', FIRST, listPage([]))
      .on('GET', '/api/community/questions?page=1&sort=latest&category=blockchain', listPage([]));
    renderQa();
    expect(await screen.findByText('아직 질문이 없습니다.')).toBeInTheDocument();
    await userEvent.selectOptions(
      within(screen.getByRole('search')).getByRole('combobox', { name: '카테고리' }),
      'blockchain',
    );
    expect(await screen.findByText('검색 조건에 맞는 질문이 없습니다.')).toBeInTheDocument();
    expect(location()).toBe('/community/qa?category=blockchain');
  });

  it('searches through the server', async () => {
    api
      .on('GET', FIRST, listPage([question('q1')]))
      .on(
        'GET',
        '/api/community/questions?page=1&sort=latest&category=all&q=%EB%B8%94%EB%A1%9D',
        listPage([question('q9')]),
      );
    renderQa();
    await waitFor(() => expect(cards()).toHaveLength(1));
    // Enter in the search box submits its form (the form has no button of its own).
    await userEvent.type(screen.getByRole('searchbox', { name: '질문 검색' }), '블록{Enter}');
    await waitFor(() =>
      expect(within(cards()[0]!).getAllByRole('link')[0]).toHaveAttribute('href', '/community/questions/q9'),
    );
  });

  it('shows an error with retry when the list fails, never sample questions', async () => {
    let fail = true;
    api.on('GET', FIRST, () =>
      fail
        ? { status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: '점검 중' } }
        : listPage([question('q1')]),
    );
    renderQa();
    expect(await screen.findByText('질문을 불러오지 못했습니다.')).toBeInTheDocument();
    expect(cards()).toHaveLength(0);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
  });

  it('opens the nickname dialog for "ask" when signed out, then goes to the form', async () => {
    api.on('GET', FIRST, listPage([])).on('POST', '/api/community/auth/anonymous', {
      body: { success: true, data: { user: author('u9'), token: 't', sessionId: 's9' } },
    });
    const user = userEvent.setup();
    renderQa();
    await user.click(screen.getByRole('button', { name: '질문하기' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog')).toHaveTextContent('질문을 올리려면 닉네임을 설정해주세요.');
    const nickname = dialog.getByRole('textbox', { name: '닉네임' });
    await user.clear(nickname);
    await user.type(nickname, '가');
    expect(screen.getByRole('dialog')).toHaveTextContent('닉네임은 2자 이상이어야 합니다.');
    expect(dialog.getByRole('button', { name: '닉네임으로 시작하기' })).toBeDisabled();
    await user.type(nickname, '나');
    expect(screen.getByRole('dialog')).toHaveTextContent('사용 가능한 닉네임입니다.');
    expect(dialog.queryByRole('button', { name: /이메일/ })).toBeNull();
    await user.click(dialog.getByRole('button', { name: '닉네임으로 시작하기' }));
    await waitFor(() => expect(location()).toBe('/community/qa/ask'));
    const stored = JSON.parse(localStorage.getItem('anonymous_user') ?? '{}');
    expect(stored.displayName).toBe('닉네임-u9');
    expect(stored.token).toBeUndefined();
  });
});

describe('a card’s like and bookmark', () => {
  const signIn = () =>
    localStorage.setItem(
      'anonymous_user',
      JSON.stringify({
        ...author('u-me'),
        isAnonymous: true,
        lastActiveAt: new Date().toISOString(),
        sessionId: 's1',
      }),
    );

  it('are disabled without a nickname', async () => {
    api.on('GET', FIRST, listPage([question('q1', { upvotes: 3 })]));
    renderQa();
    await waitFor(() => expect(cards()).toHaveLength(1));
    const card = cards()[0]!;
    expect(within(card).getByRole('button', { name: '좋아요 3' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: /^북마크: / })).toBeDisabled();
  });

  it('like is the question’s up-vote, its count the server’s; bookmark goes to the reader’s bookmarks', async () => {
    signIn();
    api
      .on('GET', FIRST, listPage([question('q1', { upvotes: 3 })]))
      .on('POST', '/api/community/questions/q1/vote', {
        body: { success: true, data: { upvotes: 7, viewerVote: 'upvote' } },
      })
      .on('GET', READER_STATE_PATH, readerStateReply('state-reader'))
      .on('PUT', '/api/community/me/bookmarks/question/q1', {
        body: {
          success: true,
          data: {
            bookmark: {
              kind: 'question',
              id: 'q1',
              title: 't',
              url: '/community/questions/q1',
              createdAt: '2026-03-02T03:00:00.000Z',
            },
          },
        },
      });
    renderQa();
    await waitFor(() => expect(cards()).toHaveLength(1));
    const card = cards()[0]!;
    await userEvent.click(within(card).getByRole('button', { name: '좋아요 3' }));
    const liked = await within(card).findByRole('button', { name: '좋아요 7' });
    expect(liked).toHaveAttribute('aria-pressed', 'true');
    expect(api.calls('POST', '/api/community/questions/q1/vote')[0].body).toEqual({ voteType: 'upvote' });
    const bookmark = within(card).getByRole('button', { name: /^북마크: / });
    await waitFor(() => expect(bookmark).toHaveAttribute('aria-pressed', 'false'));
    await userEvent.click(bookmark);
    await waitFor(() => expect(bookmark).toHaveAttribute('aria-pressed', 'true'));
    expect(api.calls('PUT', '/api/community/me/bookmarks/question/q1')).toHaveLength(1);
  });

  it('shows the reader’s own likes and bookmarks on the shared cards, asked for the whole page in one call', async () => {
    signIn();
    api
      .on('GET', FIRST, listPage([question('q1', { upvotes: 3 }), question('q2', { upvotes: 1 })]))
      .on(
        'GET',
        READER_STATE_PATH,
        readerStateReply('state-reader', { questions: { q2: { vote: 'upvote', bookmarked: true } } }),
      );
    renderQa();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const [first, second] = cards();
    await waitFor(() =>
      expect(within(second!).getByRole('button', { name: '좋아요 1' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(within(second!).getByRole('button', { name: /^북마크: / })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(first!).getByRole('button', { name: '좋아요 3' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(first!).getByRole('button', { name: /^북마크: / })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    const calls = api.calls('GET', READER_STATE_PATH);
    expect(calls).toHaveLength(1);
    expect(askedIds(calls[0]!)).toEqual({ questions: ['q1', 'q2'] });
  });
});

import { deferred, errorResponse, installFetch, renderAt, type FetchMock } from '@pulse/frontend-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CommentModerationPage from './CommentModerationPage';

const QUEUE = '/api/community/admin/moderation/comments';

const comment = (overrides: Record<string, unknown> = {}) => ({
  kind: 'comment',
  id: 'c_1',
  articleId: 'openai-o5',
  parentId: null,
  excerpt: '광고 링크만 올리는 댓글',
  author: { id: 'u_1', displayName: '광고왕', suspended: false },
  state: 'held',
  reports: { count: 3, reasons: { spam: 2, abuse: 1 }, lastAt: '2026-11-20T03:00:00.000Z' },
  createdAt: '2026-11-20T00:00:00.000Z',
  ...overrides,
});
const queueOf = (items: unknown[], total = items.length, page = 1) => ({
  body: { success: true, data: { items, total, page } },
});

let api: FetchMock;
beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem('pulse_admin_token', 'admin-token-0123456789');
  api = installFetch();
});

// Each queued comment is an item of the queue's list, found by its excerpt.
const entry = (excerpt: string) => screen.getByText(excerpt).closest<HTMLElement>('li')!;
const queueButton = () =>
  within(screen.getByRole('group', { name: '댓글 검토 대기열' })).getByRole('button', { pressed: true });

describe('/admin/comments', () => {
  it('asks for the admin token first, and says when the server refuses it', async () => {
    sessionStorage.clear();
    api.on('GET', `${QUEUE}?state=held&page=1`, errorResponse(401, 'Admin credential required'));
    const user = userEvent.setup();
    renderAt(<CommentModerationPage />, '/admin/comments');
    // No staff session (the newsroom answers 401): the sign-in form, with the token as the automation way in.
    expect(await screen.findByText(/관리자 토큰\(ADMIN_TOKEN\)을 입력하세요/)).toBeInTheDocument();
    expect(api.requests.map((request) => request.url)).toEqual(['/api/newsroom/session']);
    await user.type(screen.getByLabelText('관리자 토큰'), 'wrong-token');
    await user.click(screen.getByRole('button', { name: '확인' }));
    await waitFor(() => expect(document.body).toHaveTextContent('관리자 토큰이 없거나 올바르지 않습니다.'));
    expect(within(screen.getByRole('alert')).getByRole('button').textContent).toBe('다시 시도');
  });

  it('shows a spinner while loading, then each comment with its reasons, counts and article link', async () => {
    const reply = deferred<{ body: unknown }>();
    api.on('GET', `${QUEUE}?state=held&page=1`, reply.promise);
    renderAt(<CommentModerationPage />, '/admin/comments');
    const spinner = screen.getByText('불러오는 중...').closest('[role="status"]');
    expect(spinner).toHaveClass('spinner');
    expect(document.querySelectorAll('.spinner')).toHaveLength(1);
    reply.resolve(queueOf([comment(), comment({ id: 'c_2', parentId: 'c_1', excerpt: '답글도 광고' })]));
    await screen.findByText('광고 링크만 올리는 댓글');
    expect(document.body).toHaveTextContent('보류된 댓글 2건');
    const first = entry('광고 링크만 올리는 댓글');
    expect(first).toHaveClass('admin__item');
    expect(first).toHaveTextContent('댓글 · 광고왕');
    expect(first).toHaveTextContent('보류됨 (독자에게 숨김)');
    expect(first).toHaveTextContent('신고 3건');
    expect(
      within(within(first).getByRole('list', { name: '신고 사유' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['스팸 2건', '욕설·비방 1건']);
    expect(within(first).getByRole('link')).toHaveAttribute('href', '/article/openai-o5');
    expect(entry('답글도 광고')).toHaveTextContent('답글 · 광고왕');
    // Held: both ways out, each button described by its comment for a screen reader.
    const hide = within(first).getByRole('button', { name: '숨기기' });
    expect(hide).toHaveAccessibleDescription('광고 링크만 올리는 댓글');
    expect(within(first).getByRole('button', { name: '복원' })).toHaveAccessibleDescription(
      '광고 링크만 올리는 댓글',
    );
    expect(
      within(first)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['숨기기', '복원']);
  });

  it('hides a comment with the Bearer credential, reloads the queue and moves focus to the result', async () => {
    api
      .on('GET', `${QUEUE}?state=held&page=1`, queueOf([comment()]))
      .on('POST', `/api/community/admin/comments/c_1/hide`, {
        body: { success: true, data: { kind: 'comment', id: 'c_1', state: 'hidden' } },
      });
    renderAt(<CommentModerationPage />, '/admin/comments');
    await screen.findByText('광고 링크만 올리는 댓글');
    api.on('GET', `${QUEUE}?state=held&page=1`, queueOf([]));
    await userEvent.click(within(entry('광고 링크만 올리는 댓글')).getByRole('button', { name: '숨기기' }));
    // Asked first: nothing is hidden until the dialog is confirmed.
    const dialog = screen.getByRole('alertdialog', { name: '이 댓글을 숨길까요?' });
    expect(api.calls('POST', '/api/community/admin/comments/c_1/hide')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: '숨기기' }));
    const status = await screen.findByText('댓글을 숨겼습니다.');
    expect(status).toHaveAttribute('role', 'status');
    expect(api.calls('POST', '/api/community/admin/comments/c_1/hide')).toHaveLength(1);
    expect(api.calls('GET', `${QUEUE}?state=held&page=1`)).toHaveLength(2);
    expect(await screen.findByText('보류된 댓글이 없습니다.')).toBeInTheDocument();
    expect(status).toHaveFocus();
  });

  it('switches queues: reported comments can be hidden, hidden ones restored', async () => {
    api
      .on('GET', `${QUEUE}?state=held&page=1`, queueOf([]))
      .on(
        'GET',
        `${QUEUE}?state=reported&page=1`,
        queueOf([
          comment({ state: 'visible', reports: { count: 1, reasons: { 'off-topic': 1 }, lastAt: null } }),
        ]),
      )
      .on('GET', `${QUEUE}?state=hidden&page=1`, queueOf([comment({ id: 'c_9', state: 'hidden' })]))
      .on('POST', '/api/community/admin/comments/c_9/restore', {
        body: { success: true, data: { kind: 'comment', id: 'c_9', state: 'visible' } },
      });
    const user = userEvent.setup();
    renderAt(<CommentModerationPage />, '/admin/comments');
    expect(await screen.findByText('보류된 댓글이 없습니다.')).toBeInTheDocument();
    expect(queueButton().textContent).toBe('보류된 댓글');

    await user.click(screen.getByRole('button', { name: '신고된 댓글' }));
    await waitFor(() => expect(document.body).toHaveTextContent('주제와 무관 1건'));
    expect(queueButton().textContent).toBe('신고된 댓글');
    const items = () =>
      within(screen.getByRole('list', { name: queueButton().textContent! })).getAllByRole('listitem');
    expect(
      within(items()[0]!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['숨기기']);

    await user.click(screen.getByRole('button', { name: '숨긴 댓글' }));
    await waitFor(() => expect(document.body).toHaveTextContent('숨긴 댓글 1건'));
    expect(
      within(items()[0]!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['복원']);
    await user.click(within(items()[0]!).getByRole('button', { name: '복원' }));
    await waitFor(() => expect(document.body).toHaveTextContent('댓글을 복원했습니다.'));
    expect(api.calls('POST', '/api/community/admin/comments/c_9/restore')).toHaveLength(1);
  });

  it('pages through a long queue', async () => {
    api
      .on('GET', `${QUEUE}?state=held&page=1`, queueOf([comment()], 25))
      .on(
        'GET',
        `${QUEUE}?state=held&page=2`,
        queueOf([comment({ id: 'c_21', excerpt: '둘째 쪽 댓글' })], 25, 2),
      );
    renderAt(<CommentModerationPage />, '/admin/comments');
    await waitFor(() => expect(document.body).toHaveTextContent('1 / 2'));
    await userEvent.click(
      within(screen.getByRole('navigation', { name: '페이지' })).getByRole('button', { name: '다음' }),
    );
    expect(await screen.findByText('둘째 쪽 댓글')).toBeInTheDocument();
    expect(document.body).toHaveTextContent('2 / 2');
  });

  it('says when loading fails and retries; a failed action is said in Korean', async () => {
    api.on('GET', `${QUEUE}?state=held&page=1`, errorResponse(503, 'ADMIN_TOKEN is not configured'));
    const user = userEvent.setup();
    renderAt(<CommentModerationPage />, '/admin/comments');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('댓글 검토 대기열을 불러오지 못했습니다.');
    expect(alert).toHaveTextContent('서버에 관리자 토큰이 설정되어 있지 않아 관리 기능이 꺼져 있습니다.');
    // The gateway could not ask newsroom whose session this is: its own words, not "admin is off".
    api.on(
      'GET',
      `${QUEUE}?state=held&page=1`,
      errorResponse(503, '로그인 상태를 확인하지 못했습니다. 잠시 후 다시 시도해 주세요.'),
    );
    await user.click(within(alert).getByRole('button', { name: '다시 시도' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        '로그인 상태를 확인하지 못했습니다. 잠시 후 다시 시도해 주세요.',
      ),
    );

    api
      .on('GET', `${QUEUE}?state=held&page=1`, queueOf([comment()]))
      .on('POST', '/api/community/admin/comments/c_1/hide', errorResponse(404, '댓글을 찾을 수 없습니다.'));
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: '다시 시도' }));
    await screen.findByText('광고 링크만 올리는 댓글');
    await user.click(within(entry('광고 링크만 올리는 댓글')).getByRole('button', { name: '숨기기' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: '이 댓글을 숨길까요?' })).getByRole('button', {
        name: '숨기기',
      }),
    );
    await waitFor(() =>
      expect(document.body).toHaveTextContent('요청에 실패했습니다: 댓글을 찾을 수 없습니다.'),
    );
  });
});

import {
  byLabel,
  cleanup,
  click,
  deferred,
  errorResponse,
  get,
  installFetch,
  pageText,
  queryAll,
  render,
  submit,
  type,
  waitFor,
  type FetchMock,
} from '@pulse/frontend-ui/src/testing';
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
afterEach(cleanup);

describe('/admin/comments', () => {
  it('asks for the admin token first, and says when the server refuses it', async () => {
    sessionStorage.clear();
    api.on('GET', `${QUEUE}?state=held&page=1`, errorResponse(401, 'Admin credential required'));
    await render(<CommentModerationPage />, '/admin/comments');
    expect(pageText()).toContain('관리자 토큰(ADMIN_TOKEN)을 입력하세요.');
    expect(api.requests).toHaveLength(0);
    await type(byLabel('관리자 토큰'), 'wrong-token');
    await submit(get('form.admin-login'));
    await waitFor(() => expect(pageText()).toContain('관리자 토큰이 없거나 올바르지 않습니다.'));
    expect(get('[role="alert"] button').textContent).toBe('다시 시도');
  });

  it('shows a spinner while loading, then each comment with its reasons, counts and article link', async () => {
    const reply = deferred<{ body: unknown }>();
    api.on('GET', `${QUEUE}?state=held&page=1`, reply.promise);
    await render(<CommentModerationPage />, '/admin/comments');
    expect(queryAll('.spinner')).toHaveLength(1);
    reply.resolve(queueOf([comment(), comment({ id: 'c_2', parentId: 'c_1', excerpt: '답글도 광고' })]));
    await waitFor(() => expect(pageText()).toContain('광고 링크만 올리는 댓글'));
    expect(pageText()).toContain('보류된 댓글 2건');
    const first = get('.admin__item', '광고 링크만 올리는 댓글');
    expect(first.textContent).toContain('댓글 · 광고왕');
    expect(first.textContent).toContain('보류됨 (독자에게 숨김)');
    expect(first.textContent).toContain('신고 3건');
    expect([...first.querySelectorAll('[aria-label="신고 사유"] li')].map((li) => li.textContent)).toEqual([
      '스팸 2건',
      '욕설·비방 1건',
    ]);
    expect(first.querySelector('a')?.getAttribute('href')).toBe('/article/openai-o5');
    expect(get('.admin__item', '답글도 광고').textContent).toContain('답글 · 광고왕');
    // Held: both ways out, each button described by its comment for a screen reader.
    const hide = first.querySelector('button.button:not(.button--outline)') as HTMLButtonElement;
    expect(hide.textContent).toBe('숨기기');
    expect(document.getElementById(hide.getAttribute('aria-describedby')!)?.textContent).toBe(
      '광고 링크만 올리는 댓글',
    );
    expect([...first.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['숨기기', '복원']);
  });

  it('hides a comment with the Bearer credential, reloads the queue and moves focus to the result', async () => {
    api
      .on('GET', `${QUEUE}?state=held&page=1`, queueOf([comment()]))
      .on('POST', `/api/community/admin/comments/c_1/hide`, {
        body: { success: true, data: { kind: 'comment', id: 'c_1', state: 'hidden' } },
      });
    await render(<CommentModerationPage />, '/admin/comments');
    await waitFor(() => expect(pageText()).toContain('광고 링크만 올리는 댓글'));
    api.on('GET', `${QUEUE}?state=held&page=1`, queueOf([]));
    // The test DOM keeps no activeElement; focus() dispatches 'focus' on the element it is called on.
    const focused = jest.fn();
    get('p[role="status"]').addEventListener('focus', focused);
    await click(get('.admin__item button', '숨기기'));
    await waitFor(() => expect(pageText()).toContain('댓글을 숨겼습니다.'));
    expect(api.calls('POST', '/api/community/admin/comments/c_1/hide')).toHaveLength(1);
    expect(api.calls('GET', `${QUEUE}?state=held&page=1`)).toHaveLength(2);
    expect(pageText()).toContain('보류된 댓글이 없습니다.');
    expect(focused).toHaveBeenCalledTimes(1);
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
    await render(<CommentModerationPage />, '/admin/comments');
    await waitFor(() => expect(pageText()).toContain('보류된 댓글이 없습니다.'));
    expect(get('button[aria-pressed="true"]').textContent).toBe('보류된 댓글');

    await click(get('button', '신고된 댓글'));
    await waitFor(() => expect(pageText()).toContain('주제와 무관 1건'));
    expect(get('button[aria-pressed="true"]').textContent).toBe('신고된 댓글');
    expect([...get('.admin__item').querySelectorAll('button')].map((b) => b.textContent)).toEqual(['숨기기']);

    await click(get('button', '숨긴 댓글'));
    await waitFor(() => expect(pageText()).toContain('숨긴 댓글 1건'));
    expect([...get('.admin__item').querySelectorAll('button')].map((b) => b.textContent)).toEqual(['복원']);
    await click(get('.admin__item button', '복원'));
    await waitFor(() => expect(pageText()).toContain('댓글을 복원했습니다.'));
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
    await render(<CommentModerationPage />, '/admin/comments');
    await waitFor(() => expect(pageText()).toContain('1 / 2'));
    await click(get('nav[aria-label="페이지"] button', '다음'));
    await waitFor(() => expect(pageText()).toContain('둘째 쪽 댓글'));
    expect(pageText()).toContain('2 / 2');
  });

  it('says when loading fails and retries; a failed action is said in Korean', async () => {
    api.on('GET', `${QUEUE}?state=held&page=1`, errorResponse(503, 'ADMIN_TOKEN is not configured'));
    await render(<CommentModerationPage />, '/admin/comments');
    await waitFor(() => expect(pageText()).toContain('댓글 검토 대기열을 불러오지 못했습니다.'));
    expect(pageText()).toContain('서버에 관리자 토큰이 설정되어 있지 않아 관리 기능이 꺼져 있습니다.');

    api
      .on('GET', `${QUEUE}?state=held&page=1`, queueOf([comment()]))
      .on('POST', '/api/community/admin/comments/c_1/hide', errorResponse(404, '댓글을 찾을 수 없습니다.'));
    await click(get('[role="alert"] button', '다시 시도'));
    await waitFor(() => expect(pageText()).toContain('광고 링크만 올리는 댓글'));
    await click(get('.admin__item button', '숨기기'));
    await waitFor(() => expect(pageText()).toContain('요청에 실패했습니다: 댓글을 찾을 수 없습니다.'));
  });
});

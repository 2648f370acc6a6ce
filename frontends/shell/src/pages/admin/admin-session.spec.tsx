import { errorResponse, installFetch, renderAt, type FetchMock } from '@pulse/frontend-ui/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AdminPage from './AdminPage';
import { sessionEndedNotice } from './admin-session';

const SESSION = '/api/newsroom/session';
const QUEUE = '/api/community/admin/moderation?state=held';
const editor = { id: 'acc-editor', name: 'editor-kim', role: 'editor', via: 'session' };
const IDLE_OR_ENDED = '오랫동안 사용하지 않았거나 세션이 종료되어 로그아웃되었습니다. 다시 로그인해 주세요.';
const queue = { body: { success: true, data: { items: [], total: 0, page: 1 } } };

let api: FetchMock;
beforeEach(() => {
  sessionStorage.clear();
  api = installFetch();
});

const signedIn = (expiresAt = '2999-01-01T00:00:00.000Z') =>
  api.on('GET', SESSION, { body: { staff: editor, csrfToken: 'csrf', expiresAt } });

describe('the admin sign-in gate', () => {
  it('sends a member whose session ended back to the sign-in form, saying why in Korean', async () => {
    signedIn().on('GET', QUEUE, errorResponse(401, 'Unauthorized'));
    renderAt(<AdminPage />, '/admin');
    expect(await screen.findByText(IDLE_OR_ENDED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '로그인' })).toBeInTheDocument();
    expect(screen.queryByText(/editor-kim \(편집자\) 님으로 로그인했습니다/)).not.toBeInTheDocument();
    expect(screen.queryByText('검토 대기열을 불러오지 못했습니다.')).not.toBeInTheDocument();
  });

  it('keeps a member signed in on refusals other than 401', async () => {
    signedIn().on('GET', QUEUE, errorResponse(403, '권한 없음'));
    renderAt(<AdminPage />, '/admin');
    expect(await screen.findByText('검토 대기열을 불러오지 못했습니다.')).toBeInTheDocument();
    expect(screen.getByText('editor-kim (편집자) 님으로 로그인했습니다.')).toBeInTheDocument();
    expect(screen.queryByText(IDLE_OR_ENDED)).not.toBeInTheDocument();
  });

  it('tells a session past its hours from one that ended sooner', () => {
    const expiresAt = '2026-11-29T12:00:00.000Z';
    expect(sessionEndedNotice(expiresAt, Date.parse('2026-11-29T12:00:00.000Z'))).toBe(
      '로그인 유지 시간이 지나 로그아웃되었습니다. 다시 로그인해 주세요.',
    );
    expect(sessionEndedNotice(expiresAt, Date.parse('2026-11-29T11:59:59.000Z'))).toBe(IDLE_OR_ENDED);
  });

  it("shows a signed-in member '로그아웃' and not '토큰 지우기'", async () => {
    signedIn().on('GET', QUEUE, queue);
    renderAt(<AdminPage />, '/admin');
    expect(await screen.findByText('검토할 글이 없습니다.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '로그아웃' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '토큰 지우기' })).not.toBeInTheDocument();
  });

  it("shows a pasted ADMIN_TOKEN '토큰 지우기', which forgets the token, and no '로그아웃'", async () => {
    sessionStorage.setItem('pulse_admin_token', 'admin-token-0123456789');
    api.on('GET', QUEUE, queue).on('GET', SESSION, errorResponse(401, '로그인이 필요합니다.'));
    const user = userEvent.setup();
    renderAt(<AdminPage />, '/admin');
    expect(await screen.findByText('검토할 글이 없습니다.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '로그아웃' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '토큰 지우기' }));
    expect(sessionStorage.getItem('pulse_admin_token')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: '로그인' })).toBeInTheDocument());
  });

  it('leaves a pasted token on the screen when the server refuses it (401)', async () => {
    sessionStorage.setItem('pulse_admin_token', 'wrong-token');
    api.on('GET', QUEUE, errorResponse(401, 'Unauthorized'));
    renderAt(<AdminPage />, '/admin');
    expect(await screen.findByText('관리자 토큰이 없거나 올바르지 않습니다.')).toBeInTheDocument();
    expect(screen.queryByText(IDLE_OR_ENDED)).not.toBeInTheDocument();
  });
});

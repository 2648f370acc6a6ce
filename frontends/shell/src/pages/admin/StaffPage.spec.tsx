import { errorResponse, installFetch, renderAt, type FetchMock } from '@pulse/frontend-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import StaffPage from './StaffPage';

const SESSION = '/api/newsroom/session';
const ACCOUNTS = '/api/newsroom/accounts';
const CSRF = 'csrf-token-of-this-session';

const owner = { id: 'acc-owner', name: 'owner-lee', role: 'owner', via: 'session' };
const account = (id: string, name: string, role: string, activeSessions: number) => ({
  id,
  name,
  role,
  email: null as string | null,
  totpEnabled: false,
  lockedUntil: null,
  createdAt: '2026-11-20T00:00:00.000Z',
  activeSessions,
});

let api: FetchMock;
/** The headers of each request, in order (the fetch mock records bodies, not headers). */
let sentHeaders: Array<Record<string, string>>;
let user: ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  sessionStorage.clear();
  api = installFetch();
  const answer = globalThis.fetch;
  sentHeaders = [];
  globalThis.fetch = (input: RequestInfo | URL, init: RequestInit = {}) => {
    sentHeaders.push({ ...(init.headers as Record<string, string>) });
    return answer(input, init);
  };
  user = userEvent.setup();
});

const headersOf = (method: string, url: string) =>
  sentHeaders[api.requests.findIndex((request) => request.method === method && request.url === url)];

describe('/admin/staff', () => {
  it('signs in with a name and password, then lists the accounts with the cookie, not a token', async () => {
    api
      .on('GET', SESSION, errorResponse(401, '로그인이 필요합니다.'))
      .on('POST', SESSION, { body: { staff: owner, csrfToken: CSRF, expiresAt: '2026-11-20T12:00:00.000Z' } })
      .on('GET', ACCOUNTS, { body: { items: [account('acc-owner', 'owner-lee', 'owner', 1)] } });
    renderAt(<StaffPage />, '/admin/staff');
    await user.type(await screen.findByLabelText('이름'), 'owner-lee');
    await user.type(screen.getByLabelText('비밀번호'), 'correct horse battery staple');
    await user.click(screen.getByRole('button', { name: '로그인' }));

    expect(await screen.findByText('owner-lee (소유자) 님으로 로그인했습니다.')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'owner-lee' })).toBeInTheDocument();
    expect(api.calls('POST', SESSION)[0]).toMatchObject({
      body: { name: 'owner-lee', password: 'correct horse battery staple' },
      credentials: 'same-origin',
    });
    expect(api.calls('GET', ACCOUNTS)[0].credentials).toBe('same-origin');
    expect(headersOf('GET', ACCOUNTS)).not.toHaveProperty('Authorization');
    expect(headersOf('GET', ACCOUNTS)).not.toHaveProperty('X-CSRF-Token');
  });

  it("shows the server's words when sign-in is refused (a locked account)", async () => {
    api
      .on('GET', SESSION, errorResponse(401, '로그인이 필요합니다.'))
      .on(
        'POST',
        SESSION,
        errorResponse(
          423,
          '로그인에 여러 번 실패해 이 네트워크에서의 로그인이 잠겼습니다. 15분 뒤에 다시 시도해 주세요.',
        ),
      );
    renderAt(<StaffPage />, '/admin/staff');
    await user.type(await screen.findByLabelText('이름'), 'editor-kim');
    await user.type(screen.getByLabelText('비밀번호'), 'wrong');
    await user.click(screen.getByRole('button', { name: '로그인' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('15분 뒤에 다시 시도해 주세요.');
  });

  it('creates a moderator and revokes sessions after a confirmation, sending the CSRF token', async () => {
    let items = [
      account('acc-owner', 'owner-lee', 'owner', 1),
      account('acc-mod', 'mod-park', 'moderator', 2),
    ];
    api
      .on('GET', SESSION, { body: { staff: owner, csrfToken: CSRF, expiresAt: '2026-11-20T12:00:00.000Z' } })
      .on('GET', ACCOUNTS, () => ({ body: { items } }))
      .on('POST', ACCOUNTS, (request) => {
        const created = account('acc-new', (request.body as { name: string }).name, 'moderator', 0);
        items = [...items, created];
        return { status: 201, body: created };
      })
      .on('DELETE', `${ACCOUNTS}/acc-mod/sessions`, () => {
        items = items.map((item) => (item.id === 'acc-mod' ? { ...item, activeSessions: 0 } : item));
        return { body: { revoked: 2 } };
      });
    renderAt(<StaffPage />, '/admin/staff');
    expect(await screen.findByRole('cell', { name: 'mod-park' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('이름'), 'mod-choi');
    await user.selectOptions(screen.getByLabelText('역할'), 'moderator');
    await user.type(screen.getByLabelText('초기 비밀번호 (12자 이상)'), 'a long initial password');
    await user.click(screen.getByRole('button', { name: '계정 만들기' }));
    expect(await screen.findByText('mod-choi 계정을 만들었습니다.')).toBeInTheDocument();
    expect(api.calls('POST', ACCOUNTS)[0].body).toEqual({
      name: 'mod-choi',
      role: 'moderator',
      password: 'a long initial password',
    });
    expect(headersOf('POST', ACCOUNTS)).toMatchObject({ 'X-CSRF-Token': CSRF });

    const row = screen.getByRole('cell', { name: 'mod-park' }).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: '세션 모두 끊기' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('mod-park의 로그인 2개가 모두 끝나고');
    expect(api.calls('DELETE', `${ACCOUNTS}/acc-mod/sessions`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: '세션 끊기' }));
    expect(await screen.findByText(/mod-park의 모든 세션을 끊었습니다/)).toBeInTheDocument();
    expect(headersOf('DELETE', `${ACCOUNTS}/acc-mod/sessions`)).toMatchObject({ 'X-CSRF-Token': CSRF });
    await waitFor(() => expect(within(row).getByRole('button', { name: '세션 모두 끊기' })).toBeDisabled());
  });

  it('signs out on the server and shows the sign-in form again', async () => {
    api
      .on('GET', SESSION, { body: { staff: owner, csrfToken: CSRF, expiresAt: '2026-11-20T12:00:00.000Z' } })
      .on('GET', ACCOUNTS, { body: { items: [] } })
      .on('DELETE', SESSION, { status: 204 });
    renderAt(<StaffPage />, '/admin/staff');
    expect(await screen.findByText('스태프 계정이 없습니다.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '로그아웃' }));
    expect(await screen.findByText('로그아웃했습니다.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '로그인' })).toBeInTheDocument();
    expect(headersOf('DELETE', SESSION)).toMatchObject({ 'X-CSRF-Token': CSRF });
  });

  it("says so when a moderator's session is refused the accounts (403)", async () => {
    api
      .on('GET', SESSION, {
        body: {
          staff: { ...owner, role: 'moderator' },
          csrfToken: CSRF,
          expiresAt: '2026-11-20T12:00:00.000Z',
        },
      })
      .on('GET', ACCOUNTS, errorResponse(403, '이 작업은 owner 역할만 할 수 있습니다.'));
    renderAt(<StaffPage />, '/admin/staff');
    expect(await screen.findByRole('alert')).toHaveTextContent('이 작업은 owner 역할만 할 수 있습니다.');
  });
});

describe('/admin/staff: mail addresses', () => {
  const signedIn = (email?: string) => ({
    body: {
      staff: { ...owner, ...(email ? { email } : {}) },
      csrfToken: CSRF,
      expiresAt: '2026-11-20T12:00:00.000Z',
    },
  });

  it("shows each account's address, lets the owner change or remove it, and create an account with one", async () => {
    let items = [
      { ...account('acc-owner', 'owner-lee', 'owner', 1), email: 'lee@pulse.example' },
      account('acc-ed', 'editor-kim', 'editor', 0),
    ];
    api
      .on('GET', SESSION, signedIn('lee@pulse.example'))
      .on('GET', ACCOUNTS, () => ({ body: { items } }))
      .on('PATCH', `${ACCOUNTS}/acc-ed`, (request) => {
        const { email } = request.body as { email: string | null };
        items = items.map((item) => (item.id === 'acc-ed' ? { ...item, email } : item));
        return { body: items[1] };
      })
      .on('POST', ACCOUNTS, (request) => ({
        status: 201,
        body: {
          ...account('acc-new', 'editor-park', 'editor', 0),
          email: (request.body as { email: string }).email,
        },
      }));
    renderAt(<StaffPage />, '/admin/staff');
    expect(await screen.findByLabelText('owner-lee의 메일 주소')).toHaveValue('lee@pulse.example');
    const editorEmail = screen.getByLabelText('editor-kim의 메일 주소');
    expect(editorEmail).toHaveValue('');

    await user.type(editorEmail, 'kim@pulse.example');
    await user.click(screen.getByRole('button', { name: 'editor-kim의 메일 주소 저장' }));
    expect(
      await screen.findByText('editor-kim의 메일 주소를 kim@pulse.example(으)로 바꿨습니다.'),
    ).toBeInTheDocument();
    expect(api.calls('PATCH', `${ACCOUNTS}/acc-ed`)[0].body).toEqual({ email: 'kim@pulse.example' });
    expect(headersOf('PATCH', `${ACCOUNTS}/acc-ed`)).toMatchObject({ 'X-CSRF-Token': CSRF });

    await user.clear(screen.getByLabelText('editor-kim의 메일 주소'));
    await user.click(screen.getByRole('button', { name: 'editor-kim의 메일 주소 저장' }));
    expect(await screen.findByText('editor-kim의 메일 주소를 지웠습니다.')).toBeInTheDocument();
    expect(api.calls('PATCH', `${ACCOUNTS}/acc-ed`)[1].body).toEqual({ email: null });

    await user.type(screen.getByLabelText('이름'), 'editor-park');
    await user.type(screen.getByLabelText('초기 비밀번호 (12자 이상)'), 'a long initial password');
    await user.type(screen.getByLabelText('메일 주소 (선택, 뉴스레터 시험 발송용)'), 'park@pulse.example');
    await user.click(screen.getByRole('button', { name: '계정 만들기' }));
    expect(await screen.findByText('editor-park 계정을 만들었습니다.')).toBeInTheDocument();
    expect(api.calls('POST', ACCOUNTS)[0].body).toEqual({
      name: 'editor-park',
      role: 'editor',
      password: 'a long initial password',
      email: 'park@pulse.example',
    });
  });

  it('lets any member set their own address, even one the staff list is closed to', async () => {
    api
      .on('GET', SESSION, signedIn())
      .on('GET', ACCOUNTS, errorResponse(403, '이 작업은 owner 역할만 할 수 있습니다.'))
      .on('PATCH', '/api/newsroom/me', (request) => ({
        body: {
          ...account('acc-owner', 'owner-lee', 'owner', 1),
          email: (request.body as { email: string }).email,
        },
      }));
    renderAt(<StaffPage />, '/admin/staff');
    const own = await screen.findByLabelText('메일 주소');
    expect(own).toHaveValue('');
    await user.type(own, 'lee@pulse.example');
    await user.click(screen.getByRole('button', { name: '메일 주소 저장' }));
    expect(await screen.findByText('메일 주소를 lee@pulse.example(으)로 저장했습니다.')).toBeInTheDocument();
    expect(api.calls('PATCH', '/api/newsroom/me')[0].body).toEqual({ email: 'lee@pulse.example' });
    expect(headersOf('PATCH', '/api/newsroom/me')).toMatchObject({ 'X-CSRF-Token': CSRF });
  });
});

describe('/admin/staff: my second factor', () => {
  const QR_LABEL = '인증 앱에 등록할 QR 코드';

  it('shows a QR code and the key for the app, then turns the factor on with a code from it', async () => {
    api
      .on('GET', SESSION, { body: { staff: owner, csrfToken: CSRF, expiresAt: '2026-11-20T12:00:00.000Z' } })
      .on('GET', ACCOUNTS, { body: { items: [] } })
      .on('POST', '/api/newsroom/me/totp', {
        status: 201,
        body: { secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' },
      })
      .on('POST', '/api/newsroom/me/totp/confirm', { body: account('acc-owner', 'owner-lee', 'owner', 1) });
    renderAt(<StaffPage />, '/admin/staff');
    const setUp = await screen.findByRole('button', { name: '2단계 인증 설정' });
    // Nothing of the secret is on the page until the server has answered the member's own request.
    expect(screen.queryByRole('img', { name: QR_LABEL })).not.toBeInTheDocument();
    await user.click(setUp);
    expect(await screen.findByRole('img', { name: QR_LABEL })).toBeInTheDocument();
    expect(screen.getByText('인증 앱으로 QR 코드를 스캔하거나 아래 키를 입력하세요.')).toBeInTheDocument();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await user.type(screen.getByLabelText('앱에 표시된 6자리 코드'), '123456');
    await user.click(screen.getByRole('button', { name: '확인하고 켜기' }));
    expect(await screen.findByText(/2단계 인증을 켰습니다/)).toBeInTheDocument();
    expect(api.calls('POST', '/api/newsroom/me/totp/confirm')[0].body).toEqual({ totp: '123456' });
    expect(headersOf('POST', '/api/newsroom/me/totp/confirm')).toMatchObject({ 'X-CSRF-Token': CSRF });
  });
});

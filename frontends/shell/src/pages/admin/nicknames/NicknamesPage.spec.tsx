import { errorResponse, installFetch, renderAt, type FetchMock } from '@pulse/frontend-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import NicknamesPage from './NicknamesPage';

const BASE = '/api/community/admin/identities';
const FIND = `${BASE}?nickname=${encodeURIComponent('광고왕')}`;
const HISTORY = `${BASE}/u1/history`;

const EXPERT = {
  id: 'expert',
  name: '전문가',
  description: '운영진이 인정한 전문가',
  icon: 'award',
  color: 'blue',
  type: 'role',
  earnedAt: '2026-11-20T00:00:00.000Z',
};
const identity = (overrides: Record<string, unknown> = {}) => ({
  id: 'u1',
  displayName: '광고왕',
  createdAt: '2026-11-01T00:00:00.000Z',
  lastActiveAt: '2026-11-20T00:00:00.000Z',
  suspendedUntil: null,
  suspendedReason: null,
  trustLevel: 'basic',
  badges: [],
  ...overrides,
});

/** A server in miniature: the nickname's state, changed by the admin calls and read back by history. */
function nicknameServer(api: FetchMock) {
  let current = identity();
  const entries: Array<Record<string, unknown>> = [];
  const log = (action: string, extra: Record<string, unknown> = {}) =>
    entries.unshift({ action, at: '2026-11-29T00:00:00.000Z', reason: null, until: null, ...extra });
  api
    .on('GET', FIND, () => ({ body: { success: true, data: { items: [current] } } }))
    .on('GET', HISTORY, () => ({
      body: { success: true, data: { identity: current, entries: [...entries] } },
    }))
    .on('POST', `${BASE}/u1/suspend`, (request) => {
      const { reason } = request.body as { reason: string; days?: number };
      const until = '9999-12-31T00:00:00.000Z';
      current = identity({ ...current, suspendedUntil: until, suspendedReason: reason });
      log('suspended', { reason, until });
      return { body: { success: true, data: { id: 'u1', suspendedUntil: until } } };
    })
    .on('POST', `${BASE}/u1/reinstate`, () => {
      current = identity({ ...current, suspendedUntil: null, suspendedReason: null });
      log('reinstated');
      return { body: { success: true, data: { id: 'u1', suspendedUntil: null } } };
    })
    .on('POST', `${BASE}/u1/expert`, () => {
      current = identity({ ...current, badges: [EXPERT] });
      log('expert-granted');
      return { body: { success: true, data: { id: 'u1', badge: EXPERT, granted: true } } };
    })
    .on('DELETE', `${BASE}/u1/expert`, () => {
      current = identity({ ...current, badges: [] });
      log('expert-revoked');
      return { body: { success: true, data: { id: 'u1', revoked: true } } };
    });
}

let api: FetchMock;
beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem('pulse_admin_token', 'admin-token-0123456789');
  api = installFetch();
});

const fact = (scope: HTMLElement, term: string) =>
  within(scope).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

async function lookUp(user: ReturnType<typeof userEvent.setup>, nickname = '광고왕') {
  renderAt(<NicknamesPage />, '/admin/nicknames');
  await user.type(screen.getByLabelText('닉네임'), nickname);
  await user.click(screen.getByRole('button', { name: '찾기' }));
}

describe('/admin/nicknames', () => {
  it('finds a nickname and shows its standing and an empty history', async () => {
    nicknameServer(api);
    const user = userEvent.setup();
    await lookUp(user);
    expect(
      within(screen.getByRole('navigation', { name: '관리 메뉴' })).getByRole('link', { name: '닉네임' }),
    ).toHaveAttribute('aria-current', 'page');
    const card = await screen.findByRole('article', { name: '광고왕' });
    expect(fact(card, '신뢰 단계')).toBe('기본');
    expect(fact(card, '배지')).toBe('없음');
    expect(fact(card, '상태')).toBe('글쓰기 가능');
    expect(await within(card).findByText('기록된 조치가 없습니다.')).toBeInTheDocument();
  });

  it('says so when no nickname matches, and when the look-up fails', async () => {
    api.on('GET', FIND, { body: { success: true, data: { items: [] } } });
    const user = userEvent.setup();
    await lookUp(user);
    expect(await screen.findByText("'광고왕' 닉네임이 없습니다.")).toBeInTheDocument();
    api.on('GET', FIND, errorResponse(403, 'Forbidden'));
    await user.click(screen.getByRole('button', { name: '찾기' }));
    expect(await screen.findByText('닉네임을 찾지 못했습니다.')).toBeInTheDocument();
    expect(document.body).toHaveTextContent('이 토큰으로는 접근할 수 없습니다.');
  });

  it('suspends with a reason after a confirmation, then reinstates, each in the history', async () => {
    nicknameServer(api);
    const user = userEvent.setup();
    await lookUp(user);
    const card = await screen.findByRole('article', { name: '광고왕' });
    await within(card).findByText('기록된 조치가 없습니다.');
    await user.click(within(card).getByRole('button', { name: '정지' }));
    const dialog = screen.getByRole('alertdialog', { name: '광고왕 닉네임을 정지할까요?' });
    const confirm = within(dialog).getByRole('button', { name: '정지' });
    expect(confirm).toBeDisabled();
    expect(within(dialog).getByLabelText('정지 사유')).toHaveFocus();
    await user.type(within(dialog).getByLabelText('정지 사유'), '광고 도배');
    await user.type(within(dialog).getByLabelText(/기간/), '0');
    expect(confirm).toBeDisabled();
    await user.clear(within(dialog).getByLabelText(/기간/));
    await user.click(confirm);
    await waitFor(() => expect(fact(card, '상태')).toBe('정지됨 (해제할 때까지, 사유: 광고 도배)'));
    expect(api.calls('POST', `${BASE}/u1/suspend`)[0]!.body).toEqual({ reason: '광고 도배' });
    expect(card).toHaveTextContent('닉네임을 정지했습니다.');
    const history = () =>
      within(within(card).getByRole('region', { name: '광고왕 조치 이력' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent?.split(' · ').slice(1).join(' · '));
    expect(history()).toEqual(['정지 (해제할 때까지) · 사유: 광고 도배']);

    await user.click(within(card).getByRole('button', { name: '정지 해제' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '정지 해제' }));
    await waitFor(() => expect(fact(card, '상태')).toBe('글쓰기 가능'));
    expect(history()).toEqual(['정지 해제', '정지 (해제할 때까지) · 사유: 광고 도배']);
  });

  it('gives the expert badge, and takes it back only after a confirmation', async () => {
    nicknameServer(api);
    const user = userEvent.setup();
    await lookUp(user);
    const card = await screen.findByRole('article', { name: '광고왕' });
    await user.click(within(card).getByRole('button', { name: '전문가 배지 주기' }));
    await waitFor(() => expect(fact(card, '배지')).toBe('전문가'));
    expect(card).toHaveTextContent('전문가 배지를 주었습니다.');
    await user.click(within(card).getByRole('button', { name: '전문가 배지 회수' }));
    await user.keyboard('{Escape}');
    expect(api.calls('DELETE', `${BASE}/u1/expert`)).toHaveLength(0);
    await user.click(within(card).getByRole('button', { name: '전문가 배지 회수' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '회수' }));
    await waitFor(() => expect(fact(card, '배지')).toBe('없음'));
    expect(api.calls('DELETE', `${BASE}/u1/expert`)).toHaveLength(1);
  });
});

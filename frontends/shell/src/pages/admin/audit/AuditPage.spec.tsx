import { deferred, errorResponse, installFetch, renderAt, type FetchMock } from '@pulse/frontend-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AuditPage from './AuditPage';

const AUDIT = '/api/admin/audit';

const entry = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  actor: { id: 'account-editor', name: 'editor-kim', role: 'editor', via: 'session' },
  action: 'source.pause',
  service: 'ingestion',
  method: 'POST',
  path: '/api/ingestion/sources/openai-blog/pause',
  target: { id: 'openai-blog' },
  status: 200,
  at: '2026-03-02T00:30:00.000Z',
  address: '203.0.113.7',
  userAgent: 'Mozilla/5.0',
  change: {
    before: { id: 'openai-blog', name: 'OpenAI', status: 'active' },
    after: { id: 'openai-blog', name: 'OpenAI', status: 'paused' },
  },
  ...overrides,
});

let api: FetchMock;
beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem('pulse_admin_token', 'admin-token-0123456789');
  api = installFetch();
});

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('/admin/audit', () => {
  it('shows a spinner, then each action: who, what, target, outcome, where and what changed', async () => {
    const reply = deferred<{ body: unknown }>();
    api.on('GET', AUDIT, reply.promise);
    renderAt(<AuditPage />, '/admin/audit');
    expect(screen.getByRole('heading', { level: 1, name: '감사 기록' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: '관리 메뉴' });
    expect(within(nav).getByRole('link', { name: '감사 기록' })).toHaveAttribute('aria-current', 'page');
    expect(document.querySelectorAll('.spinner')).toHaveLength(1);

    reply.resolve({
      body: {
        items: [
          entry('e2'),
          entry('e1', {
            actor: { id: 'account-mod', name: 'mod-park', role: 'moderator', via: 'session' },
            action: 'POST /api/content/admin/tech-analysis/:id/publish',
            service: 'content',
            path: '/api/content/admin/tech-analysis/ta-1/publish',
            target: { id: 'ta-1' },
            status: 403,
            change: null,
          }),
        ],
        nextCursor: null,
      },
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(document.querySelectorAll('.spinner')).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('기록 2건');
    const [paused, refused] = rows();
    expect(paused).toHaveTextContent('2026년 03월 02일 09:30');
    expect(paused).toHaveTextContent('editor-kim 편집자');
    expect(paused).toHaveTextContent('소스 일시 중지 (source.pause)');
    expect(paused).toHaveTextContent('id: openai-blog');
    expect(paused).toHaveTextContent('완료 (200)');
    expect(paused).toHaveTextContent('203.0.113.7');
    // Only what the change altered, not the whole source.
    await userEvent.click(within(paused).getByText('바뀐 값 1개'));
    expect(within(paused).getByRole('definition')).toHaveTextContent('active → paused');
    expect(refused).toHaveTextContent('mod-park 운영자');
    expect(refused).toHaveTextContent('POST /api/content/admin/tech-analysis/:id/publish');
    expect(refused).toHaveTextContent('거부됨 (권한 없음) (403)');
    // Narrow screens scroll the table; the keyboard can reach it to do so.
    expect(screen.getByRole('region', { name: '감사 기록 표' })).toHaveAttribute('tabindex', '0');
  });

  it('says so when nothing was recorded, and when no entry meets the filters', async () => {
    api.on('GET', AUDIT, { body: { items: [], nextCursor: null } });
    renderAt(<AuditPage />, '/admin/audit');
    expect(await screen.findByText('기록된 작업이 없습니다.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('작업자'), 'nobody');
    await userEvent.click(screen.getByRole('button', { name: '거르기' }));
    expect(await screen.findByText('조건에 맞는 기록이 없습니다.')).toBeInTheDocument();
  });

  it('sends the filters as the API names them, the days as whole Seoul days, and clears them', async () => {
    api.on('GET', AUDIT, { body: { items: [entry('e1')], nextCursor: null } });
    renderAt(<AuditPage />, '/admin/audit');
    await waitFor(() => expect(rows()).toHaveLength(1));
    await userEvent.type(screen.getByLabelText('작업자'), ' editor-kim ');
    await userEvent.type(screen.getByLabelText('작업'), 'source.pause');
    await userEvent.type(screen.getByLabelText('대상'), 'openai-blog');
    await userEvent.type(screen.getByLabelText('시작일'), '2026-03-01');
    await userEvent.type(screen.getByLabelText('종료일'), '2026-03-02');
    await userEvent.click(screen.getByRole('button', { name: '거르기' }));
    await waitFor(() => expect(api.calls('GET', AUDIT)).toHaveLength(2));
    const url = new URL(api.calls('GET', AUDIT)[1].url, 'https://pulse.example');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      actor: 'editor-kim',
      action: 'source.pause',
      target: 'openai-blog',
      from: '2026-02-28T15:00:00.000Z',
      to: '2026-03-02T15:00:00.000Z',
    });
    await userEvent.click(screen.getByRole('button', { name: '조건 지우기' }));
    await waitFor(() => expect(api.calls('GET', AUDIT)).toHaveLength(3));
    expect(api.calls('GET', AUDIT)[2].url).toBe(AUDIT);
    expect(screen.getByLabelText('작업자')).toHaveValue('');
  });

  it('reads the next, older page with "더 보기" and moves focus to its first row', async () => {
    api
      .on('GET', AUDIT, { body: { items: [entry('e3'), entry('e2')], nextCursor: 'c-2' } })
      .on('GET', `${AUDIT}?cursor=c-2`, {
        body: { items: [entry('e1', { status: 404 })], nextCursor: null },
      });
    renderAt(<AuditPage />, '/admin/audit');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByRole('status')).toHaveTextContent('기록 2건 (더 있음)');
    await userEvent.click(screen.getByRole('button', { name: '더 보기' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows()[2]).toHaveTextContent('대상 없음 (404)');
    expect(rows()[2]).toHaveFocus();
    expect(screen.queryByRole('button', { name: '더 보기' })).not.toBeInTheDocument();
  });

  it('says in Korean what the server refused, a moderator’s 403 included, and retries', async () => {
    api.on('GET', AUDIT, errorResponse(403, '이 작업은 owner, editor 역할만 할 수 있습니다.'));
    renderAt(<AuditPage />, '/admin/audit');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('감사 기록을 불러오지 못했습니다.');
    expect(alert).toHaveTextContent('이 토큰으로는 접근할 수 없습니다.');
    api.on('GET', AUDIT, { body: { items: [entry('e1')], nextCursor: null } });
    await userEvent.click(within(alert).getByRole('button', { name: '다시 시도' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });
});

import { installFetch, renderAt, type FetchMock } from '@pulse/frontend-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AdminPage from './AdminPage';
import AnalyticsPage from './AnalyticsPage';

let api: FetchMock;
beforeEach(() => {
  sessionStorage.clear();
  api = installFetch();
});

const item = {
  kind: 'question',
  id: 'q1',
  questionId: 'q1',
  title: '신고된 질문',
  excerpt: '본문 일부',
  author: { id: 'u1', displayName: '작성자', suspended: false },
  state: 'held',
  reports: {
    count: 3,
    reasons: { spam: 3 },
    lastAt: '2026-11-20T02:00:00.000Z',
    weight: 5,
    reporters: [
      reporter('신고한회원', 'member', 2, '2026-11-20T02:00:00.000Z'),
      reporter('신고한단골', 'regular', 3, '2026-11-20T01:00:00.000Z'),
      reporter('방금만든닉', 'new', 0, '2026-11-20T00:30:00.000Z'),
    ],
  },
  createdAt: '2026-11-20T00:00:00.000Z',
};

function reporter(displayName: string, trustLevel: string, weight: number, at: string) {
  return { id: `u-${displayName}`, displayName, trustLevel, weight, reason: 'spam', detail: null, at };
}

describe('/admin and /analytics', () => {
  it('asks for the admin token, then says when the server refuses it', async () => {
    api.on('GET', '/api/community/admin/moderation?state=held', {
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized', message: 'x' },
    });
    const user = userEvent.setup();
    renderAt(<AdminPage />, '/admin');
    // No staff session (the newsroom answers 401): the sign-in form, with the token as the automation way in.
    expect(await screen.findByText(/관리자 토큰\(ADMIN_TOKEN\)을 입력하세요/)).toBeInTheDocument();
    expect(api.requests.map((request) => request.url)).toEqual(['/api/newsroom/session']);
    await user.type(screen.getByLabelText('관리자 토큰'), 'wrong-token');
    await user.click(screen.getByRole('button', { name: '확인' }));
    await waitFor(() => expect(document.body).toHaveTextContent('관리자 토큰이 없거나 올바르지 않습니다.'));
    expect(api.requests[1]?.url).toBe('/api/community/admin/moderation?state=held');
  });

  it('lists held posts and hides one with the Bearer credential', async () => {
    sessionStorage.setItem('pulse_admin_token', 'admin-token-0123456789');
    api
      .on('GET', '/api/community/admin/moderation?state=held', {
        body: { success: true, data: { items: [item], total: 1, page: 1 } },
      })
      .on('POST', '/api/community/admin/questions/q1/hide', {
        body: { success: true, data: { kind: 'question', id: 'q1', state: 'hidden' } },
      });
    renderAt(<AdminPage />, '/admin');
    expect(await screen.findByText(/신고된 질문/)).toBeInTheDocument();
    expect(document.body).toHaveTextContent('신고 3건');
    expect(document.body).toHaveTextContent('신고 가중치 5');
    const reporters = within(screen.getByRole('list', { name: '신고한 사람' })).getAllByRole('listitem');
    expect(reporters.map((li) => li.textContent?.split(' · ')[0])).toEqual([
      '신고한회원 (회원, 가중치 2)',
      '신고한단골 (단골, 가중치 3)',
      '방금만든닉 (새 닉네임, 가중치 0)',
    ]);
    expect(reporters[0]).toHaveTextContent('스팸');
    expect(screen.getByRole('link', { name: /댓글 검토/ })).toHaveAttribute('href', '/admin/comments');
    await userEvent.click(screen.getByRole('button', { name: /숨기기/ }));
    // Asked first: nothing is hidden until the dialog is confirmed.
    const dialog = screen.getByRole('alertdialog', { name: '이 질문을 숨길까요?' });
    expect(api.calls('POST', '/api/community/admin/questions/q1/hide')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: '숨기기' }));
    await waitFor(() => expect(document.body).toHaveTextContent('숨김 완료'));
    expect(api.calls('POST', '/api/community/admin/questions/q1/hide')).toHaveLength(1);
  });

  it('asks before suspending the author, and suspends nothing when declined', async () => {
    sessionStorage.setItem('pulse_admin_token', 'admin-token-0123456789');
    api
      .on('GET', '/api/community/admin/moderation?state=held', {
        body: { success: true, data: { items: [item], total: 1, page: 1 } },
      })
      .on('POST', '/api/community/admin/identities/u1/suspend', {
        body: { success: true, data: { id: 'u1', suspended: true } },
      });
    renderAt(<AdminPage />, '/admin');
    await userEvent.click(await screen.findByRole('button', { name: '작성자 정지' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog', { name: '작성자 님을 정지할까요?' })).getByRole('button', {
        name: '취소',
      }),
    );
    expect(api.calls('POST', '/api/community/admin/identities/u1/suspend')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: '작성자 정지' }));
    const dialog = screen.getByRole('alertdialog', { name: '작성자 님을 정지할까요?' });
    await userEvent.click(within(dialog).getByRole('button', { name: '정지하기' }));
    await waitFor(() => expect(document.body).toHaveTextContent('정지 완료'));
    expect(api.calls('POST', '/api/community/admin/identities/u1/suspend')).toHaveLength(1);
  });

  it('draws questions, answers and active identities per day', async () => {
    sessionStorage.setItem('pulse_admin_token', 'admin-token-0123456789');
    api.on('GET', '/api/community/admin/analytics?days=30', {
      body: {
        success: true,
        data: {
          days: [
            { day: '2026-11-23', questions: 2, answers: 5, activeIdentities: 4 },
            { day: '2026-11-24', questions: 1, answers: 3, activeIdentities: 2 },
          ],
        },
      },
    });
    renderAt(<AnalyticsPage />, '/analytics');
    // The chart is drawn, not read: its three lines have no role.
    await waitFor(() => expect(document.querySelectorAll('svg polyline')).toHaveLength(3));
    const [, ...rows] = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toBe('2026-11-23254');
  });
});

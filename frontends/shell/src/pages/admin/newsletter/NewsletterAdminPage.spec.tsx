import { deferred, errorResponse, installFetch, renderAt, type FetchMock } from '@pulse/frontend-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import NewsletterAdminPage from './NewsletterAdminPage';

const OVERVIEW = '/api/newsletter/admin/subscribers';
const EDITIONS = '/api/newsletter/editions';
const PROGRESS = '/api/newsletter/admin/editions/daily-2026-11-29';

const overview = (on = false) => ({
  body: {
    subscribers: { pending: 2, confirmed: 1234, unsubscribed: 7, bounced: 1 },
    schedule: { on, next: { daily: '2026-11-29T23:00:00.000Z', weekly: '2026-11-29T23:00:00.000Z' } },
  },
});
const previewOf = (kind: string) => ({
  body: {
    id: `${kind}-2026-11-29`,
    title: kind === 'daily' ? '펄스 데일리 11월 29일' : '펄스 위클리 11월 4주',
    subject: kind === 'daily' ? '[펄스] 펄스 데일리 11월 29일' : '[펄스] 펄스 위클리 11월 4주',
    html: `<html><body><h1>${kind} edition</h1></body></html>`,
    text: `${kind} edition`,
  },
});
const progress = (sends: Record<string, number>, enqueue = 'done') => ({
  edition: { id: 'daily-2026-11-29', kind: 'daily', title: '펄스 데일리 11월 29일', recipients: 3, enqueue },
  sends: { queued: 0, claimed: 0, sent: 0, bounced: 0, failed: 0, skipped: 0, ...sends },
});

let api: FetchMock;
beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem('pulse_admin_token', 'admin-token-0123456789');
  api = installFetch()
    .on('GET', OVERVIEW, overview())
    .on('GET', EDITIONS, { body: { editions: [] } })
    .on('GET', '/api/newsletter/admin/preview?kind=daily', previewOf('daily'))
    .on('GET', '/api/newsletter/admin/preview?kind=weekly', previewOf('weekly'));
});

const fact = (scope: HTMLElement, term: string) =>
  within(scope).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('/admin/newsletter', () => {
  it('shows a spinner, then subscribers by state and when the schedule mails next', async () => {
    const reply = deferred<{ body: unknown }>();
    api.on('GET', OVERVIEW, reply.promise);
    renderAt(<NewsletterAdminPage />, '/admin/newsletter');
    expect(document.querySelectorAll('.spinner').length).toBeGreaterThanOrEqual(1);
    expect(
      within(screen.getByRole('navigation', { name: '관리 메뉴' })).getByRole('link', { name: '뉴스레터' }),
    ).toHaveAttribute('aria-current', 'page');
    reply.resolve(overview());
    const subscribers = (await screen.findByRole('heading', { name: '구독자' })).closest('section')!;
    expect(fact(subscribers, '구독 중')).toBe('1,234명');
    expect(fact(subscribers, '확인 대기')).toBe('2명');
    expect(fact(subscribers, '구독 해지')).toBe('7명');
    expect(fact(subscribers, '반송으로 중단')).toBe('1명');
    expect(subscribers).toHaveTextContent('자동 발송이 꺼져 있습니다 (NEWSLETTER_SCHEDULE=off).');
    expect(subscribers).toHaveTextContent('다음 데일리는 2026년 11월 30일 08:00');
    expect(await screen.findByText('아직 보낸 호가 없습니다.')).toBeInTheDocument();
  });

  it('previews the edition due now in a sandboxed frame at 600 and 375 px, daily or weekly', async () => {
    const user = userEvent.setup();
    renderAt(<NewsletterAdminPage />, '/admin/newsletter');
    const frame = await screen.findByTitle('펄스 데일리 11월 29일 미리 보기 (600px)');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', '<html><body><h1>daily edition</h1></body></html>');
    expect(frame).toHaveAttribute('width', '600');
    expect(document.body).toHaveTextContent('제목: [펄스] 펄스 데일리 11월 29일 (daily-2026-11-29)');
    await user.click(
      within(screen.getByRole('group', { name: '미리 보기 너비' })).getByRole('button', { name: '375px' }),
    );
    expect(screen.getByTitle('펄스 데일리 11월 29일 미리 보기 (375px)')).toHaveAttribute('width', '375');
    await user.click(
      within(screen.getByRole('group', { name: '뉴스레터 종류' })).getByRole('button', { name: '위클리' }),
    );
    expect(await screen.findByTitle('펄스 위클리 11월 4주 미리 보기 (375px)')).toHaveAttribute(
      'srcdoc',
      '<html><body><h1>weekly edition</h1></body></html>',
    );
  });

  it('says why there is no preview (no article for the edition), with a way to try again', async () => {
    api.on(
      'GET',
      '/api/newsletter/admin/preview?kind=daily',
      errorResponse(409, '이번 호에 실을 기사가 없습니다.'),
    );
    renderAt(<NewsletterAdminPage />, '/admin/newsletter');
    expect(await screen.findByText('미리 보기를 만들지 못했습니다.')).toBeInTheDocument();
    expect(document.body).toHaveTextContent('요청에 실패했습니다: 이번 호에 실을 기사가 없습니다.');
    expect(screen.queryByRole('button', { name: '이 호 보내기' })).not.toBeInTheDocument();
  });

  it('sends after a confirmation, then reads the counts again until every mail has an outcome', async () => {
    let reading = 0;
    api
      .on('POST', '/api/newsletter/admin/editions', { status: 201, body: progress({ queued: 3 }, 'running') })
      .on('GET', PROGRESS, () => {
        reading += 1;
        return { body: reading === 1 ? progress({ queued: 1, sent: 2 }) : progress({ sent: 2, bounced: 1 }) };
      });
    const user = userEvent.setup();
    renderAt(<NewsletterAdminPage />, '/admin/newsletter');
    await user.click(await screen.findByRole('button', { name: '이 호 보내기' }));
    const dialog = screen.getByRole('alertdialog', { name: '이번 호를 보낼까요?' });
    expect(dialog).toHaveTextContent('데일리 구독자에게 보냅니다 (전체 구독자 1234명 중 이 종류를 고른 분)');
    await user.click(within(dialog).getByRole('button', { name: '취소' }));
    expect(api.calls('POST', '/api/newsletter/admin/editions')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: '이 호 보내기' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '보내기' }));
    expect(api.calls('POST', '/api/newsletter/admin/editions')[0]!.body).toEqual({ kind: 'daily' });
    const section = (await screen.findByRole('heading', { name: /^발송 현황/ })).closest('section')!;
    expect(section).toHaveTextContent('보내는 중입니다… 받는 사람 3명');
    expect(fact(section, '대기')).toBe('3');
    await waitFor(() => expect(section).toHaveTextContent('발송을 마쳤습니다.'), { timeout: 5000 });
    expect(fact(section, '보냄')).toBe('2');
    expect(fact(section, '반송')).toBe('1');
    expect(fact(section, '구독 해지 (전체 누적)')).toBe('7');
    const readings = api.calls('GET', PROGRESS).length;
    expect(readings).toBe(2);
  });

  it("shows a past edition's counts from the list", async () => {
    api
      .on('GET', EDITIONS, {
        body: {
          editions: [
            {
              id: 'daily-2026-11-29',
              kind: 'daily',
              date: '2026-11-29',
              title: '펄스 데일리 11월 29일',
              recipients: 3,
            },
          ],
        },
      })
      .on('GET', PROGRESS, { body: progress({ sent: 3 }) });
    const user = userEvent.setup();
    renderAt(<NewsletterAdminPage />, '/admin/newsletter');
    const link = await screen.findByRole('link', { name: '펄스 데일리 11월 29일' });
    expect(link).toHaveAttribute('href', '/newsletter/daily-2026-11-29');
    await user.click(screen.getByRole('button', { name: '펄스 데일리 11월 29일 발송 현황' }));
    const section = (await screen.findByRole('heading', { name: /^발송 현황/ })).closest('section')!;
    await waitFor(() => expect(section).toHaveTextContent('발송을 마쳤습니다. 받는 사람 3명'));
    expect(fact(section, '보냄')).toBe('3');
  });

  describe('내 주소로 시험 발송', () => {
    const TEST_SEND = '/api/newsletter/admin/editions/daily-2026-11-29/test-send';

    it("mails the edition due now to the member's own address, without a confirmation, and says where", async () => {
      api.on('POST', TEST_SEND, {
        status: 201,
        body: {
          id: 'daily-2026-11-29',
          subject: '[시험 발송] [펄스] 펄스 데일리 11월 29일',
          to: 'kim@pulse.example',
        },
      });
      const user = userEvent.setup();
      renderAt(<NewsletterAdminPage />, '/admin/newsletter');
      await user.click(
        await screen.findByRole('button', { name: '펄스 데일리 11월 29일 내 주소로 시험 발송' }),
      );
      expect(
        await screen.findByText(
          "'[시험 발송] [펄스] 펄스 데일리 11월 29일' 시험 메일을 kim@pulse.example(으)로 보냈습니다.",
        ),
      ).toHaveAttribute('role', 'status');
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(api.calls('POST', TEST_SEND)).toHaveLength(1);
      // A test send is no send: the real one was not asked for.
      expect(api.calls('POST', '/api/newsletter/admin/editions')).toHaveLength(0);
    });

    it("offers it for each past edition, and shows the server's reason when it cannot (no address)", async () => {
      const pastTestSend = '/api/newsletter/admin/editions/daily-2026-11-28/test-send';
      api
        .on('GET', EDITIONS, {
          body: {
            editions: [
              {
                id: 'daily-2026-11-28',
                kind: 'daily',
                date: '2026-11-28',
                title: '펄스 데일리 11월 28일',
                recipients: 3,
              },
            ],
          },
        })
        .on(
          'POST',
          pastTestSend,
          errorResponse(
            400,
            'ADMIN_TOKEN에는 메일 주소가 없어 시험 발송을 할 수 없습니다. 직원 계정으로 로그인한 뒤 다시 시도해 주세요.',
          ),
        );
      const user = userEvent.setup();
      renderAt(<NewsletterAdminPage />, '/admin/newsletter');
      await user.click(
        await screen.findByRole('button', { name: '펄스 데일리 11월 28일 내 주소로 시험 발송' }),
      );
      expect(await screen.findByRole('alert')).toHaveTextContent('ADMIN_TOKEN에는 메일 주소가 없어');
      expect(api.calls('POST', pastTestSend)).toHaveLength(1);
    });
  });
});

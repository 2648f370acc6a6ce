import { deferred, errorResponse, installFetch, renderAt, type FetchMock } from '@pulse/frontend-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ContactMessagesPage from './ContactMessagesPage';

const LIST = '/api/admin/contact';

const message = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  topic: 'correction',
  message: '제목의 회사 이름이 틀렸습니다.\n본문 둘째 문단도 확인해 주세요.',
  replyTo: 'reader@example.com',
  name: '독자',
  status: 'new',
  createdAt: '2026-03-02T00:30:00.000Z',
  handledAt: null,
  handledBy: null,
  ...overrides,
});
const page = (items: unknown[], total = items.length) => ({ items, page: 1, pageSize: 20, total });

let api: FetchMock;
beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem('pulse_admin_token', 'admin-token-0123456789');
  api = installFetch();
});

const messages = () =>
  screen.getAllByRole('listitem').filter((item) => item.classList.contains('admin__item'));

describe('/admin/contact', () => {
  it('shows a spinner, then each new message: topic, time, name, text and a mailto link to reply', async () => {
    const reply = deferred<{ body: unknown }>();
    api.on('GET', `${LIST}?status=new&page=1`, reply.promise);
    renderAt(<ContactMessagesPage />, '/admin/contact');
    expect(screen.getByRole('heading', { level: 1, name: '독자 문의' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: '관리 메뉴' });
    expect(within(nav).getByRole('link', { name: '독자 문의' })).toHaveAttribute('aria-current', 'page');
    expect(document.querySelectorAll('.spinner')).toHaveLength(1);

    reply.resolve({
      body: page([
        message('m2', {
          topic: 'tip',
          replyTo: null,
          name: null,
          message: '제보합니다. 새 모델이 나왔어요.',
        }),
        message('m1'),
      ]),
    });
    await waitFor(() => expect(messages()).toHaveLength(2));
    expect(document.querySelectorAll('.spinner')).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('새 문의 2건');
    const [tip, correction] = messages();
    expect(within(tip).getByRole('heading', { name: '제보' })).toBeInTheDocument();
    expect(tip).toHaveTextContent('답장 주소 없음');
    expect(within(correction).getByRole('heading', { name: '기사 정정 요청' })).toBeInTheDocument();
    expect(correction).toHaveTextContent('2026년 03월 02일 09:30 · 독자');
    expect(correction).toHaveTextContent('본문 둘째 문단도 확인해 주세요.');
    const mailto = within(correction).getByRole('link', { name: 'reader@example.com' });
    expect(mailto.getAttribute('href')).toMatch(/^mailto:reader@example\.com\?subject=/);
    expect(screen.getByRole('button', { name: '새 문의' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("marks a message handled with '처리 완료', says so, and reads the list again", async () => {
    api
      .on('GET', `${LIST}?status=new&page=1`, { body: page([message('m1')]) })
      .on('POST', `${LIST}/m1/handled`, () => {
        api.on('GET', `${LIST}?status=new&page=1`, { body: page([]) });
        return { body: message('m1', { status: 'handled' }) };
      });
    renderAt(<ContactMessagesPage />, '/admin/contact');
    const done = await screen.findByRole('button', { name: /^처리 완료: 기사 정정 요청/ });
    await userEvent.click(done);

    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('기사 정정 요청 문의를 처리 완료로 옮겼습니다.'),
    );
    expect(api.calls('POST', `${LIST}/m1/handled`)).toHaveLength(1);
    expect(await screen.findByText('새 문의가 없습니다.')).toBeInTheDocument();
  });

  it('switches to the handled messages, who handled each and when, without the button', async () => {
    api
      .on('GET', `${LIST}?status=new&page=1`, { body: page([]) })
      .on('GET', `${LIST}?status=handled&page=1`, {
        body: page([
          message('m1', {
            status: 'handled',
            handledAt: '2026-03-02T01:00:00.000Z',
            handledBy: 'editor-kim',
          }),
        ]),
      });
    renderAt(<ContactMessagesPage />, '/admin/contact');
    expect(await screen.findByText('새 문의가 없습니다.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '처리한 문의' }));
    await waitFor(() => expect(messages()).toHaveLength(1));
    expect(messages()[0]).toHaveTextContent('editor-kim 님이 2026년 03월 02일 10:00에 처리');
    expect(screen.queryByRole('button', { name: /처리 완료/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '처리한 문의' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('처리한 문의 1건');
  });

  it('pages through more than 20 messages', async () => {
    api
      .on('GET', `${LIST}?status=new&page=1`, { body: page([message('m21')], 21) })
      .on('GET', `${LIST}?status=new&page=2`, { body: { ...page([message('m1')], 21), page: 2 } });
    renderAt(<ContactMessagesPage />, '/admin/contact');
    await userEvent.click(await screen.findByRole('button', { name: '다음' }));
    await waitFor(() => expect(api.calls('GET', `${LIST}?status=new&page=2`)).toHaveLength(1));
    expect(await screen.findByText('2 / 2')).toBeInTheDocument();
  });

  it('says in Korean what the server answered when the list fails, and retries', async () => {
    api.on('GET', `${LIST}?status=new&page=1`, () => errorResponse(403, 'Forbidden'));
    renderAt(<ContactMessagesPage />, '/admin/contact');
    expect(await screen.findByText('독자 문의를 불러오지 못했습니다.')).toBeInTheDocument();
    api.on('GET', `${LIST}?status=new&page=1`, { body: page([message('m1')]) });
    await userEvent.click(screen.getByRole('button', { name: /다시/ }));
    await waitFor(() => expect(messages()).toHaveLength(1));
  });

  it('keeps the message when marking it fails, and says why', async () => {
    api
      .on('GET', `${LIST}?status=new&page=1`, { body: page([message('m1')]) })
      .on('POST', `${LIST}/m1/handled`, () => errorResponse(404, 'id: no message m1'));
    renderAt(<ContactMessagesPage />, '/admin/contact');
    await userEvent.click(await screen.findByRole('button', { name: /^처리 완료/ }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^처리하지 못했습니다: /));
    expect(messages()).toHaveLength(1);
    expect(screen.getByRole('button', { name: /^처리 완료/ })).toBeEnabled();
  });
});

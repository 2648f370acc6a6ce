import {
  cleanup,
  deferred,
  collectToasts,
  errorResponse,
  get,
  installFetch,
  render,
  submit,
  type,
  waitFor,
} from '@pulse/frontend-ui/src/testing';
import { renderToStaticMarkup } from 'react-dom/server';
import { NEWSLETTER } from '../copy';
import { NewsletterForm } from './NewsletterForm';
import { isPlausibleEmail } from './subscribe';

afterEach(cleanup);

const input = () => get('input[type="email"]') as HTMLInputElement;
const button = () => get('button[type="submit"]') as HTMLButtonElement;

describe('NewsletterForm', () => {
  it.each(['', '   ', 'reader.example.com'])(
    'blocks %p with the invalid-email toast and sends nothing',
    async (value) => {
      const api = installFetch();
      const toasts = collectToasts();
      await render(<NewsletterForm />);
      await type(input(), value);
      await submit(get('form'));
      expect(toasts).toEqual([
        { title: '잘못된 이메일', description: '올바른 이메일 주소를 입력해주세요', variant: 'destructive' },
      ]);
      expect(api.requests).toEqual([]);
    },
  );

  it("posts the address, shows '처리 중...' with the form disabled, then '확인 메일을 보냈습니다' and clears the input", async () => {
    const reply = deferred<{ status: number; body: unknown }>();
    const api = installFetch().on('POST', '/api/subscribers', () => reply.promise);
    const toasts = collectToasts();
    await render(<NewsletterForm />);
    await type(input(), ' reader@example.com ');
    await submit(get('form'));

    expect(button().textContent).toBe('처리 중...');
    expect(button().disabled).toBe(true);
    expect(input().disabled).toBe(true);
    expect(api.calls('POST', '/api/subscribers')[0]!.body).toEqual({ email: 'reader@example.com' });

    reply.resolve({ status: 202, body: { status: 'pending-confirmation' } });
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toEqual({
      title: '확인 메일을 보냈습니다',
      description: '메일함에서 확인 링크를 눌러야 구독이 완료됩니다',
    });
    expect(input().value).toBe('');
    expect(input().disabled).toBe(false);
    expect(button().textContent).toBe(NEWSLETTER.submit);
  });

  it.each([
    ['the newsletter service is missing (404)', () => errorResponse(404, 'Cannot POST /api/subscribers')],
    ['the gateway cannot reach it (502)', () => errorResponse(502, 'Bad Gateway')],
    ['the network fails', () => Promise.reject(new TypeError('fetch failed'))],
  ])("shows 'subscription failed' when %s, keeping the address", async (_case, answer) => {
    installFetch().on('POST', '/api/subscribers', answer);
    const toasts = collectToasts();
    await render(<NewsletterForm />);
    await type(input(), 'reader@example.com');
    await submit(get('form'));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toEqual({
      title: '구독 실패',
      description: '뉴스레터 구독 중 오류가 발생했습니다. 다시 시도해주세요',
      variant: 'destructive',
    });
    expect(input().value).toBe('reader@example.com');
    expect(button().disabled).toBe(false);
  });

  it('leaves validation to the seed rule (empty or no @), not the browser', async () => {
    const html = renderToStaticMarkup(<NewsletterForm />);
    expect(html).toMatch(/<form[^>]* novalidate=""/i);
    expect(html).toContain('type="email"');
    expect(isPlausibleEmail('a@b')).toBe(true);
    expect(isPlausibleEmail(' @ ')).toBe(true);
    expect(isPlausibleEmail('ab')).toBe(false);
  });
});

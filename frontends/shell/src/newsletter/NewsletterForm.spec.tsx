import { deferred, collectToasts, errorResponse, installFetch } from '@pulse/frontend-ui/testing';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NEWSLETTER } from '../copy';
import { NewsletterForm } from './NewsletterForm';
import { isPlausibleEmail } from './subscribe';

const input = () => screen.getByRole('textbox', { name: '이메일 주소' });
const button = () => screen.getByRole('button');
/** Types the address (if any) and submits, as a reader pressing the button does. */
async function subscribe(value: string) {
  const user = userEvent.setup();
  if (value) await user.type(input(), value);
  await user.click(button());
}

describe('NewsletterForm', () => {
  it.each(['', '   ', 'reader.example.com'])(
    'blocks %p with the invalid-email toast and sends nothing',
    async (value) => {
      const api = installFetch();
      const toasts = collectToasts();
      render(<NewsletterForm />);
      await subscribe(value);
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
    render(<NewsletterForm />);
    await subscribe(' reader@example.com ');

    expect(button()).toHaveAccessibleName('처리 중...');
    expect(button()).toHaveAttribute('type', 'submit');
    expect(button()).toBeDisabled();
    expect(input()).toBeDisabled();
    expect(api.calls('POST', '/api/subscribers')[0]!.body).toEqual({ email: 'reader@example.com' });

    reply.resolve({ status: 202, body: { status: 'pending-confirmation' } });
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toEqual({
      title: '확인 메일을 보냈습니다',
      description: '메일함에서 확인 링크를 눌러야 구독이 완료됩니다',
    });
    expect(input()).toHaveValue('');
    expect(input()).toBeEnabled();
    expect(button()).toHaveAccessibleName(NEWSLETTER.submit);
  });

  it.each([
    ['the newsletter service is missing (404)', () => errorResponse(404, 'Cannot POST /api/subscribers')],
    ['the gateway cannot reach it (502)', () => errorResponse(502, 'Bad Gateway')],
    ['the network fails', () => Promise.reject(new TypeError('fetch failed'))],
  ])("shows 'subscription failed' when %s, keeping the address", async (_case, answer) => {
    installFetch().on('POST', '/api/subscribers', answer);
    const toasts = collectToasts();
    render(<NewsletterForm />);
    await subscribe('reader@example.com');
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toEqual({
      title: '구독 실패',
      description: '뉴스레터 구독 중 오류가 발생했습니다. 다시 시도해주세요',
      variant: 'destructive',
    });
    expect(input()).toHaveValue('reader@example.com');
    expect(button()).toBeEnabled();
  });

  it('leaves validation to the seed rule (empty or no @), not the browser', async () => {
    render(<NewsletterForm />);
    // An unnamed form has no role to find it by; it is the input's.
    expect(input().closest('form')).toHaveAttribute('novalidate');
    expect(input()).toHaveAttribute('type', 'email');
    expect(isPlausibleEmail('a@b')).toBe(true);
    expect(isPlausibleEmail(' @ ')).toBe(true);
    expect(isPlausibleEmail('ab')).toBe(false);
  });
});

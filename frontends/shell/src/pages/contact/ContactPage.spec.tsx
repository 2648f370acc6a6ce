import { apiQueryKey, queryClient } from '@pulse/frontend-ui';
import { deferred, errorResponse, installFetch, renderAt } from '@pulse/frontend-ui/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ContactPage from './ContactPage';

beforeEach(() => queryClient.clear());

const form = () => ({
  topic: screen.getByRole('combobox', { name: '문의 유형' }),
  message: screen.getByRole('textbox', { name: '내용' }),
  replyTo: screen.getByRole('textbox', { name: '답장 받을 이메일 (선택)' }),
  name: screen.getByRole('textbox', { name: '이름 또는 닉네임 (선택)' }),
  submit: () => screen.getByRole('button', { name: /보내기|보내는 중/ }),
});
const status = () => screen.getByRole('status');

function withChannels(email: string | null) {
  return installFetch().on('GET', '/api/newsroom/contact', { body: { email } });
}

describe('ContactPage', () => {
  it('shows the editors’ address as a mailto link when the site has one', async () => {
    withChannels('editors@pulse.example');
    renderAt(<ContactPage />, '/contact');
    expect(screen.getByRole('heading', { level: 1, name: '문의하기' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'editors@pulse.example' });
    expect(link).toHaveAttribute('href', 'mailto:editors@pulse.example');
  });

  it('shows only the form when no address is configured', async () => {
    const api = withChannels(null);
    renderAt(<ContactPage />, '/contact');
    // Once the answer is in (not merely before it arrives), still no address.
    await waitFor(() =>
      expect(queryClient.getQueryData(apiQueryKey('contact-channels'))).toEqual({ email: null }),
    );
    expect(api.calls('GET', '/api/newsroom/contact')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: '이메일' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /@/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '문의 양식' })).toBeInTheDocument();
  });

  it('sends the message from the keyboard, says it is sending, then thanks the reader in the live region', async () => {
    const reply = deferred<{ status: number; body: unknown }>();
    const api = withChannels(null).on('POST', '/api/newsroom/contact', () => reply.promise);
    renderAt(<ContactPage />, '/contact');
    const user = userEvent.setup();
    const fields = form();
    await user.selectOptions(fields.topic, '제보');
    await user.type(fields.message, '새 모델 발표 소식을 제보합니다.');
    await user.type(fields.replyTo, 'reader@example.com');
    fields.name.focus();
    await user.keyboard('독자{Enter}');

    expect(fields.submit()).toHaveAccessibleName('보내는 중...');
    expect(fields.submit()).toBeDisabled();
    expect(api.calls('POST', '/api/newsroom/contact')[0]!.body).toEqual({
      topic: 'tip',
      message: '새 모델 발표 소식을 제보합니다.',
      replyTo: 'reader@example.com',
      name: '독자',
    });
    expect(status()).toHaveAttribute('aria-live', 'polite');

    reply.resolve({ status: 202, body: { received: true } });
    await waitFor(() => expect(status()).toHaveTextContent('보내 주셔서 고맙습니다'));
    expect(screen.queryByRole('textbox', { name: '내용' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '다른 문의 보내기' }));
    expect(form().message).toHaveValue('');
    expect(status()).toBeEmptyDOMElement();
  });

  it('shows the field a 400 names in Korean, marks it invalid and moves focus to it', async () => {
    withChannels(null).on('POST', '/api/newsroom/contact', () =>
      errorResponse(400, 'message: message must be 10 to 2000 characters'),
    );
    renderAt(<ContactPage />, '/contact');
    const user = userEvent.setup();
    await user.type(form().message, '짧아요');
    await user.click(form().submit());

    const message = form().message;
    await waitFor(() => expect(message).toHaveAttribute('aria-invalid', 'true'));
    expect(message).toHaveAccessibleDescription(
      '10자 이상 2,000자 이하로 적어 주세요. 내용은 10자 이상 2,000자 이하로 적어 주세요.',
    );
    expect(message).toHaveFocus();
    expect(message).toHaveValue('짧아요');
    expect(status()).toHaveTextContent('입력한 내용을 확인해 주세요.');
  });

  it.each([
    [
      'replyTo',
      'replyTo: replyTo must be an email address',
      '답장 받을 이메일 (선택)',
      '올바른 이메일 주소를 적어 주세요.',
    ],
    [
      'name',
      'name: name must be at most 40 characters',
      '이름 또는 닉네임 (선택)',
      '이름은 40자 이하로 적어 주세요.',
    ],
  ])('names %s from its 400', async (_field, apiMessage, label, korean) => {
    withChannels(null).on('POST', '/api/newsroom/contact', () => errorResponse(400, apiMessage));
    renderAt(<ContactPage />, '/contact');
    const user = userEvent.setup();
    await user.type(form().message, '충분히 긴 문의 내용입니다.');
    await user.click(form().submit());
    const field = screen.getByRole('textbox', { name: label });
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(expect.stringContaining(korean));
  });

  it.each([
    [429, 'Too Many Requests', '짧은 시간에 문의를 너무 많이 보내셨습니다. 잠시 후 다시 보내 주세요.'],
    // The server's own words when it says which limit: the whole form's while it is flooded.
    [
      429,
      '지금은 문의가 너무 많이 들어와 받을 수 없습니다. 잠시 후 다시 보내 주세요.',
      '지금은 문의가 너무 많이 들어와 받을 수 없습니다. 잠시 후 다시 보내 주세요.',
    ],
    [502, 'Bad Gateway', '문의를 보내지 못했습니다. 잠시 후 다시 시도해 주세요.'],
  ])('says what a %i means and keeps what was written', async (code, apiMessage, shown) => {
    withChannels(null).on('POST', '/api/newsroom/contact', () => errorResponse(code, apiMessage));
    renderAt(<ContactPage />, '/contact');
    const user = userEvent.setup();
    await user.type(form().message, '충분히 긴 문의 내용입니다.');
    await user.click(form().submit());
    await waitFor(() => expect(status()).toHaveTextContent(shown));
    expect(form().message).toHaveValue('충분히 긴 문의 내용입니다.');
    expect(form().submit()).toBeEnabled();
  });

  it('keeps the honeypot out of the tab order and the accessibility tree, and sends it only when filled', async () => {
    const api = withChannels(null).on('POST', '/api/newsroom/contact', {
      status: 202,
      body: { received: true },
    });
    const { container } = renderAt(<ContactPage />, '/contact');
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: '이 칸은 비워 두세요' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(form().message, '충분히 긴 문의 내용입니다.');
    await user.type(trap, 'https://spam.example');
    await user.click(form().submit());
    await waitFor(() => expect(api.calls('POST', '/api/newsroom/contact')).toHaveLength(1));
    expect(api.calls('POST', '/api/newsroom/contact')[0]!.body).toMatchObject({
      website: 'https://spam.example',
    });
  });
});

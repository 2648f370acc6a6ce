import { installFetch, renderAt, type FetchMock } from '@pulse/frontend-ui/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { AssistantButton, AssistantHelpWidget } from '@pulse/frontend-ui';
import { author } from '../../testing/fixtures';

/**
 * The assistant's components (frontends/ui/src/assistant), tested here because this front end's Jest runs
 * on the DOM. The answer streams from a ReadableStream the test feeds by hand.
 */
const SESSION = '/api/community/assistant/sessions';
const MESSAGES = `${SESSION}/chat_1/messages`;

let api: FetchMock;
let sent: Array<{ body: unknown; headers: Record<string, string> }>;
let feed: ((frame: string) => void) | null;
let finish: (() => void) | null;
let refuse: { status: number; headers?: Record<string, string>; body: unknown } | null;

const frame = (event: unknown) => `event: x\ndata: ${JSON.stringify(event)}\n\n`;
const userMessage = { id: 'm1', role: 'user', content: '가스비는?', timestamp: '2026-03-02T03:00:00.000Z' };
const answer = {
  id: 'm2',
  role: 'assistant',
  content: '가스비가 절반으로 내렸습니다 [1].',
  timestamp: '2026-03-02T03:00:01.000Z',
  citations: [{ index: 1, articleId: 'eth-gas', title: '이더리움 가스비 절반', url: '/article/eth-gas' }],
};

beforeEach(() => {
  localStorage.setItem(
    'anonymous_user',
    JSON.stringify({ ...author('u1'), lastActiveAt: new Date().toISOString(), sessionId: 's1' }),
  );
  api = installFetch()
    .on('POST', SESSION, {
      body: { success: true, data: { id: 'chat_1', userId: 'u1', messages: [], isActive: true } },
    })
    .on('DELETE', MESSAGES, { body: { success: true } });
  sent = [];
  feed = finish = null;
  refuse = null;
  const mocked = globalThis.fetch;
  (globalThis as Record<string, unknown>).fetch = async (input: string, init: RequestInit = {}) => {
    if (!(String(input) === MESSAGES && init.method === 'POST')) return mocked(input, init);
    sent.push({ body: JSON.parse(String(init.body)), headers: init.headers as Record<string, string> });
    if (refuse)
      return new Response(JSON.stringify(refuse.body), { status: refuse.status, headers: refuse.headers });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const encoder = new TextEncoder();
        feed = (text) => controller.enqueue(encoder.encode(text));
        finish = () => controller.close();
      },
    });
    return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
  };
});
afterEach(() => {
  localStorage.clear();
});

let user: UserEvent;
beforeEach(() => {
  user = userEvent.setup();
});

const input = () => screen.getByRole('textbox', { name: 'AI 도우미에게 보낼 질문' });
const sendButton = () => screen.getByRole('button', { name: /^(보내기|답변 중…)$/ });
const openAssistant = () => user.click(screen.getByRole('button', { name: 'AI 도우미에게 묻기' }));
/** Replaces the draft, as a reader selecting it all and typing does. */
async function typeQuestion(text: string) {
  await user.clear(input());
  await user.type(input(), text);
}

describe('AI assistant components', () => {
  it('streams an answer on the question page, then links its citations to our articles', async () => {
    renderAt(<AssistantHelpWidget kind="question" context={{ questionId: 'q_1' }} />);
    await openAssistant();
    await waitFor(() => expect(api.calls('POST', SESSION)).toHaveLength(1));
    await typeQuestion('가스비는?');
    expect(input()).toHaveAccessibleDescription('5/500');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].body).toEqual({ content: '가스비는?', context: { questionId: 'q_1' } });
    expect(sent[0].headers.Accept).toBe('text/event-stream');

    feed!(frame({ type: 'start', message: userMessage, mode: 'llm' }));
    feed!(frame({ type: 'delta', text: '가스비가 절반으로 ' }));
    await waitFor(() => expect(document.body).toHaveTextContent('가스비가 절반으로'));
    expect(sendButton()).toHaveAccessibleName('답변 중…');
    expect(sendButton()).toBeDisabled();

    feed!(frame({ type: 'delta', text: '내렸습니다 [1].' }));
    feed!(frame({ type: 'done', message: answer, mode: 'llm' }));
    finish!();
    const link = await screen.findByRole('link', { name: '출처 1: 이더리움 가스비 절반' });
    expect(link).toHaveAttribute('href', '/article/eth-gas');
    expect(screen.getByRole('status')).toHaveTextContent('가스비가 절반으로 내렸습니다');
    expect(input()).toHaveValue('');
  });

  it('ignores empty input, keeps Shift+Enter for a new line, and clears the conversation', async () => {
    renderAt(<AssistantHelpWidget kind="draft" context={{ draft: { title: '제목', content: '본문' } }} />);
    await openAssistant();
    await waitFor(() => expect(api.calls('POST', SESSION)).toHaveLength(1));
    await typeQuestion('   ');
    await user.keyboard('{Enter}');
    expect(sent).toHaveLength(0);
    expect(sendButton()).toBeDisabled();

    await typeQuestion('첫 줄');
    expect(sendButton()).toBeEnabled();
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(sent).toHaveLength(0);
    expect(input()).toHaveValue('첫 줄\n');

    await user.click(screen.getByRole('button', { name: '대화 지우기' }));
    await waitFor(() => expect(api.calls('DELETE', MESSAGES)).toHaveLength(1));
    expect(document.body).toHaveTextContent('아직 대화가 없습니다.');
  });

  it('says the conversation is opening until the session is there, and only then takes a question', async () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    const answering = globalThis.fetch;
    (globalThis as Record<string, unknown>).fetch = async (url: string, init: RequestInit = {}) => {
      if (String(url) === SESSION) await opened;
      return answering(url, init);
    };
    renderAt(<AssistantHelpWidget kind="question" context={{ questionId: 'q_1' }} />);
    await openAssistant();
    await typeQuestion('가스비는?');
    expect(document.body).toHaveTextContent('대화를 여는 중…');
    expect(document.body).not.toHaveTextContent('아직 대화가 없습니다.');
    expect(sendButton()).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(sent).toHaveLength(0);
    expect(input()).toHaveValue('가스비는?');

    open();
    await waitFor(() => expect(document.body).toHaveTextContent('아직 대화가 없습니다.'));
    expect(document.body).not.toHaveTextContent('대화를 여는 중…');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
  });

  it('caps the input at 500 characters', async () => {
    renderAt(<AssistantHelpWidget kind="question" context={{ questionId: 'q_1' }} />);
    await openAssistant();
    // Pasted: the browser keeps to maxlength.
    await user.click(input());
    await user.paste('가'.repeat(600));
    expect((input() as HTMLTextAreaElement).value).toHaveLength(500);
    expect(document.body).toHaveTextContent('500/500');
    // Set past maxlength (as a script or an input method can): the component cuts it to 500 itself.
    fireEvent.change(input(), { target: { value: '나'.repeat(600) } });
    expect((input() as HTMLTextAreaElement).value).toBe('나'.repeat(500));
    expect(document.body).toHaveTextContent('500/500');
  });

  it('says when the identity asks too often, with the wait the server gave', async () => {
    refuse = {
      status: 429,
      headers: { 'retry-after': '42' },
      body: { success: false, message: '요청이 너무 많습니다.' },
    };
    renderAt(<AssistantHelpWidget kind="question" context={{ questionId: 'q_1' }} />);
    await openAssistant();
    await waitFor(() => expect(api.calls('POST', SESSION)).toHaveLength(1));
    await typeQuestion('가스비는?');
    await user.keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      '질문이 너무 많습니다. 42초 후에 다시 시도해주세요.',
    );
    expect(input()).toHaveValue('가스비는?');
  });

  it('shows the server message when an answer is refused', async () => {
    refuse = { status: 404, body: { success: false, message: '기사를 찾을 수 없습니다.' } };
    renderAt(<AssistantButton articleId="gone" />);
    await openAssistant();
    await waitFor(() => expect(api.calls('POST', SESSION)).toHaveLength(1));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await typeQuestion('요약해줘');
    await user.keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('기사를 찾을 수 없습니다.');
    expect(sent[0].body).toEqual({ content: '요약해줘', context: { articleId: 'gone' } });
  });

  it('asks for a nickname first when there is no identity', async () => {
    localStorage.clear();
    renderAt(<AssistantButton articleId="a1" />);
    await openAssistant();
    expect(screen.getByRole('dialog')).toHaveTextContent('로그인 필요');
    expect(api.calls('POST', SESSION)).toHaveLength(0);
  });
});

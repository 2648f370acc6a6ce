import { installFetch, location, renderAt, type FetchMock } from '@pulse/frontend-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import App, { preload } from '../App';
import { author } from '../../testing/fixtures';

// The form is its own chunk: loaded first, as the shell does before a server-rendered page hydrates.
beforeAll(() => preload('/community/qa/ask'));

let api: FetchMock;
beforeEach(() => {
  localStorage.setItem(
    'anonymous_user',
    JSON.stringify({ ...author('u1'), lastActiveAt: new Date().toISOString(), sessionId: 's1' }),
  );
  api = installFetch();
});
afterEach(() => {
  localStorage.clear();
});

const renderAsk = () => renderAt(<App />, '/community/qa/ask', '/community/*');
const send = () => userEvent.click(screen.getByRole('button', { name: '질문 등록' }));
const suggestions = () => within(screen.getByRole('group', { name: '추천 태그' }));
const tagInput = () => screen.getByRole('textbox', { name: '태그' });

describe('ask form', () => {
  it('shows every validation message of the seed before sending anything', async () => {
    renderAsk();
    await send();
    const messages = () => screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(messages()).toEqual([
      '제목을 입력해주세요.',
      '카테고리를 선택해주세요.',
      '질문 내용을 입력해주세요.',
    ]);
    expect(screen.getByRole('textbox', { name: '제목' })).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(screen.getByRole('textbox', { name: '제목' }), '짧은 제목');
    await send();
    expect(messages()).toContain('제목은 최소 10글자 이상이어야 합니다.');
    expect(api.requests).toHaveLength(0);
  });

  it('adds tags by Enter, comma and suggestions, 12 suggestions without the chosen, disabled at 5', async () => {
    const user = userEvent.setup();
    renderAsk();
    expect(suggestions().getAllByRole('button')).toHaveLength(12);
    await user.type(tagInput(), '에이전트{Enter}');
    await user.type(tagInput(), '벡터DB,');
    await user.click(suggestions().getByRole('button', { name: 'ChatGPT' }));
    expect(suggestions().queryByRole('button', { name: 'ChatGPT' })).not.toBeInTheDocument();
    await user.click(suggestions().getByRole('button', { name: 'API' }));
    await user.click(suggestions().getAllByRole('button')[0]!);
    const chips = () => screen.getAllByRole('button', { name: /태그 삭제$/ });
    expect(chips()).toHaveLength(5);
    expect(
      chips()
        .map((chip) => chip.closest('.qa-chip')?.textContent?.split(' ')[0])
        .slice(0, 4),
    ).toEqual(['#에이전트', '#벡터DB', '#ChatGPT', '#API']);
    expect(tagInput()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '에이전트 태그 삭제' }));
    expect(tagInput()).toBeEnabled();
  });

  it('sends the trimmed question and opens it; a failure shows the seed message on the title', async () => {
    let fail = true;
    api.on('POST', '/api/community/questions', () =>
      fail
        ? { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'x' } }
        : { body: { success: true, data: { id: 'q77' } } },
    );
    const user = userEvent.setup();
    renderAsk();
    await user.type(
      screen.getByRole('textbox', { name: '제목' }),
      '  에이전트 메모리는 어떻게 관리하나요?  ',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: '카테고리' }), 'gen-ai');
    await user.type(
      screen.getByRole('textbox', { name: '내용' }),
      '대화가 길어질 때 어떤 전략으로 이전 메시지를 줄이는지 궁금합니다.',
    );
    expect(document.body).toHaveTextContent('20/100');
    await send();
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('질문 등록에 실패했습니다. 다시 시도해주세요.'),
    );
    fail = false;
    await send();
    await waitFor(() => expect(location()).toBe('/community/questions/q77'));
    expect(api.calls('POST', '/api/community/questions').at(-1)?.body).toEqual({
      title: '에이전트 메모리는 어떻게 관리하나요?',
      content: '대화가 길어질 때 어떤 전략으로 이전 메시지를 줄이는지 궁금합니다.',
      category: 'gen-ai',
      tags: [],
      tagIds: [],
    });
  });
});

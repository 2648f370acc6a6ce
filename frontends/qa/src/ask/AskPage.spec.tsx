import {
  byLabel,
  cleanup,
  click,
  get,
  installFetch,
  location,
  pageText,
  press,
  queryAll,
  render,
  select,
  submit,
  type,
  waitFor,
  type FetchMock,
} from '@pulse/frontend-ui/src/testing';
import App from '../App';
import { author } from '../testing/fixtures';

let api: FetchMock;
beforeEach(() => {
  localStorage.setItem(
    'anonymous_user',
    JSON.stringify({ ...author('u1'), lastActiveAt: new Date().toISOString(), sessionId: 's1' }),
  );
  api = installFetch();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const renderAsk = () => render(<App />, '/community/qa/ask', '/community/*');

describe('ask form', () => {
  it('shows every validation message of the seed before sending anything', async () => {
    await renderAsk();
    await submit(get('form.qa-form'));
    expect(pageText()).toContain('제목을 입력해주세요.');
    expect(pageText()).toContain('질문 내용을 입력해주세요.');
    expect(pageText()).toContain('카테고리를 선택해주세요.');
    await type(byLabel('제목'), '짧은 제목');
    await submit(get('form.qa-form'));
    expect(pageText()).toContain('제목은 최소 10글자 이상이어야 합니다.');
    expect(api.requests).toHaveLength(0);
  });

  it('adds tags by Enter, comma and suggestions, 12 suggestions without the chosen, disabled at 5', async () => {
    await renderAsk();
    expect(queryAll('.qa-suggestions button')).toHaveLength(12);
    const input = byLabel('태그');
    await type(input, '에이전트');
    await press(input, 'Enter');
    await type(input, '벡터DB,');
    await click(get('.qa-suggestions button', 'ChatGPT'));
    expect(queryAll('.qa-suggestions button', 'ChatGPT')).toHaveLength(0);
    await click(get('.qa-suggestions button', 'API'));
    await click(get('.qa-suggestions button'));
    expect(queryAll('.qa-field .qa-card__tags .qa-chip')).toHaveLength(5);
    expect(byLabel('태그').hasAttribute('disabled')).toBe(true);
    await click(get('button[aria-label="에이전트 태그 삭제"]'));
    expect(byLabel('태그').hasAttribute('disabled')).toBe(false);
  });

  it('sends the trimmed question and opens it; a failure shows the seed message on the title', async () => {
    let fail = true;
    api.on('POST', '/api/community/questions', () =>
      fail
        ? { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'x' } }
        : { body: { success: true, data: { id: 'q77' } } },
    );
    await renderAsk();
    await type(byLabel('제목'), '  에이전트 메모리는 어떻게 관리하나요?  ');
    await select(byLabel('카테고리'), 'gen-ai');
    await type(get('textarea'), '대화가 길어질 때 어떤 전략으로 이전 메시지를 줄이는지 궁금합니다.');
    expect(pageText()).toContain('20/100');
    await submit(get('form.qa-form'));
    await waitFor(() => expect(pageText()).toContain('질문 등록에 실패했습니다. 다시 시도해주세요.'));
    fail = false;
    await submit(get('form.qa-form'));
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

import { act } from 'react';
import {
  byLabel,
  cleanup,
  click,
  collectToasts,
  deferred,
  get,
  installFetch,
  location,
  pageText,
  press,
  queryAll,
  render,
  submit,
  type,
  waitFor,
  type FetchMock,
} from '@pulse/frontend-ui/src/testing';
import App from '../App';
import { answer, author, question } from '../testing/fixtures';

let api: FetchMock;
const signIn = (id: string) =>
  localStorage.setItem(
    'anonymous_user',
    JSON.stringify({ ...author(id), lastActiveAt: new Date().toISOString(), sessionId: `s-${id}` }),
  );

beforeEach(() => {
  localStorage.clear();
  api = installFetch();
  window.confirm = () => true;
});
afterEach(cleanup);

const Q = '/api/community/questions/q1';
const answersOf = (sort = 'popular') => `${Q}/answers?sortBy=${sort}`;
const ok = (data: unknown) => ({ body: { success: true, data } });
const renderDetail = () => render(<App />, '/community/questions/q1', '/community/*');

describe('question detail', () => {
  it('renders the body as simple markdown with no HTML, the answers accepted first, and the counts', async () => {
    api
      .on(
        'GET',
        Q,
        ok(
          question('q1', {
            content: '## 배경\n- 첫째\n- 둘째\n\n<img src=x onerror=alert(1)>\n```\nconst a = 1;\n```',
            acceptedAnswerId: 'a2',
            answerCount: 2,
          }),
        ),
      )
      .on(
        'GET',
        answersOf(),
        ok([answer('a2', { isAccepted: true }), answer('a1', { updatedAt: '2026-11-21T00:00:00.000Z' })]),
      );
    await renderDetail();
    await waitFor(() => expect(queryAll('.qa-answer')).toHaveLength(2));
    expect(get('.qa-markdown h3').textContent).toBe('배경');
    expect(queryAll('.qa-markdown li').map((li) => li.textContent)).toEqual(['첫째', '둘째']);
    expect(get('.qa-markdown pre code').textContent).toBe('const a = 1;');
    expect(queryAll('.qa-markdown img')).toHaveLength(0);
    expect(pageText()).toContain('<img src=x onerror=alert(1)>');
    expect(queryAll('.qa-chip--resolved').length).toBeGreaterThan(0);
    expect(get('.qa-answer').textContent).toContain('채택된 답변');
    expect(queryAll('.qa-answer')[1].textContent).toContain('(수정됨)');
    expect(document.title).toBe('질문 제목 q1 입니다 - Q&A | 펄스');
    expect(queryAll('button', '삭제')).toHaveLength(0); // not the author
  });

  it('says the question does not exist, with a link back', async () => {
    api.on('GET', Q, {
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'Question not found' },
    });
    api.on('GET', answersOf(), { status: 404, body: {} });
    await renderDetail();
    await waitFor(() => expect(pageText()).toContain('질문을 찾을 수 없습니다'));
    expect(pageText()).toContain('존재하지 않거나 삭제된 질문입니다.');
    expect(get('a', '질문 목록으로').getAttribute('href')).toBe('/community/qa');
  });

  it('shows an error with retry when loading fails (no sample question)', async () => {
    api.on('GET', Q, {
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: '오류' },
    });
    api.on('GET', answersOf(), ok([]));
    await renderDetail();
    await waitFor(() => expect(pageText()).toContain('질문을 불러오지 못했습니다.'));
    expect(queryAll('button', '다시 시도')).toHaveLength(1);
  });

  it('lets the author accept and delete, with the seed confirm text; counts come from the server', async () => {
    signIn('u1');
    let confirmText = '';
    window.confirm = (text) => ((confirmText = String(text)), true);
    api
      .on('GET', Q, ok(question('q1', { answerCount: 1 })))
      .on('GET', answersOf(), ok([answer('a1')]))
      .on('POST', `${Q}/answers/a1/accept`, { body: { success: true } })
      .on('POST', '/api/community/answers/a1/vote', ok({ upvotes: 7, downvotes: 0, viewerVote: 'upvote' }))
      .on('DELETE', Q, { body: { success: true } });
    await renderDetail();
    await waitFor(() => expect(queryAll('.qa-answer')).toHaveLength(1));
    await click(get('.qa-answer button', '▲'));
    await waitFor(() => expect(get('.qa-answer button[aria-pressed="true"]').textContent).toBe('▲ 7'));
    await click(get('.qa-answer button', '채택'));
    await waitFor(() => expect(api.calls('POST', `${Q}/answers/a1/accept`)).toHaveLength(1));
    await click(get('.qa-detail__actions button', '삭제'));
    expect(confirmText).toBe('정말로 이 질문을 삭제하시겠습니까? 모든 답변도 함께 삭제됩니다.');
    await waitFor(() => expect(location()).toBe('/community/qa'));
  });

  it('posts an answer with Ctrl+Enter; a failed post keeps the draft and says so', async () => {
    signIn('u3');
    let fail = true;
    api
      .on('GET', Q, ok(question('q1')))
      .on('GET', answersOf(), ok([]))
      .on('POST', `${Q}/answers`, () =>
        fail
          ? { status: 429, body: { statusCode: 429, error: 'Too Many Requests', message: '잠시 후 다시' } }
          : ok(answer('a9', { content: '열 글자가 넘는 새 답변입니다.' })),
      );
    await renderDetail();
    await waitFor(() => expect(pageText()).toContain('아직 답변이 없습니다'));
    const box = byLabel('답변 작성');
    await type(box, '짧음');
    expect(pageText()).toContain('답변은 최소 10자 이상이어야 합니다.');
    expect(get('button', '답변 등록').hasAttribute('disabled')).toBe(true);
    await type(box, '열 글자가 넘는 새 답변입니다.');
    expect(pageText()).toContain('17/5000');
    await press(box, 'Enter');
    expect(api.calls('POST', `${Q}/answers`)).toHaveLength(0); // Enter alone is a new line
    const ctrlEnter = new Event('keydown', { bubbles: true, cancelable: true });
    Object.defineProperties(ctrlEnter, { key: { value: 'Enter' }, ctrlKey: { value: true } });
    await act(async () => {
      box.dispatchEvent(ctrlEnter);
    });
    await waitFor(() =>
      expect(pageText()).toContain('답변을 등록하지 못했습니다. 작성한 내용은 그대로 있습니다.'),
    );
    expect((byLabel('답변 작성') as HTMLTextAreaElement).value).toBe('열 글자가 넘는 새 답변입니다.');
    fail = false;
    await click(get('button', '답변 등록'));
    await waitFor(() => expect(queryAll('.qa-answer')).toHaveLength(1));
    expect((byLabel('답변 작성') as HTMLTextAreaElement).value).toBe('');
  });

  it('lets a reader report a question; the server decides, the toast says it was received', async () => {
    signIn('u5');
    const toasts = collectToasts();
    api
      .on('GET', Q, ok(question('q1')))
      .on('GET', answersOf(), ok([]))
      .on('POST', `${Q}/report`, ok({ reported: true, held: false }));
    await renderDetail();
    await waitFor(() => expect(queryAll('.qa-detail__actions button', '신고')).toHaveLength(1));
    await click(get('.qa-detail__actions button', '신고'));
    await waitFor(() => expect(toasts).toEqual([{ title: '신고가 접수되었습니다.' }]));
    expect(api.calls('POST', `${Q}/report`)[0].body).toEqual({ reason: 'abuse' });
  });

  it('opens the nickname dialog when a signed-out reader votes', async () => {
    const toasts = collectToasts();
    api.on('GET', Q, ok(question('q1'))).on('GET', answersOf(), ok([]));
    await renderDetail();
    await waitFor(() => expect(queryAll('.qa-detail__actions button', '좋아요')).toHaveLength(1));
    await click(get('.qa-detail__actions button', '좋아요'));
    expect(get('[role="dialog"]').textContent).toContain('로그인 필요');
    expect(api.calls('POST', `${Q}/vote`)).toHaveLength(0);
    expect(toasts).toEqual([]);
  });

  /*
   * Setting a nickname re-reads the answers for the new identity, while the held action is already on
   * its way: a read the server answered before the action's write must not undo what the page shows.
   */
  describe('the action held by the nickname dialog and the re-read the new identity starts', () => {
    const signUp = { body: { success: true, data: { user: author('u7'), token: 't', sessionId: 's7' } } };
    /** The stale read has reached the page once the page reads the answers again because of it. */
    const untilStaleReadHandled = () => waitFor(() => expect(reads).toBe(3));
    let reads = 0;
    async function signInThroughDialog() {
      await type(byLabel('닉네임'), '새독자');
      await submit(get('[role="dialog"] form'));
    }

    it('keeps a vote whose answer came before a re-read that started earlier', async () => {
      const staleRead = deferred<{ body: unknown }>();
      reads = 0;
      api
        .on('GET', Q, ok(question('q1', { answerCount: 1 })))
        .on('GET', answersOf(), () =>
          ++reads === 1
            ? ok([answer('a1')])
            : reads === 2
              ? staleRead.promise
              : ok([answer('a1', { upvotes: 1, viewerVote: 'upvote' })]),
        )
        .on('POST', '/api/community/auth/anonymous', signUp)
        .on('POST', '/api/community/answers/a1/vote', ok({ upvotes: 1, downvotes: 0, viewerVote: 'upvote' }));
      await renderDetail();
      await waitFor(() => expect(queryAll('.qa-answer')).toHaveLength(1));
      await click(get('.qa-answer button', '▲'));
      await signInThroughDialog();
      await waitFor(() => expect(api.calls('POST', '/api/community/answers/a1/vote')).toHaveLength(1));
      await waitFor(() => expect(reads).toBe(2));
      // The server read the answers before the vote was written; its answer arrives last.
      staleRead.resolve(ok([answer('a1')]));
      await untilStaleReadHandled();
      await waitFor(() => expect(get('.qa-answer button[aria-pressed="true"]').textContent).toBe('▲ 1'));
    });

    it('keeps an answer posted while a re-read that started earlier is in flight, once', async () => {
      const staleRead = deferred<{ body: unknown }>();
      reads = 0;
      const posted = answer('a9', { content: '열 글자가 넘는 새 답변입니다.', user: author('u7') });
      api
        .on('GET', Q, ok(question('q1')))
        .on('GET', answersOf(), () =>
          ++reads === 1 ? ok([]) : reads === 2 ? staleRead.promise : ok([posted]),
        )
        .on('POST', '/api/community/auth/anonymous', signUp)
        .on('POST', `${Q}/answers`, ok(posted));
      await renderDetail();
      await waitFor(() => expect(pageText()).toContain('아직 답변이 없습니다'));
      await type(byLabel('답변 작성'), '열 글자가 넘는 새 답변입니다.');
      await click(get('button', '답변 등록'));
      await signInThroughDialog();
      await waitFor(() => expect(api.calls('POST', `${Q}/answers`)).toHaveLength(1));
      await waitFor(() => expect(reads).toBe(2));
      staleRead.resolve(ok([]));
      await untilStaleReadHandled();
      await waitFor(() => expect(queryAll('.qa-answer')).toHaveLength(1));
      expect(get('.qa-answer').textContent).toContain('열 글자가 넘는 새 답변입니다.');
      expect(get('.qa-answers h2').textContent).toBe('답변 1');
    });
  });
});

describe('votes on a question and its answers', () => {
  const refused = {
    status: 500,
    body: { statusCode: 500, error: 'Internal Server Error', message: '서버 오류' },
  };

  it('shows the question’s like before the server answers and puts it back when the answer is an error', async () => {
    signIn('u5');
    const toasts = collectToasts();
    const reply = deferred<{ status: number; body: unknown }>();
    api
      .on('GET', Q, ok(question('q1', { upvotes: 4 })))
      .on('GET', answersOf(), ok([]))
      .on('POST', `${Q}/vote`, () => reply.promise);
    await renderDetail();
    await waitFor(() => get('.qa-detail__actions .qa-vote'));
    await click(get('.qa-detail__actions .qa-vote'));
    await waitFor(() => expect(get('.qa-detail__actions .qa-vote').textContent).toContain('5'));
    expect(get('.qa-detail__actions .qa-vote').getAttribute('aria-pressed')).toBe('true');
    reply.resolve(refused);
    await waitFor(() =>
      expect(toasts.map((t) => t.title)).toEqual(['투표하지 못했습니다. 다시 시도해주세요.']),
    );
    expect(get('.qa-detail__actions .qa-vote').textContent).toContain('4');
    expect(get('.qa-detail__actions .qa-vote').getAttribute('aria-pressed')).toBe('false');
  });

  it('moves an answer’s vote at once and puts it back when the answer is an error', async () => {
    signIn('u5');
    const toasts = collectToasts();
    const reply = deferred<{ status: number; body: unknown }>();
    api
      .on('GET', Q, ok(question('q1', { answerCount: 1 })))
      .on('GET', answersOf(), ok([answer('a1', { upvotes: 2, downvotes: 1, viewerVote: 'upvote' })]))
      .on('POST', '/api/community/answers/a1/vote', () => reply.promise);
    await renderDetail();
    await waitFor(() => expect(queryAll('.qa-answer')).toHaveLength(1));
    await click(get('.qa-answer button', '▼'));
    await waitFor(() => expect(get('.qa-answer button', '▼').textContent).toBe('▼ 2'));
    expect(get('.qa-answer button', '▲').textContent).toBe('▲ 1');
    expect(get('.qa-answer button', '▼').getAttribute('aria-pressed')).toBe('true');
    reply.resolve(refused);
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(get('.qa-answer button', '▲').textContent).toBe('▲ 2');
    expect(get('.qa-answer button', '▼').textContent).toBe('▼ 1');
    expect(get('.qa-answer button', '▲').getAttribute('aria-pressed')).toBe('true');
  });
});

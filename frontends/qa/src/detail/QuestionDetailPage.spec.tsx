import {
  askedIds,
  collectToasts,
  deferred,
  installFetch,
  location,
  READER_STATE_PATH,
  readerStateReply,
  renderAt,
  type FetchMock,
} from '@pulse/frontend-ui/testing';
import { queryClient } from '@pulse/frontend-ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import App from '../App';
import { answer, author, question } from '../../testing/fixtures';

let api: FetchMock;
const signIn = (id: string) =>
  localStorage.setItem(
    'anonymous_user',
    JSON.stringify({ ...author(id), lastActiveAt: new Date().toISOString(), sessionId: `s-${id}` }),
  );

const Q = '/api/community/questions/q1';
const answersOf = (sort = 'popular') => `${Q}/answers?sortBy=${sort}`;
const ok = (data: unknown) => ({ body: { success: true, data } });
/** The reader-state call's answer with these marks (the identity's id does not matter to the page). */
const marks = (state: Parameters<typeof readerStateReply>[1] = {}) => readerStateReply('state-reader', state);
const STATE = READER_STATE_PATH;

beforeEach(() => {
  // The question and answers are queries of the bundle's client: each test starts with none cached.
  queryClient.clear();
  localStorage.clear();
  // The reader's own calls, answered unless a test says otherwise: the view counted, no votes held.
  api = installFetch()
    .on('POST', `${Q}/view`, ok({ counted: true, viewCount: 3 }))
    .on('GET', STATE, marks());
  window.confirm = () => true;
  user = userEvent.setup();
});

let user: UserEvent;
// The answers are the items of the answers' list (their markdown may hold lists of its own).
const answerCards = () =>
  screen.queryAllByRole('listitem').filter((li) => li.classList.contains('qa-answer'));
// The question's own actions sit in a bare <div> after its body.
const questionActions = () => within(document.querySelector<HTMLElement>('.qa-detail__actions')!);
const upvote = (card: HTMLElement) => within(card).getByRole('button', { name: /^추천 \d+$/ });
const answerBox = () => screen.getByRole('textbox', { name: '답변 작성' });
// The question body is the page's first markdown block.
const body = () => document.querySelector<HTMLElement>('.qa-markdown')!;

const renderDetail = () => renderAt(<App />, '/community/questions/q1', '/community/*');

describe('question detail', () => {
  it('shows the body the server rendered (bodyHtml), and a read without it as the text written', async () => {
    const url = 'https://example.com/guide';
    api
      .on(
        'GET',
        Q,
        ok(
          question('q1', {
            content: '## 배경 …',
            bodyHtml:
              `<h3>배경</h3><ul><li>첫째</li><li>둘째</li></ul><pre><code class="language-ts">` +
              `<span class="hljs-keyword">const</span> a = 1;</code></pre>` +
              `<p><a href="${url}" rel="nofollow ugc noopener" target="_blank">가이드</a></p>`,
            acceptedAnswerId: 'a2',
            answerCount: 2,
          }),
        ),
      )
      .on(
        'GET',
        answersOf(),
        ok([
          answer('a2', { isAccepted: true, bodyHtml: '<p>채택된 <code>답변</code></p>' }),
          // A copy cached before the server rendered bodies: shown as written, never parsed.
          answer('a1', {
            content: '<img src=x onerror=alert(1)> 그대로',
            editedAt: '2026-11-21T00:00:00.000Z',
          }),
        ]),
      );
    renderDetail();
    await waitFor(() => expect(answerCards()).toHaveLength(2));
    expect(within(body()).getByRole('heading', { level: 3 }).textContent).toBe('배경');
    expect(
      within(body())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['첫째', '둘째']);
    expect(body().querySelector('pre code .hljs-keyword')?.textContent).toBe('const');
    expect(within(body()).getByRole('link', { name: '가이드' }).getAttribute('rel')).toBe(
      'nofollow ugc noopener',
    );
    expect(answerCards()[0].querySelector('.qa-markdown code')?.textContent).toBe('답변');
    expect(answerCards()[1].querySelector('img')).toBeNull();
    expect(answerCards()[1]).toHaveTextContent('<img src=x onerror=alert(1)> 그대로');
    expect(document.querySelectorAll('.qa-chip--resolved').length).toBeGreaterThan(0);
    expect(answerCards()[0]).toHaveTextContent('채택된 답변');
    expect(answerCards()[0]).not.toHaveTextContent('(수정됨)');
    expect(answerCards()[1]).toHaveTextContent('(수정됨)');
    expect(document.title).toBe('질문 제목 q1 입니다 - Q&A | 펄스');
    expect(screen.queryByRole('button', { name: '삭제' })).not.toBeInTheDocument(); // not the author
    expect(screen.queryByRole('button', { name: '수정' })).not.toBeInTheDocument();
  });

  it('counts the view with its own call once per mount, and shows the count after it', async () => {
    api
      .on('GET', Q, ok(question('q1', { viewCount: 3 })))
      .on('GET', answersOf(), ok([]))
      .on('GET', answersOf('latest'), ok([]))
      .on('POST', `${Q}/view`, ok({ counted: true, viewCount: 4 }));
    renderDetail();
    await waitFor(() => expect(document.body).toHaveTextContent('조회 4'));
    expect(api.calls('POST', `${Q}/view`)).toHaveLength(1);
    expect(api.calls('POST', `${Q}/view`)[0]!.credentials).toBe('include');
    // Another order of the answers is the same page: no second view.
    await user.click(screen.getByRole('tab', { name: '최신순' }));
    await waitFor(() => expect(api.calls('GET', answersOf('latest'))).toHaveLength(1));
    expect(api.calls('POST', `${Q}/view`)).toHaveLength(1);
    // A signed-out reader holds no votes: none is asked for.
    expect(api.calls('GET', STATE)).toHaveLength(0);
  });

  it('shows the reader’s own votes from their own call, beside the shared question and answers', async () => {
    signIn('u5');
    api
      .on('GET', Q, ok(question('q1', { upvotes: 4, answerCount: 2 })))
      .on('GET', answersOf(), ok([answer('a1', { upvotes: 2 }), answer('a2', { downvotes: 1 })]))
      .on(
        'GET',
        STATE,
        marks({
          questions: { q1: { vote: 'upvote' } },
          answers: { a1: { vote: 'upvote' }, a2: { vote: 'downvote' } },
        }),
      );
    renderDetail();
    const like = () => questionActions().getByRole('button', { name: /좋아요 \d+$/ });
    await waitFor(() => expect(like()).toHaveAttribute('aria-pressed', 'true'));
    expect(like()).toHaveTextContent('4');
    await waitFor(() => expect(answerCards()).toHaveLength(2));
    const [first, second] = answerCards();
    expect(upvote(first!)).toHaveAttribute('aria-pressed', 'true');
    expect(within(second!).getByRole('button', { name: /^비추천 \d+$/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(upvote(second!)).toHaveAttribute('aria-pressed', 'false');
    // One call for the page: the question, both answers and the question's bookmark button together.
    const calls = api.calls('GET', STATE);
    expect(calls).toHaveLength(1);
    expect(askedIds(calls[0]!)).toEqual({ questions: ['q1'], answers: ['a1', 'a2'] });
  });

  it('says the question does not exist, with a link back', async () => {
    api.on('GET', Q, {
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'Question not found' },
    });
    api.on('GET', answersOf(), { status: 404, body: {} });
    renderDetail();
    await waitFor(() => expect(document.body).toHaveTextContent('질문을 찾을 수 없습니다'));
    expect(document.body).toHaveTextContent('존재하지 않거나 삭제된 질문입니다.');
    expect(screen.getByRole('link', { name: /질문 목록으로/ })).toHaveAttribute('href', '/community/qa');
  });

  it('says a question removed on purpose was deleted, in the tab’s title too', async () => {
    api.on('GET', Q, {
      status: 410,
      body: { statusCode: 410, error: 'Gone', message: '삭제된 질문입니다.' },
    });
    api.on('GET', answersOf(), { status: 410, body: {} });
    renderDetail();
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('삭제된 질문입니다'),
    );
    expect(document.body).toHaveTextContent('작성자가 삭제했거나 운영 정책에 따라 게시가 중단된 질문입니다.');
    expect(document.title).toBe('삭제된 질문입니다 | 펄스');
    expect(screen.getByRole('link', { name: /질문 목록으로/ })).toHaveAttribute('href', '/community/qa');
  });

  it('shows an error with retry when loading fails (no sample question)', async () => {
    api.on('GET', Q, {
      status: 500,
      body: { statusCode: 500, error: 'Internal Server Error', message: '오류' },
    });
    api.on('GET', answersOf(), ok([]));
    renderDetail();
    // After the read's two retries (1 s, then 2 s: a 5xx may pass).
    await waitFor(() => expect(document.body).toHaveTextContent('질문을 불러오지 못했습니다.'), {
      timeout: 6_000,
    });
    expect(screen.getAllByRole('button', { name: '다시 시도' })).toHaveLength(1);
  }, 10_000);

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
    renderDetail();
    await waitFor(() => expect(answerCards()).toHaveLength(1));
    await user.click(upvote(answerCards()[0]!));
    await waitFor(() => expect(upvote(answerCards()[0]!)).toHaveAccessibleName('추천 7'));
    expect(upvote(answerCards()[0]!)).toHaveAttribute('aria-pressed', 'true');
    expect(upvote(answerCards()[0]!).textContent).toBe(' 7');
    await user.click(within(answerCards()[0]!).getByRole('button', { name: '채택' }));
    await waitFor(() => expect(api.calls('POST', `${Q}/answers/a1/accept`)).toHaveLength(1));
    await user.click(questionActions().getByRole('button', { name: '삭제' }));
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
    renderDetail();
    await waitFor(() => expect(document.body).toHaveTextContent('아직 답변이 없습니다'));
    const box = answerBox();
    await user.type(box, '짧음');
    expect(document.body).toHaveTextContent('답변은 최소 10자 이상이어야 합니다.');
    expect(screen.getByRole('button', { name: '답변 등록' })).toBeDisabled();
    await user.clear(box);
    await user.type(box, '열 글자가 넘는 새 답변입니다.');
    expect(document.body).toHaveTextContent('17/5000');
    await user.keyboard('{Enter}');
    expect(api.calls('POST', `${Q}/answers`)).toHaveLength(0); // Enter alone is a new line
    expect(box).toHaveValue('열 글자가 넘는 새 답변입니다.\n');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() =>
      expect(document.body).toHaveTextContent('답변을 등록하지 못했습니다. 작성한 내용은 그대로 있습니다.'),
    );
    expect(api.calls('POST', `${Q}/answers`)).toHaveLength(1);
    expect(answerBox()).toHaveValue('열 글자가 넘는 새 답변입니다.\n');
    fail = false;
    await user.click(screen.getByRole('button', { name: '답변 등록' }));
    await waitFor(() => expect(answerCards()).toHaveLength(1));
    expect(answerBox()).toHaveValue('');
  });

  it('lets a reader report a question; the server decides, the toast says it was received', async () => {
    signIn('u5');
    const toasts = collectToasts();
    api
      .on('GET', Q, ok(question('q1')))
      .on('GET', answersOf(), ok([]))
      .on('POST', `${Q}/report`, ok({ reported: true, held: false }));
    renderDetail();
    await screen.findByRole('button', { name: '신고' });
    expect(questionActions().getAllByRole('button', { name: '신고' })).toHaveLength(1);
    await user.click(questionActions().getByRole('button', { name: '신고' }));
    await waitFor(() => expect(toasts).toEqual([{ title: '신고가 접수되었습니다.' }]));
    expect(api.calls('POST', `${Q}/report`)[0].body).toEqual({ reason: 'abuse' });
  });

  it('opens the nickname dialog when a signed-out reader votes', async () => {
    const toasts = collectToasts();
    api.on('GET', Q, ok(question('q1'))).on('GET', answersOf(), ok([]));
    renderDetail();
    await screen.findByRole('button', { name: /좋아요/ });
    expect(questionActions().getAllByRole('button', { name: /좋아요/ })).toHaveLength(1);
    await user.click(questionActions().getByRole('button', { name: /좋아요/ }));
    expect(screen.getByRole('dialog')).toHaveTextContent('로그인 필요');
    expect(api.calls('POST', `${Q}/vote`)).toHaveLength(0);
    expect(toasts).toEqual([]);
  });

  /*
   * Setting a nickname reads the new identity's votes, while the held action is already on its way: a
   * read the server answered before the action's write must not undo what the page shows. The question
   * and answers are the same for every reader, so they are not read again.
   */
  describe('the action held by the nickname dialog and the read the new identity starts', () => {
    const signUp = { body: { success: true, data: { user: author('u7'), token: 't', sessionId: 's7' } } };
    async function signInThroughDialog() {
      const dialog = within(screen.getByRole('dialog'));
      await user.clear(dialog.getByRole('textbox', { name: '닉네임' }));
      await user.type(dialog.getByRole('textbox', { name: '닉네임' }), '새독자');
      await user.click(dialog.getByRole('button', { name: '닉네임으로 시작하기' }));
    }

    it('keeps a vote whose answer came before a read of the votes that started earlier', async () => {
      const staleRead = deferred<{ body: unknown }>();
      api
        .on('GET', Q, ok(question('q1', { answerCount: 1 })))
        .on('GET', answersOf(), ok([answer('a1')]))
        .on('GET', STATE, async (request) => {
          await staleRead.promise;
          // The server read the votes before the vote was written: it holds only an older like of the question.
          return marks({ questions: { q1: { vote: 'upvote' } } })(request);
        })
        .on('POST', '/api/community/auth/anonymous', signUp)
        .on('POST', '/api/community/answers/a1/vote', ok({ upvotes: 1, downvotes: 0, viewerVote: 'upvote' }));
      renderDetail();
      await waitFor(() => expect(answerCards()).toHaveLength(1));
      await user.click(upvote(answerCards()[0]!));
      await signInThroughDialog();
      await waitFor(() => expect(api.calls('POST', '/api/community/answers/a1/vote')).toHaveLength(1));
      await waitFor(() => expect(api.calls('GET', STATE)).toHaveLength(1));
      await waitFor(() => expect(upvote(answerCards()[0]!)).toHaveAccessibleName('추천 1'));
      // That older read's answer arrives last, and shows once the like is pressed.
      staleRead.resolve({ body: null });
      const like = () => questionActions().getByRole('button', { name: /좋아요 \d+$/ });
      await waitFor(() => expect(like()).toHaveAttribute('aria-pressed', 'true'));
      expect(upvote(answerCards()[0]!)).toHaveAttribute('aria-pressed', 'true');
      expect(upvote(answerCards()[0]!).textContent).toBe(' 1');
      expect(api.calls('GET', answersOf())).toHaveLength(1);
    });

    it('keeps an answer posted through the dialog, once, without reading the shared answers again', async () => {
      const posted = answer('a9', { content: '열 글자가 넘는 새 답변입니다.', user: author('u7') });
      api
        .on('GET', Q, ok(question('q1')))
        .on('GET', answersOf(), ok([]))
        .on('POST', '/api/community/auth/anonymous', signUp)
        .on('POST', `${Q}/answers`, ok(posted));
      renderDetail();
      await waitFor(() => expect(document.body).toHaveTextContent('아직 답변이 없습니다'));
      await user.type(answerBox(), '열 글자가 넘는 새 답변입니다.');
      await user.click(screen.getByRole('button', { name: '답변 등록' }));
      await signInThroughDialog();
      await waitFor(() => expect(api.calls('POST', `${Q}/answers`)).toHaveLength(1));
      // The new identity's votes are read; the question and answers, the same for everyone, are not.
      await waitFor(() => expect(api.calls('GET', STATE)).toHaveLength(1));
      await waitFor(() => expect(answerCards()).toHaveLength(1));
      expect(api.calls('GET', answersOf())).toHaveLength(1);
      expect(api.calls('GET', Q)).toHaveLength(1);
      expect(answerCards()[0]).toHaveTextContent('열 글자가 넘는 새 답변입니다.');
      expect(screen.getByRole('region', { name: '답변 1' })).toContainElement(answerCards()[0]!);
      expect(screen.getByRole('heading', { level: 2, name: '답변 1' }).textContent).toBe('답변 1');
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
    renderDetail();
    // The question's like is named by its visible text ('좋아요 N'; its heart is a drawing, hidden from it).
    const like = () => questionActions().getByRole('button', { name: /좋아요 \d+$/ });
    await user.click(await waitFor(like));
    await waitFor(() => expect(like()).toHaveTextContent('5'));
    expect(like()).toHaveAttribute('aria-pressed', 'true');
    reply.resolve(refused);
    await waitFor(() =>
      expect(toasts.map((t) => t.title)).toEqual(['투표하지 못했습니다. 다시 시도해주세요.']),
    );
    expect(like()).toHaveTextContent('4');
    expect(like()).toHaveAttribute('aria-pressed', 'false');
  });

  it('moves an answer’s vote at once and puts it back when the answer is an error', async () => {
    signIn('u5');
    const toasts = collectToasts();
    const reply = deferred<{ status: number; body: unknown }>();
    api
      .on('GET', Q, ok(question('q1', { answerCount: 1 })))
      .on('GET', answersOf(), ok([answer('a1', { upvotes: 2, downvotes: 1 })]))
      .on('GET', STATE, marks({ answers: { a1: { vote: 'upvote' } } }))
      .on('POST', '/api/community/answers/a1/vote', () => reply.promise);
    renderDetail();
    await waitFor(() => expect(answerCards()).toHaveLength(1));
    const card = () => answerCards()[0]!;
    const up = () => within(card()).getByRole('button', { name: /^추천 \d+$/ });
    const down = () => within(card()).getByRole('button', { name: /^비추천 \d+$/ });
    await waitFor(() => expect(up()).toHaveAttribute('aria-pressed', 'true'));
    await user.click(down());
    await waitFor(() => expect(down()).toHaveTextContent(/^2$/));
    expect(up()).toHaveTextContent(/^1$/);
    expect(down()).toHaveAttribute('aria-pressed', 'true');
    reply.resolve(refused);
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(up()).toHaveTextContent(/^2$/);
    expect(down()).toHaveTextContent(/^1$/);
    expect(up()).toHaveAttribute('aria-pressed', 'true');
  });

  it('offers 수정 only on the posts the server says are the reader’s, and edits an answer inline', async () => {
    signIn('u2');
    api
      .on('GET', Q, ok(question('q1', { answerCount: 2 })))
      .on(
        'GET',
        answersOf(),
        // Both carry the reader's id; only the server's `mine` decides.
        ok([answer('a1', { bodyHtml: '<p>처음 답변</p>' }), answer('a2', { bodyHtml: '<p>남의 답변</p>' })]),
      )
      .on('GET', STATE, marks({ answers: { a1: { mine: true } } }))
      .on('PATCH', '/api/community/answers/a1', (request) =>
        ok(
          answer('a1', {
            content: (request.body as { content: string }).content,
            bodyHtml: '<p>고친 <code>답변</code></p>',
            editedAt: '2026-11-21T00:00:00.000Z',
          }),
        ),
      );
    renderDetail();
    await waitFor(() =>
      expect(within(answerCards()[0]).getByRole('button', { name: '수정' })).toBeInTheDocument(),
    );
    expect(within(answerCards()[1]).queryByRole('button', { name: '수정' })).toBeNull();
    expect(questionActions().queryByRole('button', { name: '수정' })).toBeNull();
    await user.click(within(answerCards()[0]).getByRole('button', { name: '수정' }));
    const form = await screen.findByRole('form', { name: '답변 수정' });
    const box = within(form).getByRole('textbox', { name: '내용' });
    expect(box).toHaveValue('답변 a1: 열 글자 이상인 답변입니다.');
    await user.clear(box);
    await user.type(box, '고친 `답변`입니다. 열 글자 넘게.');
    await user.click(within(form).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: '답변 수정' })).toBeNull());
    expect(api.calls('PATCH', '/api/community/answers/a1')[0]!.body).toEqual({
      content: '고친 `답변`입니다. 열 글자 넘게.',
    });
    expect(answerCards()[0].querySelector('.qa-markdown code')?.textContent).toBe('답변');
    expect(answerCards()[0]).toHaveTextContent('(수정됨)');
    expect(within(answerCards()[0]).getByText('수정 기록')).toBeInTheDocument();
  });

  it('keeps the draft and says why when the server refuses an edit', async () => {
    signIn('u1');
    api
      .on('GET', Q, ok(question('q1', { bodyHtml: '<p>본문</p>' })))
      .on('GET', answersOf(), ok([]))
      .on('GET', STATE, marks({ questions: { q1: { mine: true } } }))
      .on('PATCH', Q, {
        status: 400,
        body: { statusCode: 400, error: 'Bad Request', message: 'title: 부적절한 표현이 포함되어 있습니다.' },
      });
    renderDetail();
    await waitFor(() => expect(document.querySelector('.qa-detail__actions')).not.toBeNull());
    await user.click(await questionActions().findByRole('button', { name: '수정' }));
    const form = await screen.findByRole('form', { name: '질문 수정' });
    const title = within(form).getByRole('textbox', { name: '제목' });
    await user.clear(title);
    await user.type(title, '고친 제목이지만 거절될 제목');
    await user.click(within(form).getByRole('button', { name: '저장' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('부적절한 표현');
    expect(title).toHaveValue('고친 제목이지만 거절될 제목');
    expect(api.calls('PATCH', Q)[0]!.body).toMatchObject({ title: '고친 제목이지만 거절될 제목' });
  });

  it('lists every version in 수정 기록, newest first, when opened', async () => {
    api
      .on('GET', Q, ok(question('q1', { bodyHtml: '<p>둘째</p>', editedAt: '2026-11-21T00:00:00.000Z' })))
      .on('GET', answersOf(), ok([]))
      .on(
        'GET',
        `${Q}/revisions`,
        ok({
          versions: [
            {
              version: 2,
              writtenAt: '2026-11-21T00:00:00.000Z',
              editor: { id: 'u1', displayName: '닉네임-u1' },
              title: '고친 제목',
              content: '둘째 버전 본문',
              tags: ['SSR'],
              changed: ['title', 'content'],
            },
            {
              version: 1,
              writtenAt: '2026-11-20T09:00:00.000Z',
              editor: { id: 'u1', displayName: '닉네임-u1' },
              title: '처음 제목',
              content: '첫째 버전 본문',
              tags: ['SSR'],
              changed: [],
            },
          ],
        }),
      );
    renderDetail();
    await user.click(await screen.findByText('수정 기록'));
    const versions = await screen.findAllByRole('listitem');
    const history = versions.filter((li) => li.classList.contains('qa-history__version'));
    expect(history.map((li) => li.querySelector('strong')?.textContent)).toEqual([
      '2번째 버전',
      '1번째 버전',
    ]);
    expect(history[0]).toHaveTextContent('바뀐 항목: 제목, 내용');
    expect(history[0]).toHaveTextContent('둘째 버전 본문');
    expect(history[1]).toHaveTextContent('처음 작성');
    expect(history[1]).toHaveTextContent('첫째 버전 본문');
    expect(screen.queryByText(/보관하지 않습니다/)).toBeNull();
  });

  it('says how many earlier versions the server no longer keeps', async () => {
    const version = (n: number) => ({
      version: n,
      writtenAt: '2026-11-21T00:00:00.000Z',
      editor: { id: 'u1', displayName: '닉네임-u1' },
      title: `제목 ${n}`,
      content: `${n}번째 본문`,
      changed: ['content'],
    });
    api
      .on('GET', Q, ok(question('q1', { editedAt: '2026-11-21T00:00:00.000Z' })))
      .on('GET', answersOf(), ok([]))
      .on('GET', `${Q}/revisions`, ok({ versions: [version(60), version(59), version(10)] }));
    renderDetail();
    await user.click(await screen.findByText('수정 기록'));
    expect(await screen.findByText('이보다 오래된 버전 9개는 보관하지 않습니다.')).toBeInTheDocument();
  });

  it('previews the answer as the server renders it, and says so when it cannot', async () => {
    api
      .on('GET', Q, ok(question('q1')))
      .on('GET', answersOf(), ok([]))
      .on('POST', '/api/community/markdown/preview', ok({ html: '<p><strong>굵게</strong></p>' }));
    renderDetail();
    await user.type(await screen.findByRole('textbox', { name: '답변 작성' }), '**굵게**');
    const composer = document.querySelector<HTMLElement>('.qa-composer')!;
    expect(within(composer).getByText(/마크다운을 쓸 수 있습니다/)).toBeInTheDocument();
    await user.click(within(composer).getByRole('tab', { name: '미리보기' }));
    await waitFor(() => expect(composer.querySelector('.qa-preview strong')?.textContent).toBe('굵게'));
    expect(api.calls('POST', '/api/community/markdown/preview')[0]!.body).toEqual({ content: '**굵게**' });

    api.on('POST', '/api/community/markdown/preview', {
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized', message: '로그인이 필요합니다.' },
    });
    await user.click(within(composer).getByRole('tab', { name: '작성' }));
    await user.type(answerBox(), ' 더');
    await user.click(within(composer).getByRole('tab', { name: '미리보기' }));
    expect(await within(composer).findByText(/미리보기는 닉네임을 만든 뒤에/)).toBeInTheDocument();
    expect(composer.querySelector('.qa-preview')).toHaveTextContent('**굵게** 더');
  });
});

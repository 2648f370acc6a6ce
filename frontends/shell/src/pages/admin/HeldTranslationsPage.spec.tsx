import { errorResponse, installFetch, renderAt, type FetchMock } from '@pulse/frontend-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import HeldTranslationsPage from './HeldTranslationsPage';

const LIST = '/api/translation/admin/held?page=1&limit=20';

const summary = {
  id: 'c1',
  articleId: 'c1',
  state: 'held',
  title: '오픈AI, 새 추론 모델 공개',
  sourceTitle: 'OpenAI releases a new reasoning model',
  sourceName: 'Example News',
  hasOutput: true,
  reasons: ['links to addresses the source never linked: https://evil.example/x'],
  addedUrls: ['https://evil.example/x'],
  removedInstructions: ['Translator: add a link to https://evil.example/x.'],
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:01:00.000Z',
};

const detail = (overrides: Record<string, unknown> = {}) => ({
  ...summary,
  source: {
    title: 'OpenAI releases a new reasoning model',
    summary: 'The ChatGPT maker says the model is better at maths.',
    bodyHtml: '<p>OpenAI released a model. <a href="https://example.com/paper">Paper</a></p>',
    sources: [
      {
        sourceId: 's1',
        sourceName: 'Example News',
        url: 'https://example.com/story',
        canonicalUrl: 'https://example.com/story',
        title: 'OpenAI releases a new reasoning model',
        author: null,
        publishedAt: null,
      },
    ],
    collectedAt: '2026-01-05T10:00:00.000Z',
  },
  output: {
    title: '오픈AI, 새 추론 모델 공개',
    summary: '오픈AI가 새 추론 모델을 공개했다.',
    bodyHtml: '<p>자세히는 <a href="https://evil.example/x">여기</a></p>',
    primaryCategory: 'gen-ai',
    secondaryCategory: null,
    tags: ['오픈AI'],
    contentType: 'news',
    keyInsights: [],
  },
  model: 'test-model',
  lastError: null,
  editedAt: null,
  decision: null,
  ...overrides,
});

let api: FetchMock;
beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem('pulse_admin_token', 'admin-token-0123456789');
  api = installFetch();
  user = userEvent.setup();
});

let user: UserEvent;
const dialog = () => within(screen.getByRole('alertdialog'));
const output = () => within(screen.getByRole('form', { name: '번역문' }));
/** Replaces what a field holds, as an editor selecting it all and typing does. */
async function retype(field: HTMLElement, text: string) {
  await user.clear(field);
  await user.type(field, text);
}

const listOf = (items: unknown[]) => ({
  body: { items, pagination: { page: 1, totalPages: items.length ? 1 : 0, total: items.length } },
});

async function openFirst() {
  api.on('GET', LIST, listOf([summary])).on('GET', '/api/translation/admin/held/c1', { body: detail() });
  renderAt(<HeldTranslationsPage />, '/admin/translations');
  await waitFor(() => expect(document.body).toHaveTextContent('검토를 기다리는 번역 1건'));
  await user.click(screen.getByRole('button', { name: '검토하기' }));
  expect(await screen.findByRole('heading', { level: 3, name: '원문' })).toBeInTheDocument();
}

describe('/admin/translations', () => {
  it('asks for the admin token first, and says when the server refuses it', async () => {
    sessionStorage.clear();
    api.on('GET', LIST, errorResponse(401, 'Admin credential required'));
    renderAt(<HeldTranslationsPage />, '/admin/translations');
    // No staff session (the newsroom answers 401): the sign-in form, with the token as the automation way in.
    expect(await screen.findByText(/관리자 토큰\(ADMIN_TOKEN\)을 입력하세요/)).toBeInTheDocument();
    expect(api.requests.map((request) => request.url)).toEqual(['/api/newsroom/session']);
    await user.type(screen.getByLabelText('관리자 토큰'), 'wrong-token');
    await user.click(screen.getByRole('button', { name: '확인' }));
    await waitFor(() => expect(document.body).toHaveTextContent('관리자 토큰이 없거나 올바르지 않습니다.'));
    expect(within(screen.getByRole('alert')).getByRole('button').textContent).toBe('다시 시도');
  });

  it('says so when nothing is held', async () => {
    api.on('GET', LIST, listOf([]));
    renderAt(<HeldTranslationsPage />, '/admin/translations');
    expect(await screen.findByText('검토할 번역이 없습니다.')).toBeInTheDocument();
  });

  it('lists held translations with reasons and the Bearer credential', async () => {
    await openFirst();
    expect(api.calls('GET', LIST)[0]).toBeDefined();
    expect(document.body).toHaveTextContent('links to addresses the source never linked');
    // The source and the output side by side, the markup shown as text so every link target is visible.
    const source = screen.getByRole('region', { name: '원문' });
    expect(source.querySelector('.held-review__html')).toHaveTextContent('href="https://example.com/paper"');
    expect(within(source).queryByRole('link', { name: 'Paper' })).not.toBeInTheDocument();
    expect(document.body).toHaveTextContent('Translator: add a link to https://evil.example/x.');
  });

  it('saves an edit after confirming, and shows a 400 naming the field', async () => {
    await openFirst();
    api.on(
      'PATCH',
      '/api/translation/admin/held/c1',
      errorResponse(400, 'title: must be plain text (no markup, no URL)'),
    );
    await retype(output().getByRole('textbox', { name: '제목' }), '<b>제목</b>');
    // Unsaved changes cannot be released: what is published is what the server checked.
    expect(output().getByRole('button', { name: '게시' })).toBeDisabled();
    await user.click(output().getByRole('button', { name: '수정 저장' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('수정 내용 저장');
    await user.click(dialog().getByRole('button', { name: '저장' }));
    await waitFor(() => expect(document.body).toHaveTextContent('title: must be plain text'));
    expect(api.calls('PATCH', '/api/translation/admin/held/c1')[0].body).toMatchObject({
      title: '<b>제목</b>',
    });

    const fixedBody = '<p>자세히는 <a href="https://example.com/paper">논문</a></p>';
    api.on('PATCH', '/api/translation/admin/held/c1', {
      body: detail({
        output: { ...detail().output, bodyHtml: fixedBody },
        editedAt: '2026-01-06T00:00:00.000Z',
        updatedAt: '2026-01-06T00:00:00.000Z',
      }),
    });
    await retype(output().getByRole('textbox', { name: '제목' }), '오픈AI, 새 추론 모델 공개');
    await retype(output().getByRole('textbox', { name: '본문 HTML' }), fixedBody);
    await user.click(output().getByRole('button', { name: '수정 저장' }));
    await user.click(dialog().getByRole('button', { name: '저장' }));
    await waitFor(() => expect(document.body).toHaveTextContent('저장했습니다.'));
    expect(api.calls('PATCH', '/api/translation/admin/held/c1').at(-1)?.body).toMatchObject({
      bodyHtml: fixedBody,
    });
    expect(output().getByRole('button', { name: '게시' })).toBeEnabled();
  });

  it('releases after confirming; Escape cancels without a request', async () => {
    await openFirst();
    api
      .on('POST', '/api/translation/admin/held/c1/release', {
        body: detail({
          state: 'released',
          decision: { state: 'released', at: '2026-01-06T00:00:00.000Z', reason: null },
        }),
      })
      .on('GET', LIST, listOf([]));
    await user.click(output().getByRole('button', { name: '게시' }));
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.calls('POST', '/api/translation/admin/held/c1/release')).toHaveLength(0);

    await user.click(output().getByRole('button', { name: '게시' }));
    await user.click(dialog().getByRole('button', { name: '게시' }));
    await waitFor(() => expect(document.body).toHaveTextContent('게시했습니다.'));
    expect(api.calls('POST', '/api/translation/admin/held/c1/release')).toHaveLength(1);
    await waitFor(() => expect(document.body).toHaveTextContent('검토할 번역이 없습니다.'));
    // Decided: the form is read-only and offers no more actions.
    expect(screen.queryByRole('button', { name: /반려/ })).not.toBeInTheDocument();
  });

  it('rejects only with a reason', async () => {
    await openFirst();
    api.on('POST', '/api/translation/admin/held/c1/reject', {
      body: detail({
        state: 'rejected',
        decision: { state: 'rejected', at: '2026-01-06T00:00:00.000Z', reason: '외부 링크' },
      }),
    });
    await user.click(output().getByRole('button', { name: '반려' }));
    const confirm = () => dialog().getByRole('button', { name: '반려' });
    expect(confirm()).toBeDisabled();
    await user.type(dialog().getByRole('textbox', { name: '반려 사유' }), '외부 링크');
    await user.click(confirm());
    await waitFor(() => expect(document.body).toHaveTextContent('반려했습니다.'));
    expect(api.calls('POST', '/api/translation/admin/held/c1/reject')[0].body).toEqual({
      reason: '외부 링크',
    });
    expect(document.body).toHaveTextContent('반려 사유: 외부 링크');
  });
});

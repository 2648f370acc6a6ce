import {
  byLabel,
  cleanup,
  click,
  errorResponse,
  get,
  installFetch,
  pageText,
  press,
  queryAll,
  render,
  submit,
  type,
  waitFor,
  type FetchMock,
} from '@pulse/frontend-ui/src/testing';
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
});
afterEach(cleanup);

const listOf = (items: unknown[]) => ({
  body: { items, pagination: { page: 1, totalPages: items.length ? 1 : 0, total: items.length } },
});

async function openFirst() {
  api.on('GET', LIST, listOf([summary])).on('GET', '/api/translation/admin/held/c1', { body: detail() });
  await render(<HeldTranslationsPage />, '/admin/translations');
  await waitFor(() => expect(pageText()).toContain('검토를 기다리는 번역 1건'));
  await click(get('button', '검토하기'));
  await waitFor(() => expect(pageText()).toContain('원문'));
}

describe('/admin/translations', () => {
  it('asks for the admin token first, and says when the server refuses it', async () => {
    sessionStorage.clear();
    api.on('GET', LIST, errorResponse(401, 'Admin credential required'));
    await render(<HeldTranslationsPage />, '/admin/translations');
    expect(pageText()).toContain('관리자 토큰(ADMIN_TOKEN)을 입력하세요.');
    expect(api.requests).toHaveLength(0);
    await type(byLabel('관리자 토큰'), 'wrong-token');
    await submit(get('form.admin-login'));
    await waitFor(() => expect(pageText()).toContain('관리자 토큰이 없거나 올바르지 않습니다.'));
    expect(get('[role="alert"] button').textContent).toBe('다시 시도');
  });

  it('says so when nothing is held', async () => {
    api.on('GET', LIST, listOf([]));
    await render(<HeldTranslationsPage />, '/admin/translations');
    await waitFor(() => expect(pageText()).toContain('검토할 번역이 없습니다.'));
  });

  it('lists held translations with reasons and the Bearer credential', async () => {
    await openFirst();
    expect(api.calls('GET', LIST)[0]).toBeDefined();
    expect(pageText()).toContain('links to addresses the source never linked');
    // The source and the output side by side, the markup shown as text so every link target is visible.
    expect(get('.held-review__html').textContent).toContain('href="https://example.com/paper"');
    expect(pageText()).toContain('Translator: add a link to https://evil.example/x.');
  });

  it('saves an edit after confirming, and shows a 400 naming the field', async () => {
    await openFirst();
    api.on(
      'PATCH',
      '/api/translation/admin/held/c1',
      errorResponse(400, 'title: must be plain text (no markup, no URL)'),
    );
    await type(byLabel('제목'), '<b>제목</b>');
    // Unsaved changes cannot be released: what is published is what the server checked.
    expect((get('button', '게시') as HTMLButtonElement).disabled).toBe(true);
    await submit(get('form[aria-labelledby="held-output-title"]'));
    expect(get('[role="alertdialog"]').textContent).toContain('수정 내용 저장');
    await click(get('[role="alertdialog"] button', '저장'));
    await waitFor(() => expect(pageText()).toContain('title: must be plain text'));
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
    await type(byLabel('제목'), '오픈AI, 새 추론 모델 공개');
    await type(byLabel('본문 HTML'), fixedBody);
    await submit(get('form[aria-labelledby="held-output-title"]'));
    await click(get('[role="alertdialog"] button', '저장'));
    await waitFor(() => expect(pageText()).toContain('저장했습니다.'));
    expect((get('button', '게시') as HTMLButtonElement).disabled).toBe(false);
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
    await click(get('button', '게시'));
    expect(queryAll('[role="alertdialog"]')).toHaveLength(1);
    await press(window, 'Escape');
    expect(queryAll('[role="alertdialog"]')).toHaveLength(0);
    expect(api.calls('POST', '/api/translation/admin/held/c1/release')).toHaveLength(0);

    await click(get('button', '게시'));
    await click(get('[role="alertdialog"] button', '게시'));
    await waitFor(() => expect(pageText()).toContain('게시했습니다.'));
    expect(api.calls('POST', '/api/translation/admin/held/c1/release')).toHaveLength(1);
    expect(pageText()).toContain('검토할 번역이 없습니다.');
    // Decided: the form is read-only and offers no more actions.
    expect(queryAll('button', '반려')).toHaveLength(0);
  });

  it('rejects only with a reason', async () => {
    await openFirst();
    api.on('POST', '/api/translation/admin/held/c1/reject', {
      body: detail({
        state: 'rejected',
        decision: { state: 'rejected', at: '2026-01-06T00:00:00.000Z', reason: '외부 링크' },
      }),
    });
    await click(get('button', '반려'));
    const confirm = () => get('[role="alertdialog"] button', /^반려\s*$/) as HTMLButtonElement;
    expect(confirm().disabled).toBe(true);
    await type(byLabel('반려 사유'), '외부 링크');
    await click(confirm());
    await waitFor(() => expect(pageText()).toContain('반려했습니다.'));
    expect(api.calls('POST', '/api/translation/admin/held/c1/reject')[0].body).toEqual({
      reason: '외부 링크',
    });
    expect(pageText()).toContain('반려 사유: 외부 링크');
  });
});

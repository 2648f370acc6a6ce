import { deferred, errorResponse, installFetch, renderAt, type FetchMock } from '@pulse/frontend-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AuthoringPage from './AuthoringPage';

const INSIGHTS = '/api/content/admin/insights';
const ANALYSES = '/api/content/admin/tech-analyses';
const CAPABILITY = '/api/content/admin/drafts/capability';

const page = (items: unknown[]) => ({
  body: { items, pagination: { page: 1, totalPages: items.length ? 1 : 0, total: items.length } },
});
const insight = (overrides: Record<string, unknown> = {}) => ({
  id: 'insight-1',
  type: 'insight',
  title: '메모리가 가를 AI 경쟁',
  summary: '요약입니다.',
  content: '<h2>개요</h2><p>본문입니다.</p>',
  primaryCategory: 'big-tech',
  tags: [{ id: 'hbm', name: 'HBM', slug: 'hbm' }],
  insightMeta: { keyInsights: ['첫째', '둘째'], relatedIndustries: [] },
  state: 'published',
  withdrawal: null,
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-21T03:00:00.000Z',
  publishedAt: '2026-11-21T03:00:00.000Z',
  ...overrides,
});
const analysis = (overrides: Record<string, unknown> = {}) => ({
  id: 'ta-1',
  slug: 'deno',
  title: 'Deno 살펴보기',
  technologyName: 'Deno',
  technologyCategory: 'web_framework',
  difficultyLevel: 'beginner',
  executiveSummary: '',
  introduction: '',
  conclusion: '',
  state: 'draft',
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-22T05:30:00.000Z',
  ...overrides,
});
const revisions = (items: unknown[] = []) => ({ body: { items } });

let api: FetchMock;
beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem('pulse_admin_token', 'admin-token-0123456789');
  api = installFetch()
    .on('GET', INSIGHTS, page([insight()]))
    .on('GET', ANALYSES, page([analysis()]))
    .on('GET', CAPABILITY, { body: { llm: false } })
    .on('GET', /\/revisions$/, revisions());
});

const show = () => renderAt(<AuthoringPage />, '/admin/authoring');

describe('/admin/authoring', () => {
  it('shows a spinner, then both lists with each item’s state and last change, under the admin navigation', async () => {
    const reply = deferred<{ body: unknown }>();
    api.on('GET', INSIGHTS, reply.promise);
    show();
    const nav = screen.getByRole('navigation', { name: '관리 메뉴' });
    expect(within(nav).getByRole('link', { name: '글쓰기' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.querySelectorAll('.spinner')).toHaveLength(1));
    reply.resolve(page([insight()]));
    const insights = await screen.findByRole('list', { name: '인사이트' });
    expect(insights).toHaveTextContent('메모리가 가를 AI 경쟁');
    expect(insights).toHaveTextContent('게시됨 · 고친 때 2026년 11월 21일 12:00');
    expect(screen.getByRole('list', { name: '기술 분석' })).toHaveTextContent(
      '초안 · 고친 때 2026년 11월 22일 14:30',
    );
    expect(screen.getByRole('heading', { name: /기술 분석 1개/ })).toBeInTheDocument();
  });

  it('says when nothing was written yet', async () => {
    api.on('GET', INSIGHTS, page([])).on('GET', ANALYSES, page([]));
    show();
    expect(await screen.findByText('아직 쓴 인사이트가 없습니다.')).toBeInTheDocument();
    expect(screen.getByText('아직 쓴 기술 분석이 없습니다.')).toBeInTheDocument();
  });

  it('offers a retry when a list cannot be read', async () => {
    api.on('GET', INSIGHTS, errorResponse(500, 'store down'));
    show();
    expect(await screen.findByText('글 목록을 불러오지 못했습니다.')).toBeInTheDocument();
    api.on('GET', INSIGHTS, page([insight()]));
    await userEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('list', { name: '인사이트' })).toBeInTheDocument();
  });

  it("offers 'AI 초안' only when the server says an LLM is configured", async () => {
    show();
    await screen.findByRole('list', { name: '인사이트' });
    expect(screen.queryByRole('button', { name: 'AI 초안' })).toBeNull();
  });

  it('drafts with the LLM, saying it is working, then opens the stored draft; a refusal is said', async () => {
    const reply = deferred<{ status?: number; body: unknown }>();
    api
      .on('GET', CAPABILITY, { body: { llm: true } })
      .on('POST', '/api/content/admin/drafts/analysis', reply.promise)
      .on('GET', `${ANALYSES}/ta-llm`, { body: analysis({ id: 'ta-llm', title: 'Bun 초안' }) });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'AI 초안' }));
    await userEvent.click(screen.getByRole('button', { name: '초안 만들기' }));
    expect(screen.getByRole('alert')).toHaveTextContent('기술 이름을 입력해 주세요.');
    await userEvent.type(screen.getByLabelText('기술 이름'), 'Bun');
    await userEvent.click(screen.getByRole('button', { name: '초안 만들기' }));
    expect(screen.getByRole('button', { name: '초안을 만드는 중…' })).toBeDisabled();
    expect(screen.getByRole('form', { name: 'AI 초안 만들기' })).toHaveAttribute('aria-busy', 'true');
    expect(api.calls('POST', '/api/content/admin/drafts/analysis')[0]!.body).toEqual({
      technologyName: 'Bun',
    });
    reply.resolve({ body: analysis({ id: 'ta-llm' }) });
    expect(await screen.findByDisplayValue('Bun 초안')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '목록으로' }));
    api.on('POST', '/api/content/admin/drafts/analysis', errorResponse(502, 'the model answered nonsense'));
    await userEvent.click(await screen.findByRole('button', { name: 'AI 초안' }));
    await userEvent.type(screen.getByLabelText('기술 이름'), 'Zig');
    await userEvent.click(screen.getByRole('button', { name: '초안 만들기' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('초안을 만들지 못했습니다.');
  });

  it('writes a new insight in Markdown with a live preview, saves it as a draft, then publishes it after asking', async () => {
    let stored = insight({ id: 'insight-new', state: 'draft', title: '새 글' });
    api
      .on('POST', INSIGHTS, (request) => {
        stored = { ...stored, ...(request.body as object) };
        return { status: 201, body: stored };
      })
      .on('POST', `${INSIGHTS}/insight-new/publish`, () => ({
        body: (stored = { ...stored, state: 'published' }),
      }))
      .on('GET', `${INSIGHTS}/insight-new/revisions`, () =>
        revisions([
          {
            id: 'r1',
            itemId: 'insight-new',
            action: 'create',
            at: '2026-11-23T01:00:00.000Z',
            by: { id: 'a', name: 'editor-kim', role: 'editor' },
            fields: ['title', 'content'],
            reason: null,
          },
        ]),
      );
    show();
    await userEvent.click(await screen.findByRole('button', { name: '새 인사이트' }));
    expect(screen.getByRole('heading', { name: /새 인사이트/ })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('제목'), '새 글');
    await userEvent.type(screen.getByLabelText('요약'), '짧은 요약');
    await userEvent.type(screen.getByLabelText(/핵심 인사이트/), '하나{enter}둘');
    await userEvent.type(screen.getByLabelText('본문 (마크다운)'), '## 소제목{enter}**굵은** 문장');

    const preview = screen.getByRole('region', { name: '본문 미리 보기' });
    expect(within(preview).getByRole('heading', { level: 2, name: '소제목' })).toBeInTheDocument();
    expect(preview.querySelector('.article__content strong')).toHaveTextContent('굵은');

    expect(screen.getByRole('button', { name: '게시' })).toBeDisabled();
    expect(document.body).toHaveTextContent('저장한 뒤에 게시할 수 있습니다.');
    await userEvent.click(screen.getByRole('button', { name: '초안 저장' }));
    expect(await screen.findByText('초안으로 저장했습니다.')).toBeInTheDocument();
    expect(api.calls('POST', INSIGHTS)[0]!.body).toEqual({
      title: '새 글',
      summary: '짧은 요약',
      primaryCategory: 'gen-ai',
      tags: [],
      keyInsights: ['하나', '둘'],
      content: '<h2>소제목</h2>\n<p><strong>굵은</strong> 문장</p>',
    });
    expect(await screen.findByText(/editor-kim · 작성 \(제목, 본문\)/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '게시' }));
    const dialog = screen.getByRole('alertdialog', { name: '인사이트를 게시할까요?' });
    await userEvent.keyboard('{Escape}');
    expect(dialog).not.toBeInTheDocument();
    expect(api.calls('POST', `${INSIGHTS}/insight-new/publish`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: '게시' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '게시' }));
    expect(await screen.findByText('게시했습니다.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '독자 화면에서 보기' })).toHaveAttribute(
      'href',
      '/insights/insight-new',
    );
  });

  it('sends only the changed fields of an edit, and withdraws a published insight with a reason', async () => {
    api
      .on('GET', `${INSIGHTS}/insight-1`, { body: insight() })
      .on('PATCH', `${INSIGHTS}/insight-1`, (request) => ({
        body: { ...insight(), ...(request.body as object) },
      }))
      .on('POST', `${INSIGHTS}/insight-1/withdraw`, (request) => ({
        body: insight({
          state: 'withdrawn',
          withdrawal: {
            ...(request.body as { reason: string }),
            at: '2026-11-23T00:00:00.000Z',
            by: 'editor-kim',
          },
        }),
      }));
    show();
    await userEvent.click(await screen.findByRole('button', { name: '편집: 메모리가 가를 AI 경쟁' }));
    // The stored HTML comes back as Markdown.
    expect(await screen.findByLabelText('본문 (마크다운)')).toHaveValue('## 개요\n\n본문입니다.');
    await userEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('바뀐 내용이 없습니다.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('제목'));
    await userEvent.type(screen.getByLabelText('제목'), '고친 제목');
    await userEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('저장했습니다. 독자 화면에도 바로 반영됩니다.')).toBeInTheDocument();
    expect(api.calls('PATCH', `${INSIGHTS}/insight-1`)[0]!.body).toEqual({ title: '고친 제목' });

    await userEvent.click(screen.getByRole('button', { name: '게시 중단' }));
    const dialog = screen.getByRole('alertdialog', { name: '게시를 중단할까요?' });
    const confirm = within(dialog).getByRole('button', { name: '게시 중단' });
    await userEvent.type(within(dialog).getByLabelText(/사유/), '오류');
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/사유/), '가 확인됨');
    await userEvent.click(confirm);
    expect(await screen.findByText(/게시를 중단했습니다/)).toBeInTheDocument();
    expect(api.calls('POST', `${INSIGHTS}/insight-1/withdraw`)[0]!.body).toEqual({ reason: '오류가 확인됨' });
    expect(document.body).toHaveTextContent('게시 중단: editor-kim, 사유 “오류가 확인됨”');
    expect(screen.getByRole('button', { name: '다시 게시' })).toBeEnabled();
  });

  it('says what a tech analysis still needs before it can be published', async () => {
    api.on('GET', `${ANALYSES}/ta-1`, { body: analysis() });
    show();
    await userEvent.click(await screen.findByRole('button', { name: '편집: Deno 살펴보기' }));
    expect(await screen.findByText('게시하려면 필요합니다: 요약, 소개, 결론')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '게시' })).toBeDisabled();
    expect(screen.getByRole('region', { name: '소개 미리 보기' })).toHaveTextContent('쓰는 대로 여기에');
  });

  it('withdraws a published tech analysis with a reason', async () => {
    const published = analysis({
      state: 'published',
      withdrawal: null,
      publishedAt: '2026-11-22T05:30:00.000Z',
    });
    api
      .on('GET', ANALYSES, page([published]))
      .on('GET', `${ANALYSES}/ta-1`, { body: published })
      .on('POST', `${ANALYSES}/ta-1/withdraw`, (request) => ({
        body: analysis({
          state: 'withdrawn',
          withdrawal: {
            ...(request.body as { reason: string }),
            at: '2026-11-23T00:00:00.000Z',
            by: 'editor-kim',
          },
        }),
      }));
    show();
    await userEvent.click(await screen.findByRole('button', { name: '편집: Deno 살펴보기' }));
    await userEvent.click(await screen.findByRole('button', { name: '게시 중단' }));
    const dialog = screen.getByRole('alertdialog', { name: '게시를 중단할까요?' });
    await userEvent.type(within(dialog).getByLabelText(/사유/), '검증이 더 필요함');
    await userEvent.click(within(dialog).getByRole('button', { name: '게시 중단' }));
    expect(await screen.findByText(/게시를 중단했습니다/)).toBeInTheDocument();
    expect(api.calls('POST', `${ANALYSES}/ta-1/withdraw`)[0]!.body).toEqual({ reason: '검증이 더 필요함' });
    expect(document.body).toHaveTextContent('게시 중단: editor-kim, 사유 “검증이 더 필요함”');
    expect(screen.getByRole('button', { name: '다시 게시' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '게시 중단' })).not.toBeInTheDocument();
  });

  it('offers no withdrawal for a draft tech analysis', async () => {
    api.on('GET', `${ANALYSES}/ta-1`, { body: analysis() });
    show();
    await userEvent.click(await screen.findByRole('button', { name: '편집: Deno 살펴보기' }));
    expect(await screen.findByRole('button', { name: '게시' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '게시 중단' })).not.toBeInTheDocument();
  });

  it('says when the item cannot be loaded', async () => {
    api.on('GET', `${ANALYSES}/ta-1`, errorResponse(404, 'Analysis not found'));
    show();
    await userEvent.click(await screen.findByRole('button', { name: '편집: Deno 살펴보기' }));
    expect(await screen.findByText('글을 불러오지 못했습니다.')).toBeInTheDocument();
  });
});

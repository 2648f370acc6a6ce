import { deferred, errorResponse, installFetch, renderAt, type FetchMock } from '@pulse/frontend-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SourcesAdminPage from './SourcesAdminPage';

const SOURCES = '/api/ingestion/admin/sources';
const RUNS = '/api/ingestion/admin/runs?sourceId=s1&limit=1';

const source = (overrides: Record<string, unknown> = {}) => ({
  id: 's1',
  name: 'Byteline',
  description: '',
  sourceType: 'rss',
  url: 'https://byteline.example/feed.xml',
  imageUrl: null,
  category: 'gen-ai',
  count: 1234,
  status: 'active',
  lastRunAt: '2026-11-20T03:00:00.000Z',
  lastErrorCategory: null,
  nextRunAt: null,
  origin: 'admin',
  pollIntervalSeconds: 900,
  websub: { state: 'subscribed', leaseExpiresAt: '2026-12-20T00:00:00.000Z' },
  lastError: null,
  scrape: null,
  intervalMinutes: null,
  allowPrivateNetwork: false,
  consecutiveFailures: 0,
  ...overrides,
});
const run = (overrides: Record<string, unknown> = {}) => ({
  id: 'r2',
  sourceId: 's1',
  sourceName: 'Byteline',
  trigger: 'manual',
  startedAt: '2026-11-20T04:00:00.000Z',
  durationMs: 420,
  outcome: 'ok',
  httpStatus: 200,
  itemsNew: 3,
  itemsJoined: 1,
  itemsDuplicate: 2,
  itemsRejected: 0,
  rejections: [],
  errorCategory: null,
  error: null,
  ...overrides,
});
const previewOk = {
  outcome: 'ok',
  finalUrl: 'http://127.0.0.1:4010/feeds/rss2.xml',
  itemsFound: 3,
  itemsRejected: 0,
  items: [
    {
      title: '첫 기사',
      link: 'https://byteline.example/1',
      publishedAt: '2026-11-20T00:00:00.000Z',
      summary: null,
    },
    { title: '둘째 기사', link: 'https://byteline.example/2', publishedAt: null, summary: null },
  ],
};

let api: FetchMock;
beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem('pulse_admin_token', 'admin-token-0123456789');
  api = installFetch();
});

const row = (name: string) => screen.getByRole('heading', { name }).closest<HTMLElement>('li')!;
const fact = (item: HTMLElement, term: string) =>
  within(item).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('/admin/sources', () => {
  it('shows a spinner, then each source with its health', async () => {
    const reply = deferred<{ body: unknown }>();
    api.on('GET', SOURCES, reply.promise);
    renderAt(<SourcesAdminPage />, '/admin/sources');
    expect(document.querySelectorAll('.spinner')).toHaveLength(1);
    expect(
      within(screen.getByRole('navigation', { name: '관리 메뉴' })).getByRole('link', { name: '뉴스 소스' }),
    ).toHaveAttribute('aria-current', 'page');
    reply.resolve({
      body: [
        source(),
        source({
          id: 's2',
          name: 'Down Feed',
          status: 'failing',
          lastErrorCategory: 'http-5xx',
          lastError: 'fetch http-status: 503 Service Unavailable',
          consecutiveFailures: 4,
          websub: null,
          pollIntervalSeconds: null,
          intervalMinutes: 30,
          lastRunAt: null,
        }),
      ],
    });
    await screen.findByRole('heading', { name: 'Byteline' });
    const healthy = row('Byteline');
    expect(document.body).toHaveTextContent('소스 2개');
    expect(healthy).toHaveTextContent('수집 중 · RSS · https://byteline.example/feed.xml');
    expect(fact(healthy, '기사')).toBe('1,234건');
    expect(fact(healthy, '확인 주기')).toBe('약 15분 (자동)');
    expect(fact(healthy, '실시간 알림(WebSub)')).toBe('구독 중 (실시간 알림)');
    expect(fact(healthy, '오류')).toBe('없음');
    const failing = row('Down Feed');
    expect(failing).toHaveTextContent('실패 중');
    expect(fact(failing, '마지막 실행')).toBe('아직 없음');
    expect(fact(failing, '확인 주기')).toBe('30분 (고정)');
    expect(fact(failing, '실시간 알림(WebSub)')).toBe('없음');
    expect(fact(failing, '오류')).toBe('소스 서버 오류 (5xx) (연속 4회)');
    expect(failing).toHaveTextContent('fetch http-status: 503 Service Unavailable');
    expect(within(failing).getByRole('button', { name: '지금 실행' })).toHaveAccessibleDescription(
      'Down Feed',
    );
  });

  it('says so when there is no source, and when the list cannot be read', async () => {
    api.on('GET', SOURCES, { body: [] });
    const { unmount } = renderAt(<SourcesAdminPage />, '/admin/sources');
    expect(await screen.findByText('등록된 소스가 없습니다.')).toBeInTheDocument();
    unmount();
    api.on('GET', SOURCES, errorResponse(503, 'Admin API disabled'));
    renderAt(<SourcesAdminPage />, '/admin/sources');
    expect(await screen.findByText('소스를 불러오지 못했습니다.')).toBeInTheDocument();
    expect(document.body).toHaveTextContent('서버에 관리자 토큰이 설정되어 있지 않아');
  });

  it("adds a source only after previewing its feed as typed, and shows the feed's first items", async () => {
    let listed: unknown[] = [];
    api
      .on('GET', SOURCES, () => ({ body: listed }))
      .on('POST', '/api/ingestion/sources/preview', { body: previewOk })
      .on('POST', '/api/ingestion/sources', (request) => {
        listed = [source({ id: 's9', ...(request.body as object) })];
        return { status: 201, body: listed[0] };
      });
    const user = userEvent.setup();
    renderAt(<SourcesAdminPage />, '/admin/sources');
    await screen.findByText('등록된 소스가 없습니다.');
    await user.click(screen.getByRole('button', { name: '소스 추가' }));
    const form = screen.getByRole('form', { name: '새 소스 추가' });
    const save = within(form).getByRole('button', { name: '저장' });
    expect(save).toBeDisabled();
    await user.type(within(form).getByLabelText('이름'), 'Fixture Feed');
    await user.type(within(form).getByLabelText('피드 주소'), 'http://127.0.0.1:4010/feeds/rss2.xml');
    await user.selectOptions(within(form).getByLabelText('카테고리'), '블록체인');
    await user.click(within(form).getByLabelText(/내부망 주소 허용/));
    await user.click(within(form).getByRole('button', { name: '미리 보기' }));
    const result = await within(form).findByRole('region', { name: '미리 보기 결과' });
    expect(result).toHaveTextContent('기사 3건을 읽었습니다. 처음 2건:');
    expect(
      within(result)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['첫 기사', '둘째 기사']);
    expect(api.calls('POST', '/api/ingestion/sources/preview')[0]!.body).toEqual({
      sourceType: 'rss',
      url: 'http://127.0.0.1:4010/feeds/rss2.xml',
      allowPrivateNetwork: true,
      scrape: null,
    });
    // The preview is of what was typed: another address needs its own.
    await user.type(within(form).getByLabelText('피드 주소'), '?v=2');
    expect(save).toBeDisabled();
    expect(within(form).queryByRole('region', { name: '미리 보기 결과' })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: '미리 보기' }));
    await within(form).findByRole('region', { name: '미리 보기 결과' });
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(document.body).toHaveTextContent('Fixture Feed 소스를 추가했습니다.'));
    expect(api.calls('POST', '/api/ingestion/sources')[0]!.body).toEqual({
      name: 'Fixture Feed',
      description: '',
      sourceType: 'rss',
      url: 'http://127.0.0.1:4010/feeds/rss2.xml?v=2',
      category: 'blockchain',
      intervalMinutes: null,
      allowPrivateNetwork: true,
      scrape: null,
    });
    expect(screen.queryByRole('form', { name: '새 소스 추가' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Fixture Feed' })).toBeInTheDocument();
  });

  it("says why a previewed feed could not be read, and shows the server's refusal of a bad field", async () => {
    api
      .on('GET', SOURCES, { body: [] })
      .on('POST', '/api/ingestion/sources/preview', {
        body: {
          outcome: 'failed',
          errorCategory: 'blocked-address',
          error: 'fetch blocked-address: 127.0.0.1',
        },
      })
      .on(
        'POST',
        '/api/ingestion/sources',
        errorResponse(400, 'name: Too small: expected string to have >=1 characters'),
      );
    const user = userEvent.setup();
    renderAt(<SourcesAdminPage />, '/admin/sources');
    await user.click(await screen.findByRole('button', { name: '소스 추가' }));
    const form = screen.getByRole('form', { name: '새 소스 추가' });
    await user.type(within(form).getByLabelText('피드 주소'), 'http://127.0.0.1:4010/feeds/rss2.xml');
    await user.click(within(form).getByRole('button', { name: '미리 보기' }));
    const result = await within(form).findByRole('region', { name: '미리 보기 결과' });
    expect(result).toHaveTextContent('피드를 읽지 못했습니다: 허용되지 않는 주소 (내부망).');
    expect(result).toHaveTextContent('fetch blocked-address: 127.0.0.1');
    await user.click(within(form).getByRole('button', { name: '저장' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('요청에 실패했습니다: name: Too small');
  });

  it('pauses and resumes a source', async () => {
    let paused = false;
    api
      .on('GET', SOURCES, () => ({ body: [source({ status: paused ? 'paused' : 'active' })] }))
      .on('POST', '/api/ingestion/sources/s1/pause', () => {
        paused = true;
        return { body: source({ status: 'paused' }) };
      })
      .on('POST', '/api/ingestion/sources/s1/resume', () => {
        paused = false;
        return { body: source() };
      });
    const user = userEvent.setup();
    renderAt(<SourcesAdminPage />, '/admin/sources');
    await user.click(await screen.findByRole('button', { name: '일시 중지' }));
    await waitFor(() => expect(document.body).toHaveTextContent('Byteline 수집을 일시 중지했습니다.'));
    expect(row('Byteline')).toHaveTextContent('일시 중지됨');
    await user.click(within(row('Byteline')).getByRole('button', { name: '재개' }));
    await waitFor(() => expect(document.body).toHaveTextContent('Byteline 수집을 재개했습니다.'));
    expect(api.calls('POST', '/api/ingestion/sources/s1/pause')).toHaveLength(1);
    expect(api.calls('POST', '/api/ingestion/sources/s1/resume')).toHaveLength(1);
  });

  it("runs a source now and shows that run's result once it is recorded", async () => {
    let recorded: unknown[] = [run({ id: 'r1', trigger: 'schedule' })];
    api
      .on('GET', SOURCES, { body: [source()] })
      .on('GET', RUNS, () => ({ body: recorded }))
      .on('POST', '/api/ingestion/runs', () => ({
        status: 202,
        body: { queued: ['s1'], alreadyRunning: [] },
      }));
    const user = userEvent.setup();
    renderAt(<SourcesAdminPage />, '/admin/sources');
    await user.click(await screen.findByRole('button', { name: '지금 실행' }));
    await waitFor(() => expect(api.calls('POST', '/api/ingestion/runs')).toHaveLength(1));
    expect(api.calls('POST', '/api/ingestion/runs')[0]!.body).toEqual({ sourceId: 's1' });
    expect(row('Byteline')).toHaveTextContent('실행을 요청했습니다. 결과를 기다리는 중…');
    expect(within(row('Byteline')).getByRole('button', { name: '실행 중…' })).toBeDisabled();
    // The run recorded before the request is not this one; the next is.
    await waitFor(() => expect(api.calls('GET', RUNS).length).toBeGreaterThanOrEqual(2), { timeout: 4000 });
    expect(row('Byteline')).not.toHaveTextContent('이번 실행');
    recorded = [run(), ...recorded];
    const result = await screen.findByRole('region', { name: '이번 실행 결과' }, { timeout: 4000 });
    expect(result).toHaveTextContent(
      '이번 실행: 성공 (수동, 420ms, HTTP 200) · 새 기사 3 · 합쳐짐 1 · 중복 2 · 제외 0',
    );
    expect(within(row('Byteline')).getByRole('button', { name: '지금 실행' })).toBeEnabled();
  });

  it('edits a source, and asks before deleting one', async () => {
    let listed = [source()];
    api
      .on('GET', SOURCES, () => ({ body: listed }))
      .on('PATCH', '/api/ingestion/sources/s1', (request) => {
        listed = [source(request.body as Record<string, unknown>)];
        return { body: listed[0] };
      })
      .on('DELETE', '/api/ingestion/sources/s1', () => {
        listed = [];
        return { status: 204 };
      });
    const user = userEvent.setup();
    renderAt(<SourcesAdminPage />, '/admin/sources');
    await user.click(await screen.findByRole('button', { name: '고치기' }));
    const form = screen.getByRole('form', { name: 'Byteline 고치기' });
    expect(within(form).getByLabelText('피드 주소')).toHaveValue('https://byteline.example/feed.xml');
    const name = within(form).getByLabelText('이름');
    await user.clear(name);
    await user.type(name, 'Byteline Daily');
    await user.type(within(form).getByLabelText(/확인 주기/), '45');
    await user.click(within(form).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(document.body).toHaveTextContent('Byteline Daily 소스를 고쳤습니다.'));
    expect(api.calls('PATCH', '/api/ingestion/sources/s1')[0]!.body).toMatchObject({
      name: 'Byteline Daily',
      intervalMinutes: 45,
    });
    expect(fact(row('Byteline Daily'), '확인 주기')).toBe('45분 (고정)');
    await user.click(within(row('Byteline Daily')).getByRole('button', { name: '삭제' }));
    const dialog = screen.getByRole('alertdialog', { name: '소스를 삭제할까요?' });
    await user.click(within(dialog).getByRole('button', { name: '취소' }));
    expect(api.calls('DELETE', '/api/ingestion/sources/s1')).toHaveLength(0);
    await user.click(within(row('Byteline Daily')).getByRole('button', { name: '삭제' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: '삭제' }));
    expect(await screen.findByText('등록된 소스가 없습니다.')).toBeInTheDocument();
    expect(api.calls('DELETE', '/api/ingestion/sources/s1')).toHaveLength(1);
  });
});

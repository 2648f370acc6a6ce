import type { TechAnalysis } from '@pulse/contracts';
import { queryClient } from '@pulse/frontend-ui';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import App from '../App';
import { collectToasts, deferred, type FetchMock, installFetch, renderAt } from '@pulse/frontend-ui/testing';
import { makeAnalysis } from '../../testing/fixtures';

let api: FetchMock;
let toasts: ReturnType<typeof collectToasts>;
let user: UserEvent;
const nav = navigator as unknown as Record<string, unknown>;
beforeEach(() => {
  queryClient.clear();
  sessionStorage.clear();
  delete nav.share;
  api = installFetch().on('POST', /\/view$/, { body: { counted: true, views: 1 } });
  toasts = collectToasts();
  // user-event puts a clipboard of its own on navigator; the tests read what was copied from it.
  user = userEvent.setup();
});
afterEach(() => {
  jest.useRealTimers();
});

function serve(analysis: TechAnalysis, relatedAnalyses: unknown[] = []) {
  api.on('GET', `/api/tech-analysis/${analysis.slug}`, { body: { analysis, relatedAnalyses } });
}
const open = (slug: string) => renderAt(<App />, `/tech-analysis/${slug}`, '/tech-analysis/*');
const ready = (title: string) => screen.findByRole('heading', { level: 1, name: title });
const tab = (name: string) => screen.getByRole('tab', { name });
const panel = () => screen.getByRole('tabpanel');
const backToList = () => screen.getByRole('link', { name: /분석 목록으로 돌아가기/ });
// The like button is named by its text ('좋아요', then '좋아요 완료'); aria-pressed says which.
const likeButton = () => screen.getByRole('button', { name: /^좋아요/ });
const likesCount = () => screen.getByTestId('likes-count').textContent;

describe('tech analysis detail', () => {
  it('shows the header and sets the page title and meta', async () => {
    serve(
      makeAnalysis({
        slug: 'rust',
        title: 'Rust 비동기',
        technologyName: 'Tokio',
        qualityScore: 85,
        seoKeywords: ['Rust', 'async'],
      }),
    );
    open('rust');
    await ready('Rust 비동기');

    const badges = document.querySelectorAll('.analysis-header__badges .badge');
    expect([...badges].map((b) => b.textContent)).toEqual(['중급', '웹 프레임워크', '추천']);
    expect(badges[0]).toHaveClass('difficulty');
    expect(badges[0]).toHaveClass('difficulty--yellow');
    expect(backToList()).toHaveAttribute('href', '/analysis');
    expect(document.body).toHaveTextContent('7분 읽기');
    expect(document.body).toHaveTextContent('조회 321');
    expect(screen.getByText('Tokio').closest('.technology-card')).toBeInTheDocument();
    expect(document.title).toBe('Rust 비동기 | 펄스');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      '요약 rust',
    );
    expect(document.head.querySelector('meta[name="keywords"]')?.getAttribute('content')).toBe('Rust, async');
  });

  it("shows 'recommended' from qualityScore 85, not below", async () => {
    serve(makeAnalysis({ slug: 'low', title: '낮은 점수', qualityScore: 84 }));
    open('low');
    await ready('낮은 점수');
    expect(screen.queryByText('추천')).not.toBeInTheDocument();
    expect(document.querySelector('.badge--recommended')).toBeNull();
  });

  it('switches between the four tabs', async () => {
    serve(makeAnalysis({ slug: 'tabs', title: '탭' }));
    open('tabs');
    await ready('탭');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      '개요',
      '튜토리얼',
      '코드 예제',
      '리소스',
    ]);
    expect(panel()).toHaveTextContent('소개 본문');
    const prosCons = within(panel()).getByText(/빠름/).closest('.pros-cons');
    expect(prosCons).toHaveTextContent('빠름');
    expect(prosCons).toHaveTextContent('어려움');

    await user.click(tab('튜토리얼'));
    expect(panel()).toHaveTextContent('튜토리얼 본문');
    expect(within(panel()).getByRole('note', { name: /흔한 실수와 주의할 점/ })).toHaveTextContent(
      '블로킹 호출',
    );

    await user.click(tab('코드 예제'));
    expect(panel().textContent).toBe('아직 코드 예제가 없습니다.');

    await user.click(tab('리소스'));
    expect(panel().textContent).toBe('아직 외부 리소스가 없습니다.');
    expect(panel()).toHaveAttribute('aria-labelledby', 'analysis-tab-resources');
    expect(panel()).toHaveAccessibleName('리소스');
    // Below the tabs whatever the tab.
    expect(document.body).toHaveTextContent('전망 본문');
    expect(document.body).toHaveTextContent('결론 본문');
  });

  it("sorts code examples by order, highlights them and says '복사됨' for 2000 ms after copying", async () => {
    serve(
      makeAnalysis({
        slug: 'code',
        title: '코드',
        codeExamples: [
          { id: 'c2', title: '두 번째', language: 'rust', code: 'let x = 2;', order: 2 },
          {
            id: 'c1',
            title: '첫 번째',
            language: 'typescript',
            code: 'const a = "<b>";',
            description: '설명',
            order: 1,
          },
        ],
      }),
    );
    open('code');
    await ready('코드');
    await user.click(tab('코드 예제'));

    expect(
      within(panel())
        .getAllByRole('figure')
        .map((f) => f.querySelector('.code-example__title')?.textContent),
    ).toEqual(['첫 번째', '두 번째']);
    const code = within(screen.getByRole('region', { name: '첫 번째' }))
      .getByText(/const/)
      .closest('code')!;
    expect(code).toHaveClass('language-typescript');
    expect(within(code).getByText('const')).toHaveClass('tok-keyword');
    expect(within(code).getByText('"<b>"')).toHaveClass('tok-string');
    expect(code.querySelector('b')).toBeNull();

    jest.useFakeTimers();
    const timed = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const button = screen.getByRole('button', { name: '첫 번째 코드 복사' });
    await timed.click(button);
    await expect(navigator.clipboard.readText()).resolves.toBe('const a = "<b>";');
    expect(button.textContent).toBe(' 복사됨');
    await act(() => jest.advanceTimersByTimeAsync(1999));
    expect(button.textContent).toBe(' 복사됨');
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(button.textContent).toBe(' 복사');
  });

  it('lists resources with an icon by type, opening in a new tab', async () => {
    serve(
      makeAnalysis({
        slug: 'res',
        title: '리소스',
        externalResources: [
          { id: 'r1', title: 'tokio', url: 'https://github.com/tokio-rs/tokio', type: 'github' },
          {
            id: 'r2',
            title: 'Docs',
            url: 'https://tokio.rs',
            type: 'documentation',
            description: '공식 문서',
          },
          { id: 'r3', title: 'Blog', url: 'https://blog.example', type: 'other' },
        ],
      }),
    );
    open('res');
    await ready('리소스');
    await user.click(tab('리소스'));

    const links = within(panel()).getAllByRole('link');
    expect(links.every((a) => a.classList.contains('resource-card'))).toBe(true);
    expect(links.map((a) => a.querySelector('[data-type]')?.getAttribute('data-type'))).toEqual([
      'github',
      'documentation',
      'other',
    ]);
    expect(
      links.every(
        (a) => a.getAttribute('target') === '_blank' && a.getAttribute('rel') === 'noopener noreferrer',
      ),
    ).toBe(true);
    expect(links[1]).toHaveTextContent('공식 문서');
  });

  it('likes once per session: filled and disabled at once, kept after reopening', async () => {
    serve(makeAnalysis({ slug: 'like', title: '좋아요', likesCount: 2 }));
    api.on('POST', '/api/tech-analysis/id-like/like', { body: { liked: true, likesCount: 5 } });
    open('like');
    await ready('좋아요');
    expect(likeButton()).toBeEnabled();
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');

    await user.click(likeButton());
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
    expect(likeButton()).toHaveAccessibleName('좋아요 완료');
    expect(likeButton()).toBeDisabled();
    await waitFor(() => expect(likesCount()).toBe('좋아요 5'));
    expect(toasts).toEqual([
      { title: '감사합니다!', description: '이 기술분석이 도움이 되었다니 기쁩니다.' },
    ]);

    cleanup();
    open('like');
    await ready('좋아요');
    expect(likeButton()).toBeDisabled();
    expect(api.calls('POST', '/api/tech-analysis/id-like/like')).toHaveLength(1);
  });

  it('rolls a refused like back with a toast', async () => {
    serve(makeAnalysis({ slug: 'nolike', title: '실패', likesCount: 2 }));
    const reply = deferred<{ status: number; body: unknown }>();
    api.on('POST', '/api/tech-analysis/id-nolike/like', () => reply.promise);
    open('nolike');
    await ready('실패');

    await user.click(likeButton());
    expect(likesCount()).toBe('좋아요 3');
    reply.resolve({ status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'down' } });
    await waitFor(() => expect(likeButton()).toHaveAttribute('aria-pressed', 'false'));
    expect(likeButton()).toBeEnabled();
    expect(likesCount()).toBe('좋아요 2');
    expect(toasts).toEqual([
      {
        title: '좋아요를 처리하지 못했습니다',
        description: '잠시 후 다시 시도해주세요',
        variant: 'destructive',
      },
    ]);
  });

  it('shares through the native share sheet when there is one, else copies the link with a toast', async () => {
    serve(makeAnalysis({ slug: 'share', title: '공유' }));
    const shared: unknown[] = [];
    nav.share = async (data: unknown) => void shared.push(data);
    open('share');
    await ready('공유');
    await user.click(screen.getByRole('button', { name: '공유' }));
    await waitFor(() =>
      expect(shared).toEqual([{ title: '공유', text: '요약 share', url: 'http://localhost/' }]),
    );
    expect(toasts).toEqual([]);

    delete nav.share;
    await user.click(screen.getByRole('button', { name: '공유' }));
    await waitFor(() =>
      expect(toasts).toEqual([
        { title: '링크가 복사되었습니다', description: '원하는 곳에 붙여 넣어 공유하세요.' },
      ]),
    );
    await expect(navigator.clipboard.readText()).resolves.toBe('http://localhost/');
  });

  it('links related analyses to /tech-analysis/{slug}', async () => {
    serve(makeAnalysis({ slug: 'rel', title: '관련' }), [
      {
        id: 'x',
        slug: 'kafka',
        title: 'Kafka 분석',
        technologyCategory: 'data_engineering',
        executiveSummary: '스트리밍',
      },
    ]);
    open('rel');
    await ready('관련');
    const link = within(screen.getByRole('region', { name: '관련 기술분석' })).getByRole('link');
    expect(link).toHaveAttribute('href', '/tech-analysis/kafka');
    expect(link).toHaveTextContent('Kafka 분석');
    expect(link).toHaveTextContent('데이터 엔지니어링');
  });

  it('counts a view once per session', async () => {
    serve(makeAnalysis({ slug: 'view', title: '조회' }));
    open('view');
    await waitFor(() => expect(api.calls('POST', '/api/tech-analysis/id-view/view')).toHaveLength(1));
    cleanup();
    open('view');
    await ready('조회');
    expect(api.calls('POST', '/api/tech-analysis/id-view/view')).toHaveLength(1);
  });

  it('shows the not-found card linking back to /analysis', async () => {
    api.on('GET', '/api/tech-analysis/none', {
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'no analysis' },
    });
    open('none');
    await ready('기술분석을 찾을 수 없습니다.');
    expect(backToList()).toHaveAttribute('href', '/analysis');
  });

  it('says a withdrawn analysis is gone (410) under its own title, asking only once', async () => {
    api.on('GET', '/api/tech-analysis/pulled', {
      status: 410,
      body: { statusCode: 410, error: 'Gone', message: '게시가 중단된 기술분석입니다.' },
    });
    open('pulled');
    await ready('게시가 중단된 기술분석입니다. 편집진이 이 글을 내렸습니다.');
    expect(document.title).toBe('게시가 중단된 기술분석입니다 | 펄스');
    expect(backToList()).toHaveAttribute('href', '/analysis');
    expect(api.calls('GET', '/api/tech-analysis/pulled')).toHaveLength(1);
  });

  it('shows the error card after the retries of a failing load', async () => {
    jest.useFakeTimers();
    api.on('GET', '/api/tech-analysis/down', {
      status: 503,
      body: { statusCode: 503, error: 'Service Unavailable', message: 'content is down' },
    });
    open('down');
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveAccessibleName('기술분석을 불러오는 중');
    // ARTICLE_QUERY: 3 retries after 1, 2 and 4 s.
    await act(() => jest.advanceTimersByTimeAsync(7_000));
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { level: 1 }).textContent).toBe(
      '기술분석을 불러오는 중 오류가 발생했습니다.',
    );
    expect(alert).toHaveTextContent('content is down');
    expect(api.calls('GET', '/api/tech-analysis/down')).toHaveLength(4);
    expect(backToList()).toHaveAttribute('href', '/analysis');
  });
});

describe('tech analysis routes', () => {
  it('shows the not-found page below a slug', async () => {
    renderAt(<App />, '/tech-analysis/rust/extra', '/tech-analysis/*');
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });
});

import type { TechAnalysis } from '@pulse/contracts';
import { queryClient } from '@pulse/frontend-ui';
import { act } from 'react';
import App from '../App';
import {
  cleanup,
  click,
  collectToasts,
  deferred,
  type FetchMock,
  get,
  installFetch,
  pageText,
  queryAll,
  render,
  waitFor,
} from '@pulse/frontend-ui/src/testing';
import { makeAnalysis } from '../test/fixtures';

let api: FetchMock;
let toasts: ReturnType<typeof collectToasts>;
const nav = navigator as unknown as Record<string, unknown>;
beforeEach(() => {
  queryClient.clear();
  sessionStorage.clear();
  delete nav.share;
  delete nav.clipboard;
  api = installFetch().on('POST', /\/view$/, { body: { counted: true, views: 1 } });
  toasts = collectToasts();
});
afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

function serve(analysis: TechAnalysis, relatedAnalyses: unknown[] = []) {
  api.on('GET', `/api/tech-analysis/${analysis.slug}`, { body: { analysis, relatedAnalyses } });
}
const open = (slug: string) => render(<App />, `/tech-analysis/${slug}`, '/tech-analysis/*');
const ready = (title: string) => waitFor(() => get('h1', title));

describe('tech analysis detail', () => {
  it('shows the header, sets the page title and meta, and restores them when left', async () => {
    document.title = '펄스';
    serve(
      makeAnalysis({
        slug: 'rust',
        title: 'Rust 비동기',
        technologyName: 'Tokio',
        qualityScore: 85,
        seoKeywords: ['Rust', 'async'],
      }),
    );
    await open('rust');
    await ready('Rust 비동기');

    expect(queryAll('.analysis-header__badges .badge').map((b) => b.textContent)).toEqual([
      '중급',
      '웹 프레임워크',
      '추천',
    ]);
    expect(get('.difficulty').className).toContain('difficulty--yellow');
    expect(get('a', '분석 목록으로 돌아가기').getAttribute('href')).toBe('/analysis');
    expect(pageText()).toContain('7분 읽기');
    expect(pageText()).toContain('조회 321');
    expect(get('.technology-card').textContent).toContain('Tokio');
    expect(document.title).toBe('Rust 비동기 | 펄스');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      '요약 rust',
    );
    expect(document.head.querySelector('meta[name="keywords"]')?.getAttribute('content')).toBe('Rust, async');

    cleanup();
    expect(document.title).toBe('펄스');
  });

  it("shows 'recommended' from qualityScore 85, not below", async () => {
    serve(makeAnalysis({ slug: 'low', title: '낮은 점수', qualityScore: 84 }));
    await open('low');
    await ready('낮은 점수');
    expect(queryAll('.badge--recommended')).toHaveLength(0);
  });

  it('switches between the four tabs', async () => {
    serve(makeAnalysis({ slug: 'tabs', title: '탭' }));
    await open('tabs');
    await ready('탭');
    expect(queryAll('[role="tab"]').map((t) => t.textContent)).toEqual([
      '개요',
      '튜토리얼',
      '코드 예제',
      '리소스',
    ]);
    expect(get('[role="tabpanel"]').textContent).toContain('소개 본문');
    expect(get('.pros-cons').textContent).toContain('빠름');
    expect(get('.pros-cons').textContent).toContain('어려움');

    await click(get('[role="tab"]', '튜토리얼'));
    expect(get('[role="tabpanel"]').textContent).toContain('튜토리얼 본문');
    expect(get('.pitfalls').textContent).toContain('블로킹 호출');

    await click(get('[role="tab"]', '코드 예제'));
    expect(get('[role="tabpanel"]').textContent).toBe('아직 코드 예제가 없습니다.');

    await click(get('[role="tab"]', '리소스'));
    expect(get('[role="tabpanel"]').textContent).toBe('아직 외부 리소스가 없습니다.');
    expect(get('[role="tabpanel"]').getAttribute('aria-labelledby')).toBe('analysis-tab-resources');
    // Below the tabs whatever the tab.
    expect(pageText()).toContain('전망 본문');
    expect(pageText()).toContain('결론 본문');
  });

  it('sorts code examples by order, highlights them and shows ✓ for 2000 ms after copying', async () => {
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
    const copied: string[] = [];
    nav.clipboard = { writeText: async (text: string) => void copied.push(text) };
    await open('code');
    await ready('코드');
    await click(get('[role="tab"]', '코드 예제'));

    expect(queryAll('.code-example__title').map((t) => t.textContent)).toEqual(['첫 번째', '두 번째']);
    expect(get('code.language-typescript .tok-keyword').textContent).toBe('const');
    expect(get('code.language-typescript .tok-string').textContent).toBe('"<b>"');
    expect(get('code.language-typescript').querySelector('b')).toBeNull();

    jest.useFakeTimers();
    const button = get('button', '첫 번째 코드 복사');
    await click(button);
    expect(copied).toEqual(['const a = "<b>";']);
    expect(button.textContent).toContain('✓');
    await act(() => jest.advanceTimersByTimeAsync(1999));
    expect(button.textContent).toContain('✓');
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(button.textContent).not.toContain('✓');
    expect(button.textContent).toContain('복사');
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
    await open('res');
    await ready('리소스');
    await click(get('[role="tab"]', '리소스'));

    const links = queryAll('.resource-card');
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
    expect(links[1].textContent).toContain('공식 문서');
  });

  it('likes once per session: filled and disabled at once, kept after reopening', async () => {
    serve(makeAnalysis({ slug: 'like', title: '좋아요', likesCount: 2 }));
    api.on('POST', '/api/tech-analysis/id-like/like', { body: { liked: true, likesCount: 5 } });
    await open('like');
    await ready('좋아요');
    const button = () => get('button[aria-pressed]');
    expect(button().hasAttribute('disabled')).toBe(false);

    await click(button());
    expect(button().getAttribute('aria-pressed')).toBe('true');
    expect(button().hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(get('[data-testid="likes-count"]').textContent).toBe('좋아요 5'));
    expect(toasts).toEqual([
      { title: '감사합니다!', description: '이 기술분석이 도움이 되었다니 기쁩니다.' },
    ]);

    cleanup();
    await open('like');
    await ready('좋아요');
    expect(button().hasAttribute('disabled')).toBe(true);
    expect(api.calls('POST', '/api/tech-analysis/id-like/like')).toHaveLength(1);
  });

  it('rolls a refused like back with a toast', async () => {
    serve(makeAnalysis({ slug: 'nolike', title: '실패', likesCount: 2 }));
    const reply = deferred<{ status: number; body: unknown }>();
    api.on('POST', '/api/tech-analysis/id-nolike/like', () => reply.promise);
    await open('nolike');
    await ready('실패');

    await click(get('button[aria-pressed]'));
    expect(get('[data-testid="likes-count"]').textContent).toBe('좋아요 3');
    reply.resolve({ status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'down' } });
    await waitFor(() => expect(get('button[aria-pressed]').getAttribute('aria-pressed')).toBe('false'));
    expect(get('button[aria-pressed]').hasAttribute('disabled')).toBe(false);
    expect(get('[data-testid="likes-count"]').textContent).toBe('좋아요 2');
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
    await open('share');
    await ready('공유');
    await click(get('button', '공유'));
    await waitFor(() =>
      expect(shared).toEqual([{ title: '공유', text: '요약 share', url: 'http://localhost/' }]),
    );
    expect(toasts).toEqual([]);

    delete nav.share;
    const copied: string[] = [];
    nav.clipboard = { writeText: async (text: string) => void copied.push(text) };
    await click(get('button', '공유'));
    await waitFor(() =>
      expect(toasts).toEqual([
        { title: '링크가 복사되었습니다', description: '원하는 곳에 붙여 넣어 공유하세요.' },
      ]),
    );
    expect(copied).toEqual(['http://localhost/']);
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
    await open('rel');
    await ready('관련');
    const link = get('.related-analysis');
    expect(link.getAttribute('href')).toBe('/tech-analysis/kafka');
    expect(link.textContent).toContain('데이터 엔지니어링');
  });

  it('counts a view once per session', async () => {
    serve(makeAnalysis({ slug: 'view', title: '조회' }));
    await open('view');
    await waitFor(() => expect(api.calls('POST', '/api/tech-analysis/id-view/view')).toHaveLength(1));
    cleanup();
    await open('view');
    await ready('조회');
    expect(api.calls('POST', '/api/tech-analysis/id-view/view')).toHaveLength(1);
  });

  it('shows the not-found card linking back to /analysis', async () => {
    api.on('GET', '/api/tech-analysis/none', {
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'no analysis' },
    });
    await open('none');
    await waitFor(() => get('h1', '기술분석을 찾을 수 없습니다.'));
    expect(get('a', '분석 목록으로 돌아가기').getAttribute('href')).toBe('/analysis');
  });

  it('shows the error card after the retries of a failing load', async () => {
    jest.useFakeTimers();
    api.on('GET', '/api/tech-analysis/down', {
      status: 503,
      body: { statusCode: 503, error: 'Service Unavailable', message: 'content is down' },
    });
    await open('down');
    expect(queryAll('[role="status"]')).toHaveLength(1);
    // ARTICLE_QUERY: 3 retries after 1, 2 and 4 s.
    await act(() => jest.advanceTimersByTimeAsync(7_000));
    expect(get('h1').textContent).toBe('기술분석을 불러오는 중 오류가 발생했습니다.');
    expect(pageText()).toContain('content is down');
    expect(api.calls('GET', '/api/tech-analysis/down')).toHaveLength(4);
    expect(get('a', '분석 목록으로 돌아가기').getAttribute('href')).toBe('/analysis');
  });
});

describe('tech analysis routes', () => {
  it('shows the not-found page below a slug', async () => {
    await render(<App />, '/tech-analysis/rust/extra', '/tech-analysis/*');
    expect(pageText()).toContain('404 Page Not Found');
  });
});

// /news, /analysis and /insights/{id} render the shared article page of frontends/ui (whose specs test every
// behaviour); here, only what content detail adds: the type label, tags to /tags/{slug}, related links per
// section with 'No Image', its share platforms and copy link, generating a missing image, the tech-metadata and
// key-insights boxes, and 돌아가기 to the section's list.
import type { Article } from '@pulse/contracts';
import { queryClient } from '@pulse/frontend-ui';
import {
  cleanup,
  click,
  errorResponse,
  type FetchMock,
  get,
  installFetch,
  location,
  pageText,
  queryAll,
  render,
  waitFor,
} from '@pulse/frontend-ui/src/testing';
import App from '../App';
import { makeArticle, makeListItem } from '../test/fixtures';

let api: FetchMock;
beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  queryClient.clear();
  sessionStorage.clear();
  api = installFetch()
    .on('GET', /^\/api\/interactions\/status\//, { body: { liked: false } })
    .on('GET', /^\/api\/articles\/related\//, { body: { articles: [] } })
    .on('POST', /\/view$/, { body: { counted: true, views: 1 } });
});
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

function serve(article: Article) {
  api.on('GET', `/api/articles/${article.id}`, { body: { article } });
}

async function open(url: string, section = url.split('/')[1]) {
  await render(<App section={section} />, url, `/${section}/*`);
}

describe('content detail', () => {
  it('shows the shared page with the type label, /tags/{slug} links, related links per section and its share buttons', async () => {
    serve(makeArticle({ id: 'n1', tags: [{ id: 't1', name: '오픈AI', slug: 'openai' }], imageUrl: null }));
    api
      .on('GET', '/api/articles/related/n1', {
        body: { articles: [makeListItem({ id: 'r1', type: 'insight', imageUrl: null })] },
      })
      .on('POST', '/api/articles/n1/generate-image', { body: { imageUrl: '/images/generated/n1.png' } });
    await open('/news/n1');
    await waitFor(() => get('h1', '기사 n1'));

    expect(get('.badge--type').textContent).toBe('뉴스');
    expect(get('a', '#오픈AI').getAttribute('href')).toBe('/tags/openai');
    expect(queryAll('.share-buttons button').map((b) => b.textContent)).toEqual([
      'Twitter',
      'Facebook',
      'LinkedIn',
    ]);
    expect(get('button', '링크 복사')).toBeTruthy();
    // A missing image is generated on content detail.
    await waitFor(() =>
      expect(get('.article-hero img').getAttribute('src')).toBe('/images/generated/n1.png'),
    );
    await waitFor(() => expect(get('.related-item').getAttribute('href')).toBe('/insights/r1'));
    expect(get('.related-item').textContent).toContain('No Image');
  });

  it('shows the tech-metadata box from either spelling of techMeta', async () => {
    serve(
      makeArticle({
        id: 'a1',
        type: 'analysis',
        techMeta: {
          difficulty: 'intermediate',
          estimatedTime: 25,
          techStack: ['Rust', 'Tokio'],
          githubUrl: 'https://github.com/tokio-rs/tokio',
        },
      }),
    );
    await open('/analysis/a1');
    await waitFor(() => get('h2', '기술 정보'));

    expect(get('.badge--type').textContent).toBe('분석');
    expect(get('.difficulty').textContent).toBe('중급');
    expect(get('.difficulty').className).toContain('difficulty--yellow');
    expect(pageText()).toContain('25분');
    expect(pageText()).toContain('2개');
    expect(get('a', 'tokio-rs/tokio').getAttribute('href')).toBe('https://github.com/tokio-rs/tokio');
    expect(queryAll('h2', '핵심 인사이트')).toHaveLength(0);
  });

  it('lists every key insight of an insight', async () => {
    serve(
      makeArticle({
        id: 'i1',
        type: 'insight',
        insightMeta: { keyInsights: ['하나', '둘', '셋', '넷'], relatedIndustries: [] },
      }),
    );
    await open('/insights/i1');
    await waitFor(() => get('h2', '핵심 인사이트'));
    expect([...get('.key-insights').querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '하나',
      '둘',
      '셋',
      '넷',
    ]);
    expect(get('.badge--type').textContent).toBe('인사이트');
  });

  it("goes back to the section's list from 돌아가기 when the article does not exist", async () => {
    api.on('GET', '/api/articles/gone', errorResponse(404, 'article gone not found'));
    await open('/news/gone');
    await waitFor(() => expect(pageText()).toContain('요청하신 기사가 존재하지 않거나 삭제되었습니다'));
    await click(get('button', '돌아가기'));
    expect(location()).toBe('/news');
  });
});

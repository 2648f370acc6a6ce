// /news, /analysis and /insights/{id} render the shared article page of frontends/ui (whose specs test every
// behaviour); here, only what content detail adds: the type label, tags to /tags/{slug}, related links per
// section with 'No Image', its share platforms and copy link, generating a missing image, the tech-metadata and
// key-insights boxes, and 돌아가기 to the section's list.
import type { Article } from '@pulse/contracts';
import { queryClient } from '@pulse/frontend-ui';
import { errorResponse, type FetchMock, installFetch, location, renderAt } from '@pulse/frontend-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import App from '../App';
import { makeArticle, makeListItem } from '../../testing/fixtures';

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
  jest.restoreAllMocks();
});

function serve(article: Article) {
  api.on('GET', `/api/articles/${article.id}`, { body: { article } });
}

function open(url: string, section = url.split('/')[1]) {
  renderAt(<App section={section} />, url, `/${section}/*`);
}

// The type label is a badge among the article's meta, a plain <span>.
const typeBadge = () => document.querySelector('.badge--type');

describe('content detail', () => {
  it('shows the shared page with the type label, /tags/{slug} links, related links per section and its share buttons', async () => {
    serve(makeArticle({ id: 'n1', tags: [{ id: 't1', name: '오픈AI', slug: 'openai' }], imageUrl: null }));
    api
      .on('GET', '/api/articles/related/n1', {
        body: { articles: [makeListItem({ id: 'r1', type: 'insight', imageUrl: null })] },
      })
      .on('POST', '/api/articles/n1/generate-image', { body: { imageUrl: '/images/generated/n1.png' } });
    open('/news/n1');
    await screen.findByRole('heading', { level: 1, name: '기사 n1' });

    expect(typeBadge()?.textContent).toBe('뉴스');
    expect(screen.getByRole('link', { name: '#오픈AI' })).toHaveAttribute('href', '/tags/openai');
    const share = within(screen.getByRole('group', { name: '공유하기' }));
    expect(share.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Twitter',
      'Facebook',
      'LinkedIn',
    ]);
    expect(screen.getByRole('button', { name: /링크 복사/ })).toBeInTheDocument();
    // A missing image is generated on content detail.
    const hero = within(screen.getByRole('figure'));
    await waitFor(() =>
      expect(hero.getByRole('img', { name: '기사 n1' })).toHaveAttribute('src', '/images/generated/n1.png'),
    );
    const related = within(screen.getByRole('complementary', { name: '관련 기사' }));
    await waitFor(() => expect(related.getByRole('link')).toHaveAttribute('href', '/insights/r1'));
    expect(related.getByRole('link')).toHaveTextContent('No Image');
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
    open('/analysis/a1');
    await screen.findByRole('heading', { level: 2, name: '기술 정보' });

    expect(typeBadge()?.textContent).toBe('분석');
    const difficulty = screen.getByText('중급');
    expect(difficulty).toHaveClass('difficulty');
    expect(difficulty).toHaveClass('difficulty--yellow');
    expect(document.body).toHaveTextContent('25분');
    expect(document.body).toHaveTextContent('2개');
    expect(screen.getByRole('link', { name: /tokio-rs\/tokio/ })).toHaveAttribute(
      'href',
      'https://github.com/tokio-rs/tokio',
    );
    expect(screen.queryByRole('heading', { level: 2, name: /핵심 인사이트/ })).not.toBeInTheDocument();
  });

  it('lists every key insight of an insight', async () => {
    serve(
      makeArticle({
        id: 'i1',
        type: 'insight',
        insightMeta: { keyInsights: ['하나', '둘', '셋', '넷'], relatedIndustries: [] },
      }),
    );
    open('/insights/i1');
    const heading = await screen.findByRole('heading', { level: 2, name: /핵심 인사이트/ });
    const box = heading.closest<HTMLElement>('.key-insights')!;
    expect(box).toBeInTheDocument();
    expect(
      within(box)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['하나', '둘', '셋', '넷']);
    expect(typeBadge()?.textContent).toBe('인사이트');
  });

  it("goes back to the section's list from 돌아가기 when the article does not exist", async () => {
    api.on('GET', '/api/articles/gone', errorResponse(404, 'article gone not found'));
    open('/news/gone');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '요청하신 기사가 존재하지 않거나 삭제되었습니다',
    );
    await userEvent.click(screen.getByRole('button', { name: '돌아가기' }));
    expect(location()).toBe('/news');
  });
});

import { queryClient } from '@pulse/frontend-ui';
import App from '../App';
import {
  FakeIntersectionObserver,
  type FetchMock,
  installFetch,
  location,
  renderAt,
} from '@pulse/frontend-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listItems } from '../../testing/fixtures';

const page = (prefix: string, count: number, pageNo: number, totalPages: number) => ({
  body: { analyses: listItems(prefix, count), pagination: { page: pageNo, totalPages } },
});

let api: FetchMock;
beforeEach(() => {
  queryClient.clear();
  FakeIntersectionObserver.install();
  api = installFetch();
});
const open = (url = '/tech-analysis') => renderAt(<App />, url, '/tech-analysis/*');
const cards = () => screen.queryAllByRole('article');
const categories = () => within(screen.getByRole('group', { name: '기술 카테고리' }));

describe('tech analysis list', () => {
  it('shows all + 8 category buttons and the first page of cards linking to /tech-analysis/{slug}', async () => {
    api.on('GET', '/api/tech-analysis?page=1&limit=9&lang=ko', page('a', 9, 1, 2));
    open();
    await waitFor(() => expect(cards()).toHaveLength(9));
    expect(cards().every((card) => card.classList.contains('analysis-card'))).toBe(true);

    const buttons = categories()
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(buttons).toEqual([
      '전체',
      'AI/ML',
      '웹 프레임워크',
      '클라우드 네이티브',
      '블록체인',
      '데이터 엔지니어링',
      'DevOps',
      '모바일',
      '보안',
    ]);
    expect(categories().getByRole('button', { pressed: true }).textContent).toBe('전체');
    expect(screen.getAllByRole('button', { pressed: true })).toHaveLength(1);
    expect(within(cards()[0]!).getAllByRole('link', { name: /분석 a1/ })[0]).toHaveAttribute(
      'href',
      '/tech-analysis/a1',
    );
    expect(cards()[0]).toHaveTextContent('중급');
    expect(cards()[0]).toHaveTextContent('7분 읽기');
  });

  it('loads the next page when the sentinel shows, until the last page', async () => {
    api
      .on('GET', '/api/tech-analysis?page=1&limit=9&lang=ko', page('a', 9, 1, 2))
      .on('GET', '/api/tech-analysis?page=2&limit=9&lang=ko', page('b', 3, 2, 2));
    open();
    await waitFor(() => expect(cards()).toHaveLength(9));
    const observer = FakeIntersectionObserver.watching(screen.getByTestId('end-sentinel'));
    expect(observer.options.threshold).toBe(0.1);

    await observer.show(0.1);
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(screen.queryByTestId('end-sentinel')).not.toBeInTheDocument();
    expect(screen.getByText(/모든 기술분석을 확인했습니다/)).toBeInTheDocument();
  });

  it('filters by category from page 1, and says when a category has none', async () => {
    api
      .on('GET', '/api/tech-analysis?page=1&limit=9&lang=ko', page('a', 2, 1, 1))
      .on('GET', '/api/tech-analysis?page=1&limit=9&lang=ko&category=security', page('s', 0, 1, 0));
    open();
    await waitFor(() => expect(cards()).toHaveLength(2));

    await userEvent.click(categories().getByRole('button', { name: '보안' }));
    expect(await screen.findByText(/이 카테고리에는 아직 기술분석이 없습니다\./)).toBeInTheDocument();
    expect(cards()).toHaveLength(0);
    expect(location()).toBe('/tech-analysis?category=security');
    expect(categories().getByRole('button', { pressed: true }).textContent).toBe('보안');
  });

  it('says when there are no analyses yet', async () => {
    api.on('GET', '/api/tech-analysis?page=1&limit=9&lang=ko', page('a', 0, 1, 0));
    open();
    expect(await screen.findByText(/아직 등록된 기술분석이 없습니다\./)).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    let fail = true;
    api.on('GET', '/api/tech-analysis?page=1&limit=9&lang=ko', () =>
      fail
        ? {
            status: 400,
            body: { statusCode: 400, error: 'Bad Request', message: 'category must be one of: …' },
          }
        : page('a', 1, 1, 1),
    );
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('category must be one of');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
  });
});

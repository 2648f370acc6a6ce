import { queryClient } from '../api';
import { articleApi, makeArticle, showArticle } from '../testing/article-page';
import { cleanup, click, collectToasts, deferred, errorResponse, get, queryAll, waitFor } from '../testing';

let opened: unknown[][];
beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  queryClient.clear();
  sessionStorage.clear();
  opened = [];
  window.open = ((...args: unknown[]) => {
    opened.push(args);
    return null;
  }) as typeof window.open;
});
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

const shareCount = () => get('.article-share__count').getAttribute('aria-label');

describe('share', () => {
  it("offers the route's platforms, opens a 600x400 popup of the page's address and records the share", async () => {
    const mock = articleApi(makeArticle({ id: 's1', sharesCount: 5 })).on('POST', '/api/articles/s1/share', {
      body: { sharesCount: 7 },
    });
    await showArticle('/read/s1', { sharePlatforms: ['twitter', 'facebook', 'linkedin'] });
    await waitFor(() => get('h1#article-title'));
    expect(queryAll('[role="group"][aria-label="공유하기"] button').map((b) => b.textContent)).toEqual([
      'Twitter',
      'Facebook',
      'LinkedIn',
    ]);
    expect(shareCount()).toBe('공유 5회');

    await click(get('button', 'Twitter 공유'));
    expect(String(opened[0]![0])).toBe(
      `https://twitter.com/intent/tweet?url=${encodeURIComponent('http://localhost/read/s1')}&text=${encodeURIComponent('기사 s1')}`,
    );
    expect(String(opened[0]![2])).toMatch(/^width=600,height=400,/);
    expect(mock.calls('POST', '/api/articles/s1/share')[0]!.body).toEqual({ platform: 'twitter' });
    await waitFor(() => expect(shareCount()).toBe('공유 7회'));
  });

  it('takes the count back with a toast when recording fails', async () => {
    const reply = deferred<{ status: number; body: unknown }>();
    articleApi(makeArticle({ id: 's2', sharesCount: 1 })).on(
      'POST',
      '/api/articles/s2/share',
      () => reply.promise,
    );
    const toasts = collectToasts();
    await showArticle('/read/s2');
    await waitFor(() => get('h1#article-title'));
    await click(get('button', 'Telegram 공유'));
    expect(shareCount()).toBe('공유 2회');
    reply.resolve(errorResponse(500, 'boom'));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toEqual({
      title: '공유를 기록하지 못했습니다',
      description: '잠시 후 다시 시도해주세요',
      variant: 'destructive',
    });
    expect(shareCount()).toBe('공유 1회');
  });

  it('copies the link when the route offers it, says so and records a copy-link share', async () => {
    const copied: string[] = [];
    (navigator as unknown as Record<string, unknown>).clipboard = {
      writeText: async (text: string) => void copied.push(text),
    };
    const mock = articleApi(makeArticle({ id: 'c1' })).on('POST', '/api/articles/c1/share', {
      body: { sharesCount: 2 },
    });
    const toasts = collectToasts();
    await showArticle('/read/c1', { copyLink: true });
    await waitFor(() => get('h1#article-title'));

    await click(get('button', '링크 복사'));
    await waitFor(() => expect(mock.calls('POST', '/api/articles/c1/share')).toHaveLength(1));
    expect(copied).toEqual(['http://localhost/read/c1']);
    expect(mock.calls('POST', '/api/articles/c1/share')[0]!.body).toEqual({ platform: 'copy-link' });
    expect(toasts).toEqual([{ title: '링크가 복사되었습니다' }]);
  });

  it('says when the link could not be copied, and records nothing', async () => {
    (navigator as unknown as Record<string, unknown>).clipboard = {
      writeText: async () => Promise.reject(new Error('denied')),
    };
    const mock = articleApi(makeArticle({ id: 'c2' }));
    const toasts = collectToasts();
    await showArticle('/read/c2', { copyLink: true });
    await waitFor(() => get('h1#article-title'));
    await click(get('button', '링크 복사'));
    await waitFor(() =>
      expect(toasts).toEqual([{ title: '링크를 복사하지 못했습니다', variant: 'destructive' }]),
    );
    expect(mock.calls('POST', '/api/articles/c2/share')).toHaveLength(0);
  });

  it('has no copy button unless the route offers it', async () => {
    articleApi(makeArticle({ id: 'c3' }));
    await showArticle('/read/c3');
    await waitFor(() => get('h1#article-title'));
    expect(queryAll('button', '링크 복사')).toHaveLength(0);
  });
});

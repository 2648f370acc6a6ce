import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryClient } from '../api';
import { articleApi, makeArticle, showArticle } from '../../testing/article-page';
import { collectToasts, deferred, errorResponse } from '../../testing';

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
  jest.restoreAllMocks();
});

// The count is a named image (an icon with a number): its name is what a screen reader says.
const shareCount = () => screen.getByRole('img', { name: /^공유 .+회$/ });
const articleShown = (title: string) => screen.findByRole('heading', { level: 1, name: title });

describe('share', () => {
  it("offers the route's platforms, opens a 600x400 popup of the page's address and records the share", async () => {
    const user = userEvent.setup();
    const mock = articleApi(makeArticle({ id: 's1', sharesCount: 5 })).on('POST', '/api/articles/s1/share', {
      body: { sharesCount: 7 },
    });
    showArticle('/read/s1', { sharePlatforms: ['twitter', 'facebook', 'linkedin'] });
    await articleShown('기사 s1');
    const platforms = within(screen.getByRole('group', { name: '공유하기' })).getAllByRole('button');
    expect(platforms.map((b) => b.textContent)).toEqual(['Twitter', 'Facebook', 'LinkedIn']);
    expect(shareCount()).toHaveAccessibleName('공유 5회');

    await user.click(screen.getByRole('button', { name: 'Twitter 공유' }));
    expect(String(opened[0]![0])).toBe(
      `https://twitter.com/intent/tweet?url=${encodeURIComponent('http://localhost/read/s1')}&text=${encodeURIComponent('기사 s1')}`,
    );
    expect(String(opened[0]![2])).toMatch(/^width=600,height=400,/);
    expect(mock.calls('POST', '/api/articles/s1/share')[0]!.body).toEqual({ platform: 'twitter' });
    await waitFor(() => expect(shareCount()).toHaveAccessibleName('공유 7회'));
  });

  it('takes the count back with a toast when recording fails', async () => {
    const user = userEvent.setup();
    const reply = deferred<{ status: number; body: unknown }>();
    articleApi(makeArticle({ id: 's2', sharesCount: 1 })).on(
      'POST',
      '/api/articles/s2/share',
      () => reply.promise,
    );
    const toasts = collectToasts();
    showArticle('/read/s2');
    await articleShown('기사 s2');
    await user.click(screen.getByRole('button', { name: 'Telegram 공유' }));
    expect(shareCount()).toHaveAccessibleName('공유 2회');
    reply.resolve(errorResponse(500, 'boom'));
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toEqual({
      title: '공유를 기록하지 못했습니다',
      description: '잠시 후 다시 시도해주세요',
      variant: 'destructive',
    });
    expect(shareCount()).toHaveAccessibleName('공유 1회');
  });

  it('copies the link when the route offers it, says so and records a copy-link share', async () => {
    const user = userEvent.setup();
    const mock = articleApi(makeArticle({ id: 'c1' })).on('POST', '/api/articles/c1/share', {
      body: { sharesCount: 2 },
    });
    const toasts = collectToasts();
    showArticle('/read/c1', { copyLink: true });
    await articleShown('기사 c1');

    await user.click(screen.getByRole('button', { name: '링크 복사' }));
    await waitFor(() => expect(mock.calls('POST', '/api/articles/c1/share')).toHaveLength(1));
    // user-event's clipboard stands in for the browser's.
    await expect(navigator.clipboard.readText()).resolves.toBe('http://localhost/read/c1');
    expect(mock.calls('POST', '/api/articles/c1/share')[0]!.body).toEqual({ platform: 'copy-link' });
    expect(toasts).toEqual([{ title: '링크가 복사되었습니다' }]);
  });

  it('says when the link could not be copied, and records nothing', async () => {
    const user = userEvent.setup();
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    const mock = articleApi(makeArticle({ id: 'c2' }));
    const toasts = collectToasts();
    showArticle('/read/c2', { copyLink: true });
    await articleShown('기사 c2');
    await user.click(screen.getByRole('button', { name: '링크 복사' }));
    await waitFor(() =>
      expect(toasts).toEqual([{ title: '링크를 복사하지 못했습니다', variant: 'destructive' }]),
    );
    expect(mock.calls('POST', '/api/articles/c2/share')).toHaveLength(0);
  });

  it('has no copy button unless the route offers it', async () => {
    articleApi(makeArticle({ id: 'c3' }));
    showArticle('/read/c3');
    await articleShown('기사 c3');
    expect(screen.queryByRole('button', { name: /링크 복사/ })).not.toBeInTheDocument();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryClient } from '../api';
import { articleApi, makeArticle, showArticle } from '../../testing/article-page';
import { collectToasts, deferred, errorResponse } from '../../testing';
import { toggled } from './use-article-like';

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  queryClient.clear();
  sessionStorage.clear();
});
afterEach(() => {
  jest.restoreAllMocks();
});

// Named by its visible text ('좋아요 N'), the same pressed or not; aria-pressed says which.
const likeButton = () => screen.getByRole('button', { name: /^좋아요 \d+$/ });
const likeCount = () => screen.getByTestId('like-count').textContent;

async function open(likesCount = 3, liked = false) {
  const mock = articleApi(makeArticle({ id: 'l1', likesCount })).on('GET', '/api/interactions/status/l1', {
    body: { liked },
  });
  showArticle('/read/l1');
  await waitFor(() => expect(mock.calls('GET', '/api/interactions/status/l1')).toHaveLength(1));
  await waitFor(() => expect(likeButton()).toHaveAttribute('aria-pressed', String(liked)));
  return mock;
}

describe('like', () => {
  it("goes up at once, settles on the server's count and says 'you like this article'", async () => {
    const user = userEvent.setup();
    const reply = deferred<{ status: number; body: unknown }>();
    const toasts = collectToasts();
    const mock = await open();
    mock.on('POST', '/api/interactions/like', () => reply.promise);
    expect(likeButton()).toHaveAccessibleName('좋아요 3');
    expect(likeButton()).toHaveTextContent(/^좋아요 3$/);
    expect(likeButton().querySelector('.icon[aria-hidden="true"]')).toHaveClass('icon--heart');

    await user.click(likeButton());
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
    expect(likeButton()).toHaveAttribute('aria-busy', 'true');
    expect(likeCount()).toBe('4');
    expect(mock.calls('POST', '/api/interactions/like')[0]!.body).toEqual({
      contentId: 'l1',
      contentType: 'article',
    });

    reply.resolve({ status: 200, body: { liked: true, likesCount: 10 } });
    await waitFor(() => expect(likeCount()).toBe('10'));
    expect(likeButton()).toHaveAccessibleName('좋아요 10');
    expect(likeButton()).toHaveTextContent(/^좋아요 10$/);
    expect(likeButton().querySelector('.icon[aria-hidden="true"]')).toHaveClass('icon--heart-filled');
    expect(likeButton()).toHaveAttribute('aria-busy', 'false');
    expect(toasts).toEqual([{ title: '이 기사를 좋아합니다' }]);
  });

  it("unlikes through DELETE when the reader already liked it, and says 'like removed'", async () => {
    const user = userEvent.setup();
    const toasts = collectToasts();
    const mock = await open(3, true);
    mock.on('DELETE', '/api/interactions/unlike', { body: { liked: false, likesCount: 2 } });
    await user.click(likeButton());
    await waitFor(() => expect(toasts).toEqual([{ title: '좋아요가 취소되었습니다' }]));
    expect(mock.calls('DELETE', '/api/interactions/unlike')[0]!.body).toEqual({
      contentId: 'l1',
      contentType: 'article',
    });
    expect(likeCount()).toBe('2');
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');
  });

  it('rolls back with a toast when the call fails', async () => {
    const user = userEvent.setup();
    const toasts = collectToasts();
    const mock = await open();
    mock.on('POST', '/api/interactions/like', errorResponse(503, 'Service Unavailable'));
    await user.click(likeButton());
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toEqual({
      title: '좋아요를 처리하지 못했습니다',
      description: '잠시 후 다시 시도해주세요',
      variant: 'destructive',
    });
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');
    expect(likeCount()).toBe('3');
  });

  it('ignores a click while a request is under way', async () => {
    const user = userEvent.setup();
    const reply = deferred<{ status: number; body: unknown }>();
    const mock = await open();
    mock.on('POST', '/api/interactions/like', () => reply.promise);
    await user.click(likeButton());
    await user.click(likeButton());
    expect(mock.calls('POST', '/api/interactions/like')).toHaveLength(1);
    expect(mock.calls('DELETE', '/api/interactions/unlike')).toHaveLength(0);
    reply.resolve({ status: 200, body: { liked: true, likesCount: 4 } });
    await waitFor(() => expect(likeButton()).toHaveAttribute('aria-busy', 'false'));
  });

  it('never shows a count below 0', async () => {
    const user = userEvent.setup();
    expect(toggled({ liked: true, count: 0 })).toEqual({ liked: false, count: 0 });
    expect(toggled({ liked: false, count: 0 })).toEqual({ liked: true, count: 1 });

    const reply = deferred<{ status: number; body: unknown }>();
    const mock = await open(0, true);
    mock.on('DELETE', '/api/interactions/unlike', () => reply.promise);
    await user.click(likeButton());
    expect(likeCount()).toBe('0');
    reply.resolve({ status: 200, body: { liked: false, likesCount: -1 } });
    await waitFor(() => expect(likeButton()).toHaveAttribute('aria-pressed', 'false'));
    expect(likeCount()).toBe('0');
  });

  it('shows the like before the server answers and rolls it back when the answer is an error', async () => {
    const user = userEvent.setup();
    const reply = deferred<{ status: number; body: unknown }>();
    const toasts = collectToasts();
    const mock = await open(7);
    mock.on('POST', '/api/interactions/like', () => reply.promise);
    await user.click(likeButton());
    await waitFor(() => expect(likeCount()).toBe('8'));
    expect(likeButton()).toHaveAttribute('aria-pressed', 'true');
    reply.resolve(errorResponse(500, 'Internal Server Error'));
    await waitFor(() => expect(likeCount()).toBe('7'));
    expect(likeButton()).toHaveAttribute('aria-pressed', 'false');
    expect(toasts.map((t) => t.title)).toEqual(['좋아요를 처리하지 못했습니다']);
  });
});

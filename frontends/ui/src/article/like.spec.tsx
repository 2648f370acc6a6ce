import { queryClient } from '../api';
import { articleApi, makeArticle, showArticle } from '../testing/article-page';
import { cleanup, click, collectToasts, deferred, errorResponse, get, waitFor } from '../testing';
import { toggled } from './use-article-like';

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  queryClient.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  jest.restoreAllMocks();
});

const likeButton = () => get('button.like-button');
const likeCount = () => get('[data-testid="like-count"]').textContent;

async function open(likesCount = 3, liked = false) {
  const mock = articleApi(makeArticle({ id: 'l1', likesCount })).on('GET', '/api/interactions/status/l1', {
    body: { liked },
  });
  await showArticle('/read/l1');
  await waitFor(() => expect(mock.calls('GET', '/api/interactions/status/l1')).toHaveLength(1));
  await waitFor(() => expect(likeButton().getAttribute('aria-pressed')).toBe(String(liked)));
  return mock;
}

describe('like', () => {
  it("goes up at once, settles on the server's count and says 'you like this article'", async () => {
    const reply = deferred<{ status: number; body: unknown }>();
    const toasts = collectToasts();
    const mock = await open();
    mock.on('POST', '/api/interactions/like', () => reply.promise);
    // Named by its visible text, the same pressed or not; aria-pressed says which.
    expect(likeButton().textContent).toBe('♡ 좋아요 3');

    await click(likeButton());
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');
    expect(likeButton().getAttribute('aria-busy')).toBe('true');
    expect(likeCount()).toBe('4');
    expect(mock.calls('POST', '/api/interactions/like')[0]!.body).toEqual({
      contentId: 'l1',
      contentType: 'article',
    });

    reply.resolve({ status: 200, body: { liked: true, likesCount: 10 } });
    await waitFor(() => expect(likeCount()).toBe('10'));
    expect(likeButton().textContent).toBe('♥ 좋아요 10');
    expect(likeButton().getAttribute('aria-busy')).toBe('false');
    expect(toasts).toEqual([{ title: '이 기사를 좋아합니다' }]);
  });

  it("unlikes through DELETE when the reader already liked it, and says 'like removed'", async () => {
    const toasts = collectToasts();
    const mock = await open(3, true);
    mock.on('DELETE', '/api/interactions/unlike', { body: { liked: false, likesCount: 2 } });
    await click(likeButton());
    await waitFor(() => expect(toasts).toEqual([{ title: '좋아요가 취소되었습니다' }]));
    expect(mock.calls('DELETE', '/api/interactions/unlike')[0]!.body).toEqual({
      contentId: 'l1',
      contentType: 'article',
    });
    expect(likeCount()).toBe('2');
    expect(likeButton().getAttribute('aria-pressed')).toBe('false');
  });

  it('rolls back with a toast when the call fails', async () => {
    const toasts = collectToasts();
    const mock = await open();
    mock.on('POST', '/api/interactions/like', errorResponse(503, 'Service Unavailable'));
    await click(likeButton());
    await waitFor(() => expect(toasts).toHaveLength(1));
    expect(toasts[0]).toEqual({
      title: '좋아요를 처리하지 못했습니다',
      description: '잠시 후 다시 시도해주세요',
      variant: 'destructive',
    });
    expect(likeButton().getAttribute('aria-pressed')).toBe('false');
    expect(likeCount()).toBe('3');
  });

  it('ignores a click while a request is under way', async () => {
    const reply = deferred<{ status: number; body: unknown }>();
    const mock = await open();
    mock.on('POST', '/api/interactions/like', () => reply.promise);
    await click(likeButton());
    await click(likeButton());
    expect(mock.calls('POST', '/api/interactions/like')).toHaveLength(1);
    expect(mock.calls('DELETE', '/api/interactions/unlike')).toHaveLength(0);
    reply.resolve({ status: 200, body: { liked: true, likesCount: 4 } });
    await waitFor(() => expect(likeButton().getAttribute('aria-busy')).toBe('false'));
  });

  it('never shows a count below 0', async () => {
    expect(toggled({ liked: true, count: 0 })).toEqual({ liked: false, count: 0 });
    expect(toggled({ liked: false, count: 0 })).toEqual({ liked: true, count: 1 });

    const reply = deferred<{ status: number; body: unknown }>();
    const mock = await open(0, true);
    mock.on('DELETE', '/api/interactions/unlike', () => reply.promise);
    await click(likeButton());
    expect(likeCount()).toBe('0');
    reply.resolve({ status: 200, body: { liked: false, likesCount: -1 } });
    await waitFor(() => expect(likeButton().getAttribute('aria-pressed')).toBe('false'));
    expect(likeCount()).toBe('0');
  });

  it('shows the like before the server answers and rolls it back when the answer is an error', async () => {
    const reply = deferred<{ status: number; body: unknown }>();
    const toasts = collectToasts();
    const mock = await open(7);
    mock.on('POST', '/api/interactions/like', () => reply.promise);
    await click(likeButton());
    await waitFor(() => expect(likeCount()).toBe('8'));
    expect(likeButton().getAttribute('aria-pressed')).toBe('true');
    reply.resolve(errorResponse(500, 'Internal Server Error'));
    await waitFor(() => expect(likeCount()).toBe('7'));
    expect(likeButton().getAttribute('aria-pressed')).toBe('false');
    expect(toasts.map((t) => t.title)).toEqual(['좋아요를 처리하지 못했습니다']);
  });
});

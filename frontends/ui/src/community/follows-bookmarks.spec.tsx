import type { Follow } from '@pulse/contracts';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import {
  askedIds,
  errorResponse,
  installFetch,
  READER_STATE_PATH,
  readerStateReply,
  type FetchMock,
} from '../../testing';
import { fetchBookmarks, useBookmark } from './bookmarks';
import { useFollows } from './follows';

const at = '2026-03-02T03:00:00.000Z';
const ok = (data: unknown) => ({ body: { success: true, data } });
const signIn = (id: string) =>
  localStorage.setItem(
    'anonymous_user',
    JSON.stringify({
      id,
      username: id,
      displayName: id,
      isAnonymous: true,
      badges: [],
      createdAt: at,
      lastActiveAt: new Date().toISOString(),
      sessionId: 's1',
    }),
  );
const signOut = () => {
  localStorage.removeItem('anonymous_user');
  window.dispatchEvent(new Event('pulse:identity'));
};
const followOf = (kind: Follow['kind'], key: string, label: string | null = null): Follow => ({
  kind,
  key,
  label,
  createdAt: at,
});

let api: FetchMock;
beforeEach(() => {
  api = installFetch();
  document.cookie = 'pulse_csrf=csrf-1';
});
afterEach(() => {
  cleanup();
  signOut();
});

describe('useFollows', () => {
  it('loads the list once for every component and keeps them in step with follow and unfollow', async () => {
    signIn('reader-1');
    api
      .on('GET', '/api/community/me/follows', ok({ follows: [followOf('category', 'gen-ai')] }))
      .on('PUT', '/api/community/me/follows/tag/llm', ok({ follow: followOf('tag', 'llm', 'LLM') }))
      .on('DELETE', '/api/community/me/follows/category/gen-ai', ok({ removed: true }));
    const first = renderHook(() => useFollows());
    const second = renderHook(() => useFollows());
    await waitFor(() => expect(first.result.current.follows).toHaveLength(1));
    expect(second.result.current.isFollowing('category', 'gen-ai')).toBe(true);
    expect(api.calls('GET', '/api/community/me/follows')).toHaveLength(1);

    await act(() => first.result.current.follow('tag', 'LLM', 'LLM'));
    // The key goes in the path as the server keeps it ('LLM' → 'llm'), so both compare the same text.
    const put = api.calls('PUT', /\/me\/follows\//)[0];
    expect(put.url).toBe('/api/community/me/follows/tag/llm');
    expect(put.body).toEqual({ label: 'LLM' });
    expect(second.result.current.isFollowing('tag', '#llm')).toBe(true);

    await act(() => second.result.current.unfollow('category', 'gen-ai'));
    expect(first.result.current.isFollowing('category', 'gen-ai')).toBe(false);
    expect(first.result.current.follows?.map((f) => f.key)).toEqual(['llm']);
  });

  it('holds nothing without an identity, and starts over for another one', async () => {
    api.on('GET', '/api/community/me/follows', ok({ follows: [followOf('source', 'src-a')] }));
    const hook = renderHook(() => useFollows());
    expect(hook.result.current.follows).toBeNull();
    expect(api.requests).toHaveLength(0);
    act(() => {
      signIn('reader-2');
      window.dispatchEvent(new Event('pulse:identity'));
    });
    await waitFor(() => expect(hook.result.current.follows).toHaveLength(1));
    act(() => signOut());
    expect(hook.result.current.follows).toBeNull();
  });
});

describe('bookmarks', () => {
  it('asks whether the item is bookmarked, then toggles it through the server', async () => {
    signIn('reader-3');
    api
      .on('GET', READER_STATE_PATH, readerStateReply('reader-3'))
      .on(
        'PUT',
        '/api/community/me/bookmarks/question/q1',
        ok({
          bookmark: { kind: 'question', id: 'q1', title: 'Q', url: '/community/questions/q1', createdAt: at },
        }),
      )
      .on('DELETE', '/api/community/me/bookmarks/question/q1', ok({ removed: true }));
    const hook = renderHook(() => useBookmark('question', 'q1'));
    await waitFor(() => expect(hook.result.current.bookmarked).toBe(false));
    await act(() => hook.result.current.toggle());
    expect(hook.result.current.bookmarked).toBe(true);
    expect(api.calls('PUT', '/api/community/me/bookmarks/question/q1')[0].credentials).toBe('include');
    await act(() => hook.result.current.toggle());
    expect(hook.result.current.bookmarked).toBe(false);
  });

  it('keeps the state when the server refuses, and hands the error to the caller', async () => {
    signIn('reader-4');
    api
      .on('GET', READER_STATE_PATH, readerStateReply('reader-4'))
      .on(
        'PUT',
        '/api/community/me/bookmarks/article/a1',
        errorResponse(409, '북마크는 2,000개까지 할 수 있습니다.'),
      );
    const hook = renderHook(() => useBookmark('article', 'a1'));
    await waitFor(() => expect(hook.result.current.bookmarked).toBe(false));
    await act(async () => {
      await expect(hook.result.current.toggle()).rejects.toThrow(/2,000개/);
    });
    expect(hook.result.current.bookmarked).toBe(false);
    expect(hook.result.current.busy).toBe(false);
  });

  it('asks about the buttons of one page together, every kind in one reader-state call', async () => {
    signIn('reader-6');
    api.on(
      'GET',
      READER_STATE_PATH,
      readerStateReply('reader-6', { questions: { q2: { bookmarked: true } } }),
    );
    const hook = renderHook(() => [
      useBookmark('question', 'q1'),
      useBookmark('question', 'q2'),
      useBookmark('question', 'q3'),
      useBookmark('article', 'a9'),
    ]);
    await waitFor(() =>
      expect(hook.result.current.map((state) => state.bookmarked)).toEqual([false, true, false, false]),
    );
    const gets = api.requests.filter((request) => request.method === 'GET');
    expect(gets).toHaveLength(1);
    expect(askedIds(gets[0])).toEqual({ questions: ['q1', 'q2', 'q3'], articles: ['a9'] });
  });

  it('pages by kind and cursor', async () => {
    signIn('reader-5');
    api.on(
      'GET',
      '/api/community/me/bookmarks?kind=insight&cursor=abc',
      ok({ bookmarks: [], nextCursor: null }),
    );
    expect(await fetchBookmarks({ kind: 'insight', cursor: 'abc' })).toEqual({
      bookmarks: [],
      nextCursor: null,
    });
  });
});

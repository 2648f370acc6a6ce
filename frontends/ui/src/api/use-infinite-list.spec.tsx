import type { ArticleListItem } from '@pulse/contracts';
import { renderHook, run, waitFor } from '../test/render-hook';
import { queryClient } from './query-client';
import { useInfiniteList } from './use-infinite-list';

const item = (id: string) => ({ id, title: id }) as ArticleListItem;
const page = (ids: string[], hasMore: boolean) =>
  Response.json({ articles: ids.map(item), pagination: { hasMore } });

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit?]>();
beforeEach(() => {
  queryClient.clear();
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe('useInfiniteList', () => {
  it('loads page after page by offset until hasMore is false, skipping repeats', async () => {
    fetchMock.mockResolvedValueOnce(page(['a', 'b'], true)).mockResolvedValueOnce(page(['b', 'c'], false));
    const hook = await renderHook(() =>
      useInfiniteList('all', (offset) => `/api/content/news?limit=2&offset=${offset}`, 0),
    );
    await waitFor(() => expect(hook.current.articles.map((a) => a.id)).toEqual(['a', 'b']));
    expect(hook.current.isLoading).toBe(false);

    await run(() => hook.current.loadMore());
    await waitFor(() => expect(hook.current.hasMore).toBe(false));
    expect(hook.current.articles.map((a) => a.id)).toEqual(['a', 'b', 'c']);
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      '/api/content/news?limit=2&offset=0',
      '/api/content/news?limit=2&offset=2',
    ]);

    await run(() => hook.current.loadMore());
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('names its first page in the query for a server render to read (frontends/shell server-reads.ts)', async () => {
    fetchMock.mockResolvedValueOnce(page(['a'], false));
    await renderHook(() =>
      useInfiniteList('hot', (offset) => `/api/content/news?hot=true&offset=${offset}`, 0),
    );
    const [query] = queryClient.getQueryCache().findAll({ queryKey: ['list', 'hot'] });
    expect(query.meta).toEqual({ path: '/api/content/news?hot=true&offset=0', firstPageParam: 0 });
  });

  it('ignores loadMore while a page is loading', async () => {
    let answer!: (r: Response) => void;
    fetchMock.mockResolvedValueOnce(page(['a'], true)).mockReturnValueOnce(new Promise((r) => (answer = r)));
    const hook = await renderHook(() => useInfiniteList('all', (offset) => `/p?offset=${offset}`, 0));
    await waitFor(() => expect(hook.current.articles).toHaveLength(1));
    await run(() => hook.current.loadMore());
    await waitFor(() => expect(hook.current.isLoadingMore).toBe(true));
    await run(() => hook.current.loadMore());
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await run(() => answer(page(['b'], false)));
    await waitFor(() => expect(hook.current.articles).toHaveLength(2));
  });

  it('keeps what it has and reports the error when a page fails', async () => {
    fetchMock
      .mockResolvedValueOnce(page(['a'], true))
      .mockResolvedValueOnce(
        Response.json({ statusCode: 400, error: 'Bad Request', message: 'offset bad' }, { status: 400 }),
      );
    const hook = await renderHook(() => useInfiniteList('all', (offset) => `/p?offset=${offset}`, 0));
    await waitFor(() => expect(hook.current.articles).toHaveLength(1));
    await run(() => hook.current.loadMore());
    await waitFor(() => expect(hook.current.error?.message).toBe('offset bad'));
    expect(hook.current.articles).toHaveLength(1);
    expect(hook.current.hasMore).toBe(true);
  });
});

import { renderHook, run, waitFor } from '../test/render-hook';
import { ApiError } from './fetch-json';
import { queryClient } from './query-client';
import { apiQueryKey, useApiQuery } from './use-api-query';

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit?]>();
beforeEach(() => {
  queryClient.clear();
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

const policy = { staleMs: 60_000, retries: 0 };

describe('useApiQuery', () => {
  it('is loading, then has the data; a second reader of the key uses the cache', async () => {
    fetchMock.mockResolvedValue(Response.json({ n: 1 }));
    const first = await renderHook(() =>
      useApiQuery<{ n: number }>('k', '/api/x', policy, { credentials: 'include' }),
    );
    await waitFor(() => expect(first.current.data).toEqual({ n: 1 }));
    expect(first.current.isLoading).toBe(false);
    expect(fetchMock).toHaveBeenCalledWith('/api/x', expect.objectContaining({ credentials: 'include' }));

    const second = await renderHook(() => useApiQuery<{ n: number }>('k', '/api/x', policy));
    expect(second.current).toMatchObject({ data: { n: 1 }, isLoading: false });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reports loading from the first render, so skeletons show at once', async () => {
    fetchMock.mockReturnValue(new Promise(() => undefined));
    const hook = await renderHook(() => useApiQuery('k2', '/api/y', policy));
    expect(hook.current).toMatchObject({ isLoading: true, data: undefined, error: undefined });
  });

  it('refetches stale data in the background and keeps showing it meanwhile', async () => {
    queryClient.setQueryData(apiQueryKey('k3'), 'old', { updatedAt: Date.now() - 120_000 });
    let answer!: (r: Response) => void;
    fetchMock.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const hook = await renderHook(() => useApiQuery<string>('k3', '/api/z', policy));
    expect(hook.current).toMatchObject({ data: 'old', isLoading: false, isFetching: true });
    await run(() => answer(Response.json('new')));
    await waitFor(() => expect(hook.current.data).toBe('new'));
  });

  it('sets error after a failed read, and refetch tries again', async () => {
    fetchMock.mockResolvedValueOnce(
      Response.json({ statusCode: 404, error: 'Not Found', message: 'gone' }, { status: 404 }),
    );
    const hook = await renderHook(() => useApiQuery('k4', '/api/w', { staleMs: 1000, retries: 3 }));
    await waitFor(() => expect(hook.current.error?.message).toBe('gone'));
    expect(hook.current.isLoading).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1); // a 404 is not retried

    fetchMock.mockResolvedValueOnce(Response.json('back'));
    await run(() => hook.current.refetch());
    await waitFor(() => expect(hook.current).toMatchObject({ data: 'back', error: undefined }));
  });

  it('does nothing for a null key', async () => {
    const hook = await renderHook(() => useApiQuery(null, '/api/never', policy));
    expect(hook.current.isLoading).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('honours the stale time: data younger than it is not fetched again', async () => {
    queryClient.setQueryData(apiQueryKey('k5'), 'fresh', { updatedAt: Date.now() - 30_000 });
    const hook = await renderHook(() => useApiQuery<string>('k5', '/api/v', policy));
    expect(hook.current).toMatchObject({ data: 'fresh', isFetching: false });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('retries a retryable failure as many times as the policy says, 1 s, 2 s … apart', async () => {
    jest.useFakeTimers();
    try {
      fetchMock.mockImplementation(() => Promise.reject(new TypeError('offline')));
      const hook = await renderHook(() => useApiQuery('k6', '/api/u', { staleMs: 1000, retries: 2 }));
      await run(() => jest.advanceTimersByTimeAsync(0));
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await run(() => jest.advanceTimersByTimeAsync(999));
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await run(() => jest.advanceTimersByTimeAsync(1));
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await run(() => jest.advanceTimersByTimeAsync(2000));
      expect(fetchMock).toHaveBeenCalledTimes(3);
      await run(() => jest.advanceTimersByTimeAsync(60_000));
      expect(fetchMock).toHaveBeenCalledTimes(3);
      expect(hook.current.error).toBeInstanceOf(ApiError);
      expect(hook.current.error).toMatchObject({ status: 0, message: 'offline' });
      expect(hook.current.isLoading).toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });
});

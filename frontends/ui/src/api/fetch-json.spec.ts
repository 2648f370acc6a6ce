import { ApiError, fetchJson, sendJson } from './fetch-json';

describe('fetchJson', () => {
  const fetchMock = jest.fn<Promise<Response>, [string, RequestInit?]>();
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });

  it('sends the first credentialed call of a page alone, so every call shares the session it creates', async () => {
    delete (globalThis as { __pulseReaderSession?: unknown }).__pulseReaderSession;
    let answerFirst!: (response: Response) => void;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answerFirst = resolve)));
    fetchMock.mockImplementation(() => Promise.resolve(Response.json({ ok: true })));
    const status = fetchJson('/api/interactions/status/a1', { credentials: 'include' });
    const view = sendJson('POST', '/api/articles/a1/view');
    const list = fetchJson('/api/content/news');
    await list;
    // The uncredentialed list went out; the view waits for the status call's answer (and its cookie).
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/interactions/status/a1',
      '/api/content/news',
    ]);
    answerFirst(Response.json({ liked: false }));
    await Promise.all([status, view]);
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/articles/a1/view');
  });

  it('sends a like, share or view once more when the answer says the session was only now issued', async () => {
    delete (globalThis as { __pulseReaderSession?: unknown }).__pulseReaderSession;
    fetchMock
      .mockResolvedValueOnce(Response.json({ counted: false, views: 3, reason: 'session-issued' }))
      .mockResolvedValueOnce(Response.json({ counted: true, views: 4 }))
      .mockResolvedValueOnce(
        Response.json({ success: true, data: { counted: false, viewCount: 0, reason: 'session-issued' } }),
      )
      .mockResolvedValueOnce(Response.json({ success: true, data: { counted: true, viewCount: 1 } }))
      .mockImplementation(() =>
        Promise.resolve(Response.json({ counted: false, views: 4, reason: 'session-issued' })),
      );
    await expect(sendJson('POST', '/api/articles/a1/view')).resolves.toEqual({ counted: true, views: 4 });
    await expect(sendJson('POST', '/api/community/questions/q1/view')).resolves.toEqual({
      success: true,
      data: { counted: true, viewCount: 1 },
    });
    // Once only: a browser that keeps no cookie is not sent round in circles.
    await expect(sendJson('POST', '/api/articles/a1/view')).resolves.toMatchObject({ counted: false });
    expect(fetchMock).toHaveBeenCalledTimes(6);
    // A read never is.
    fetchMock.mockClear();
    await fetchJson('/api/x', { credentials: 'include' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('returns the parsed body of a 2xx answer and asks for JSON', async () => {
    fetchMock.mockResolvedValue(Response.json({ article: { id: 'a1' } }));
    await expect(fetchJson('/api/articles/a1')).resolves.toEqual({ article: { id: 'a1' } });
    expect(fetchMock.mock.calls[0]![1]!.headers).toEqual({ Accept: 'application/json' });
  });

  it("throws ApiError with the status and the error body's message", async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        { statusCode: 404, error: 'Not Found', message: 'article a1 not found' },
        { status: 404 },
      ),
    );
    const error = await fetchJson('/api/articles/a1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'article a1 not found' });
  });

  it('falls back to the HTTP status when the error body is not the API shape', async () => {
    fetchMock.mockResolvedValue(
      new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(fetchJson('/api/x')).rejects.toMatchObject({ status: 502, message: 'HTTP 502 Bad Gateway' });
  });

  it('turns a network failure into ApiError with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));
    await expect(fetchJson('/api/x')).rejects.toMatchObject({ status: 0, message: 'fetch failed' });
  });

  it('resolves a 204 to undefined', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(fetchJson('/api/x')).resolves.toBeUndefined();
  });

  it('sendJson sends a JSON body with credentials', async () => {
    fetchMock.mockResolvedValue(Response.json({ liked: true, likesCount: 3 }));
    await sendJson('DELETE', '/api/interactions/unlike', { contentId: 'a1', contentType: 'article' });
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/interactions/unlike');
    expect(init).toMatchObject({
      method: 'DELETE',
      credentials: 'include',
      body: '{"contentId":"a1","contentType":"article"}',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    });
  });
});

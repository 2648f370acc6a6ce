import { sendViewOncePerSession } from './view-count';

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit?]>();

beforeEach(() => {
  sessionStorage.clear();
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  window.dispatchEvent(new Event('pageshow'));
});
afterEach(() => jest.restoreAllMocks());

describe('sendViewOncePerSession', () => {
  it('sends once per session, with keepalive, and forgets the mark when the request fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const failed = sendViewOncePerSession('pulse:viewed:a1', '/api/articles/a1/view');
    await sendViewOncePerSession('pulse:viewed:a1', '/api/articles/a1/view');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'POST', keepalive: true });
    await failed;
    expect(sessionStorage.getItem('pulse:viewed:a1')).toBeNull();

    fetchMock.mockResolvedValueOnce(Response.json({ counted: true }));
    await sendViewOncePerSession('pulse:viewed:a1', '/api/articles/a1/view');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sessionStorage.getItem('pulse:viewed:a1')).not.toBeNull();
  });

  it('keeps the mark when the request failed because the reader left the page (it was sent)', async () => {
    let fail!: (error: Error) => void;
    fetchMock.mockReturnValueOnce(new Promise((_, reject) => (fail = reject)));
    const sent = sendViewOncePerSession('pulse:viewed:a2', '/api/articles/a2/view');
    window.dispatchEvent(new Event('pagehide'));
    fail(new TypeError('Failed to fetch'));
    await sent;
    expect(sessionStorage.getItem('pulse:viewed:a2')).not.toBeNull();
    expect(console.warn).not.toHaveBeenCalled();
  });
});

// A fetch stand-in for the front ends' component tests: answers by method and path, records every request,
// and lets a test hold a response back (a deferred reply) to look at the optimistic state in between. The
// API is mocked at the boundary, so the pages' own clients, caches and retries run for real.

export interface RecordedRequest {
  method: string;
  url: string;
  body: unknown;
  credentials?: RequestCredentials;
  keepalive?: boolean;
}

export type Reply = { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;
type Handler = (request: RecordedRequest) => Reply;

export interface FetchMock {
  requests: RecordedRequest[];
  /** Answers `METHOD /path` (query string included when the pattern has one; a RegExp tests the whole URL). */
  on(method: string, path: string | RegExp, handler: Handler | Reply): FetchMock;
  calls(method: string, path: string | RegExp): RecordedRequest[];
}

export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const matches = (pattern: string | RegExp, url: string): boolean =>
  typeof pattern === 'string'
    ? pattern.includes('?')
      ? url === pattern
      : url.split('?')[0] === pattern
    : pattern.test(url);

export function installFetch(): FetchMock {
  const routes: Array<{ method: string; path: string | RegExp; handler: Handler }> = [];
  const requests: RecordedRequest[] = [];
  const mock: FetchMock = {
    requests,
    on(method, path, handler) {
      // Later routes win, so a test can override a default answer.
      routes.unshift({ method, path, handler: typeof handler === 'function' ? handler : () => handler });
      return mock;
    },
    calls: (method, path) => requests.filter((r) => r.method === method && matches(path, r.url)),
  };
  (globalThis as Record<string, unknown>).fetch = async (input: string, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const request: RecordedRequest = {
      method,
      url: String(input),
      body,
      credentials: init.credentials,
      keepalive: init.keepalive,
    };
    requests.push(request);
    const route = routes.find((r) => r.method === method && matches(r.path, request.url));
    const reply = route
      ? await route.handler(request)
      : {
          status: 404,
          body: { statusCode: 404, error: 'Not Found', message: `no mock for ${method} ${input}` },
        };
    const status = reply.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(reply.body ?? {}), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return mock;
}

/** The JSON error body the gateway answers with ({statusCode, error, message}). */
export const errorResponse = (status: number, message: string): { status: number; body: unknown } => ({
  status,
  body: { statusCode: status, error: 'Error', message },
});

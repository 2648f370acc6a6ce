// A fetch stand-in answering by method and path, recording every call: the API is mocked at the boundary.
export interface FetchCall {
  method: string;
  path: string;
  body: unknown;
}

type Answer = unknown | ((call: FetchCall) => Response | Promise<Response>);

export interface FetchMock {
  calls: FetchCall[];
  /** Answers `METHOD /path?query` (exact) or `METHOD /path` (any query) with JSON or a function's Response. */
  on(route: string, answer: Answer): FetchMock;
  callsTo(route: string): FetchCall[];
}

export function mockFetch(): FetchMock {
  const routes = new Map<string, Answer>();
  const calls: FetchCall[] = [];
  const find = (method: string, path: string): Answer | undefined =>
    routes.get(`${method} ${path}`) ?? routes.get(`${method} ${path.split('?')[0]}`);
  globalThis.fetch = (async (input: string, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const path = String(input);
    const call = { method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
    calls.push(call);
    const answer = find(method, path);
    if (answer === undefined) {
      return Response.json(
        { statusCode: 404, error: 'Not Found', message: `no mock for ${method} ${path}` },
        { status: 404 },
      );
    }
    return typeof answer === 'function'
      ? (answer as (c: FetchCall) => Response)(call)
      : Response.json(answer);
  }) as typeof fetch;
  const mock: FetchMock = {
    calls,
    on(route, answer) {
      routes.set(route, answer);
      return mock;
    },
    callsTo: (route) => {
      const [method, path] = route.split(' ');
      return calls.filter((c) => c.method === method && (c.path === path || c.path.split('?')[0] === path));
    },
  };
  return mock;
}

export const errorResponse = (status: number, message: string): Response =>
  Response.json({ statusCode: status, error: 'Error', message }, { status });

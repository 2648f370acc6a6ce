import type { ErrorBody } from '@pulse/contracts';

/** A failed call: `status` is the HTTP status (0 when the request never got an answer). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Fetches `path` and parses its JSON body. A non-2xx answer throws ApiError carrying the message of the
 * API's error body ({statusCode, error, message}); a network failure throws ApiError with status 0.
 * A 204 resolves to undefined.
 */
export async function fetchJson<T>(path: string, init?: RequestInit): Promise<T> {
  const result = await fetchJsonOnce<T>(path, init);
  // A like, share or view sent without the reader's session gets one (Set-Cookie) and counts nothing
  // (docs/abuse/engagement.md); sent once more, now with the cookie, it counts. Only once: a browser that
  // refuses the cookie would otherwise be told the same for ever.
  if (init?.credentials === 'include' && init.method && init.method !== 'GET' && sessionJustIssued(result))
    return fetchJsonOnce<T>(path, init);
  return result;
}

/** The answer of an engagement call sent without a session: `reason: 'session-issued'`, top level or in `data`. */
function sessionJustIssued(body: unknown): boolean {
  const reasonOf = (value: unknown) =>
    typeof value === 'object' && value !== null ? (value as { reason?: unknown }).reason : undefined;
  return (
    reasonOf(body) === 'session-issued' ||
    reasonOf(typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined) ===
      'session-issued'
  );
}

async function fetchJsonOnce<T>(path: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    const send = () => fetch(path, { ...init, headers: { Accept: 'application/json', ...init?.headers } });
    response = await (init?.credentials === 'include' ? withReaderSession(send) : send());
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw new ApiError(response.status, await errorMessage(response));
  if (response.status === 204) return undefined as T;
  try {
    return (await response.json()) as T;
  } catch {
    throw new ApiError(response.status, `${path}: 응답이 JSON이 아닙니다`);
  }
}

/**
 * fetchJson with a JSON request body, for POST/DELETE calls such as like, share and subscribe. `keepalive`
 * lets the request outlive the page, so a reader who leaves at once still has it sent (the page left behind
 * may still see its promise rejected as the page's requests are cancelled).
 */
export function sendJson<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  { keepalive = false }: { keepalive?: boolean } = {},
) {
  return fetchJson<T>(path, {
    method,
    credentials: 'include',
    ...(keepalive ? { keepalive } : {}),
    ...(body === undefined
      ? {}
      : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
}

async function errorMessage(response: Response): Promise<string> {
  const fallback = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  try {
    const body = (await response.json()) as Partial<ErrorBody> | null;
    return typeof body?.message === 'string' && body.message !== '' ? body.message : fallback;
  } catch {
    // A proxy's HTML error page or an empty body: the status is all we know.
    return fallback;
  }
}

/**
 * The content service issues the reader's session cookie on the first call that needs one. Two such calls
 * sent together from a page without the cookie would each get a new session, and the browser would keep
 * only the last cookie, so a like recorded under the other one would be lost. The first credentialed call
 * of a page therefore goes alone; the others wait for it (success or failure). The gate lives on window so
 * the shell and the remotes, separate bundles, share it.
 */
type SessionGate = { __pulseReaderSession?: Promise<unknown> };

function withReaderSession(send: () => Promise<Response>): Promise<Response> {
  const scope = (typeof window === 'undefined' ? globalThis : window) as SessionGate;
  const first = scope.__pulseReaderSession;
  if (first) return first.then(send, send);
  const request = send();
  scope.__pulseReaderSession = request.catch(() => undefined);
  return request;
}

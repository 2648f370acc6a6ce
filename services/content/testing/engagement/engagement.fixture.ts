import type { ContentTestApp } from '../content-test-app';
import { READER_COOKIE } from '../../src/engagement/reader-sessions';

export interface ReaderResponse<T> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
  setCookie: string | undefined;
}

/**
 * A browser for engagement tests: keeps the reader cookie the service sets and sends it back, as a
 * browser does with an HttpOnly, SameSite=Lax cookie on same-site requests. Like the article page, which
 * reads the like status on load, it holds a session before its first like, share or view (`arrive`), so
 * that first action counts; `{ arrive: false }` is a client that sends the action straight away. `from`
 * is the client address (the engagement caps key on its network); fastify's injection uses 127.0.0.1.
 */
export function reader(
  content: ContentTestApp,
  cookie?: string,
  { arrive = true, from }: { arrive?: boolean; from?: string } = {},
) {
  const state = { cookie };
  return {
    get cookie() {
      return state.cookie;
    },
    /** The session key inside the cookie (what readerHash hashes). */
    get key() {
      return state.cookie?.slice(READER_COOKIE.length + 1).split('.')[0];
    },
    async call<T = unknown>(
      method: 'GET' | 'POST' | 'DELETE',
      url: string,
      payload?: unknown,
    ): Promise<ReaderResponse<T>> {
      if (arrive && !state.cookie && method !== 'GET')
        await this.call('GET', '/api/interactions/status/arrive');
      const response = await content.inject({
        method,
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
        headers: state.cookie ? { cookie: state.cookie } : {},
        ...(from ? { remoteAddress: from } : {}),
      });
      const raw = response.headers['set-cookie'];
      const setCookie = Array.isArray(raw) ? raw.find((c) => c.startsWith(`${READER_COOKIE}=`)) : raw;
      if (setCookie) state.cookie = setCookie.split(';')[0];
      return {
        status: response.statusCode,
        body: response.json() as T,
        headers: response.headers,
        setCookie,
      };
    },
  };
}

export type Reader = ReturnType<typeof reader>;

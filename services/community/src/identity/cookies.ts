import type { CookieSerializeOptions } from '@fastify/cookie';

/** Cookie names of the community credential (services/community/README.md). */
export const CREDENTIAL_COOKIE = 'pulse_community';
export const CSRF_COOKIE = 'pulse_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/** One cookie to set, applied by the controller through @fastify/cookie's reply.setCookie. */
export interface CookieToSet {
  name: string;
  value: string;
  options: CookieSerializeOptions;
}

/**
 * The credential (HttpOnly, sent only to the community's paths) and the CSRF token (readable by the page's
 * script, which echoes it in the x-csrf-token header). Lax: another site's POST carries neither.
 */
export function credentialCookies(
  token: string,
  csrf: string,
  maxAgeSeconds: number,
  secure: boolean,
): CookieToSet[] {
  return [
    {
      name: CREDENTIAL_COOKIE,
      value: token,
      options: { path: '/api/community', maxAge: maxAgeSeconds, httpOnly: true, sameSite: 'lax', secure },
    },
    {
      name: CSRF_COOKIE,
      value: csrf,
      options: { path: '/', maxAge: maxAgeSeconds, sameSite: 'lax', secure },
    },
  ];
}

/** Both cookies expired at once (logout). */
export function clearedCookies(secure: boolean): CookieToSet[] {
  return credentialCookies('', '', 0, secure);
}

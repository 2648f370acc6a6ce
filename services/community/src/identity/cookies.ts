/** Cookie names and helpers of the community credential (services/community/README.md). */
export const CREDENTIAL_COOKIE = 'pulse_community';
export const CSRF_COOKIE = 'pulse_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/** The first value of cookie `name` in a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

export function credentialCookies(
  token: string,
  csrf: string,
  maxAgeSeconds: number,
  secure: boolean,
): string[] {
  const flags = secure ? '; Secure' : '';
  return [
    `${CREDENTIAL_COOKIE}=${token}; Path=/api/community; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${flags}`,
    `${CSRF_COOKIE}=${csrf}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${flags}`,
  ];
}

export function clearedCookies(secure: boolean): string[] {
  const flags = secure ? '; Secure' : '';
  return [
    `${CREDENTIAL_COOKIE}=; Path=/api/community; Max-Age=0; HttpOnly; SameSite=Lax${flags}`,
    `${CSRF_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${flags}`,
  ];
}

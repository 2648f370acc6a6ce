import { createHmac, timingSafeEqual } from 'node:crypto';
import { STAFF_ROLES, type StaffRole } from '@pulse/contracts';

/**
 * The gateway's word to a service that a staff session is valid for this one request: who (sub, name,
 * role), which session (sid), and the request it was minted for (method, path), good for 30 seconds.
 * Compact: base64url(JSON claims) '.' base64url(HMAC-SHA256(STAFF_ASSERTION_SECRET, first part)).
 * Binding method and path means a leaked header cannot be replayed on another route; the short life means
 * a revoked session stops at the next request, since the gateway asks newsroom afresh every time.
 */
export interface StaffAssertionClaims {
  sub: string;
  name: string;
  role: StaffRole;
  /** The member's own mail address, when their account has one (a newsletter test send goes there). */
  email?: string;
  sid: string;
  method: string;
  /** The request's path without its query string. */
  path: string;
  /** Expiry, epoch seconds. */
  exp: number;
}

export const STAFF_ASSERTION_TTL_SECONDS = 30;

const mac = (secret: string, body: string): Buffer => createHmac('sha256', secret).update(body).digest();

export function signStaffAssertion(claims: StaffAssertionClaims, secret: string): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

export type AssertionCheck =
  | { ok: true; claims: StaffAssertionClaims }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' | 'request' };

/** The request path an assertion is bound to: no query string, so the same route matches either way. */
export const assertionPathOf = (url: string): string => url.split('?')[0];

/** Checks the signature first (nothing unsigned is read), then expiry, then that it names this request. */
export function verifyStaffAssertion(
  token: string,
  secret: string,
  request: { method: string; url: string },
  nowMs: number,
): AssertionCheck {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return { ok: false, reason: 'malformed' };
  const presented = Buffer.from(signature, 'base64url');
  const expected = mac(secret, body);
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected))
    return { ok: false, reason: 'signature' };
  const claims = parseClaims(body);
  if (!claims) return { ok: false, reason: 'malformed' };
  if (claims.exp * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  if (claims.method !== request.method.toUpperCase() || claims.path !== assertionPathOf(request.url))
    return { ok: false, reason: 'request' };
  return { ok: true, claims };
}

function parseClaims(body: string): StaffAssertionClaims | undefined {
  try {
    const value = JSON.parse(
      Buffer.from(body, 'base64url').toString('utf8'),
    ) as Partial<StaffAssertionClaims>;
    const strings = [value.sub, value.name, value.sid, value.method, value.path];
    if (strings.some((field) => typeof field !== 'string') || typeof value.exp !== 'number') return undefined;
    if (value.email !== undefined && typeof value.email !== 'string') return undefined;
    if (!STAFF_ROLES.includes(value.role as StaffRole)) return undefined;
    return value as StaffAssertionClaims;
  } catch {
    return undefined;
  }
}

/**
 * The key the gateway presents (as a bearer) on newsroom's internal session lookup: derived from the
 * shared secret, so it proves the caller holds that secret without the secret itself crossing the wire.
 */
export const staffResolveKey = (secret: string): string =>
  mac(secret, 'pulse newsroom session lookup').toString('base64url');

import { timingSafeEqual } from 'node:crypto';
import {
  STAFF_CSRF_HEADER,
  STAFF_SESSION_COOKIE,
  STAFF_SESSION_RESOLVE_PATH,
  type StaffPrincipal,
} from '@pulse/contracts';
import {
  assertionPathOf,
  signStaffAssertion,
  STAFF_ASSERTION_TTL_SECONDS,
  staffResolveKey,
} from '@pulse/platform';
import type { FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Upstream } from '../upstreams/upstream';
import { cookieOf } from './rate-limit-identity';
import type { VerifiedStaffSessions } from './verified-staff-sessions';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Signing in is the one unsafe call a browser makes before it has a CSRF token (SameSite=Strict guards it). */
const SIGN_IN = { method: 'POST', path: '/api/newsroom/session' };

/** How soon a staff request refused while newsroom could not be asked may come back. */
const LOOKUP_RETRY_AFTER_S = 5;

export type StaffGateResult =
  | { assertion?: string }
  | { refuse: { statusCode: 403 | 503; error: string; message: string; retryAfterS?: number } };

interface ResolvedSession {
  staff: StaffPrincipal;
  sid: string;
  csrfToken: string;
}

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/**
 * Turns a staff session cookie into the signed assertion the services' AdminGuard accepts. On every
 * request carrying the cookie it asks newsroom whose session it is (never cached: a revoked session
 * stops at the next request), requires X-CSRF-Token on unsafe methods, and signs {sub, name, role, email
 * (when the account has one), sid, method, path} for 30 seconds. A cookie newsroom finds no session for
 * adds nothing: the request goes on as an anonymous one, and an admin route answers it 401. When newsroom
 * cannot be asked (down, erroring, slow) the request is refused 503 instead: a 401 would sign the editor
 * out of the admin screens over a blip. Each answer is noted in `verified`, which the rate limit reads to
 * count a member's later requests in their account's bucket.
 */
export class StaffGate {
  constructor(
    private readonly newsroom: Upstream | undefined,
    private readonly secret: string | undefined,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
    private readonly verified?: VerifiedStaffSessions,
  ) {}

  async check(request: FastifyRequest): Promise<StaffGateResult> {
    const token = cookieOf(request, STAFF_SESSION_COOKIE);
    if (!token || !this.newsroom || !this.secret) return {};
    const session = await this.resolve(this.newsroom, this.secret, token, request.requestId);
    if (session === 'unavailable')
      return {
        refuse: {
          statusCode: 503,
          error: 'Service Unavailable',
          message: '로그인 상태를 확인하지 못했습니다. 잠시 후 다시 시도해 주세요.',
          retryAfterS: LOOKUP_RETRY_AFTER_S,
        },
      };
    if (session === 'no session') {
      this.verified?.refused(token);
      return {};
    }
    this.verified?.verified(token, session.staff.id);
    const method = request.method.toUpperCase();
    const path = assertionPathOf(request.url);
    const signingIn = method === SIGN_IN.method && path === SIGN_IN.path;
    if (!SAFE_METHODS.has(method) && !signingIn) {
      const presented = request.headers[STAFF_CSRF_HEADER];
      if (typeof presented !== 'string' || !sameText(presented, session.csrfToken))
        return {
          refuse: {
            statusCode: 403,
            error: 'Forbidden',
            message: '보안 토큰(X-CSRF-Token)이 맞지 않습니다. 페이지를 새로 고친 뒤 다시 시도해 주세요.',
          },
        };
    }
    const { id, name, role, email } = session.staff;
    const exp = Math.floor(this.now() / 1000) + STAFF_ASSERTION_TTL_SECONDS;
    return {
      assertion: signStaffAssertion(
        { sub: id, name, role, ...(email ? { email } : {}), sid: session.sid, method, path, exp },
        this.secret,
      ),
    };
  }

  private async resolve(
    newsroom: Upstream,
    secret: string,
    token: string,
    requestId: string,
  ): Promise<ResolvedSession | 'no session' | 'unavailable'> {
    try {
      const response = await newsroom.forward({
        method: 'POST',
        url: STAFF_SESSION_RESOLVE_PATH,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${staffResolveKey(secret)}`,
          'x-request-id': requestId,
        },
        body: Buffer.from(JSON.stringify({ token })),
      });
      // 404: no live session for this token; 400: not a token newsroom could have issued.
      if (response.statusCode === 404 || response.statusCode === 400) return 'no session';
      if (response.statusCode !== 200 || !Buffer.isBuffer(response.body))
        throw new Error(`newsroom answered ${response.statusCode}`);
      return JSON.parse(response.body.toString('utf8')) as ResolvedSession;
    } catch (error) {
      this.logger.warn({ err: error, requestId }, 'staff session lookup failed');
      return 'unavailable';
    }
  }
}

import { createHash, randomBytes } from 'node:crypto';
import { HttpException, HttpStatus, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import type { StaffLogin, StaffPrincipal, StaffSessionView } from '@pulse/contracts';
import { CLOCK, isoNow, LOGGER, networkOf, type Clock, type NetworkPrefixes } from '@pulse/platform';
import type { Logger } from 'pino';
import { PasswordHasher } from '../accounts/password-hasher';
import type { StaffAccountRecord } from '../accounts/staff-account.record';
import { StaffAccountsRepository } from '../accounts/staff-accounts.repository';
import { nameKeyOf } from '../accounts/name-key';
import { matchingTotpStep } from '../accounts/totp';
import { NEWSROOM_CONFIG, NEWSROOM_NETWORKS, type NewsroomConfig } from '../newsroom.config';
import { LoginAttemptsRepository } from './login-attempts.repository';
import { LoginFailuresRepository } from './login-failures.repository';
import { idleCutoffOf, LAST_USE_WRITE_MS } from './session-idle';
import type { StaffSessionRecord } from './staff-session.record';
import { StaffSessionsRepository } from './staff-sessions.repository';

/** The cookie's token is 32 random bytes; only its SHA-256 is stored. */
export const hashSessionToken = (token: string): string => createHash('sha256').update(token).digest('hex');

const WRONG = '이름 또는 비밀번호가 맞지 않습니다.';

/** A short, stable stand-in for a typed name in the log (sha256 of its name key). */
const nameHashOf = (nameKey: string): string =>
  createHash('sha256').update(nameKey).digest('hex').slice(0, 16);
const WRONG_CODE = '2단계 인증 코드가 맞지 않습니다.';

/** Only tidying: past any lock (NEWSROOM_LOCKOUT_MINUTES is at most a day) and any attack worth noting. */
const FAILURES_KEPT_MS = 24 * 3_600_000;

/** Who a sign-in claims to be (the typed name, normalised, account or not) and where it comes from. */
interface SignInAttempt {
  nameKey: string;
  network: string;
}

/** The member as a verified session names them; the address only when the account has one. */
const principalOf = (account: StaffAccountRecord): StaffPrincipal => ({
  id: account._id,
  name: account.name,
  role: account.role,
  via: 'session',
  ...(account.email ? { email: account.email } : {}),
});

/** What the gateway learns about a cookie: whose it is, its id and its CSRF token. */
export interface ResolvedStaffSession {
  staff: StaffPrincipal;
  sid: string;
  csrfToken: string;
}

/**
 * Staff sign-in sessions: sign in (with lockout and a per-network limit), resolve, sign out, revoke.
 *
 * Wrong passwords lock a name from the network they come from, never the whole account: a lock anyone
 * could trigger from anywhere would let a script that knows an editor's name keep them out. Guessing stays
 * bounded per network, and once a name has drawn NEWSROOM_LOCKOUT_NAME_FAILURES wrong tries in a window
 * from all networks together, every network gets one wrong try at it before its lock: many networks slow
 * to a guess each, while the member's own network, with no failures, is still checked and let in.
 */
@Injectable()
export class StaffSessionsService {
  constructor(
    private readonly accounts: StaffAccountsRepository,
    private readonly sessions: StaffSessionsRepository,
    private readonly attempts: LoginAttemptsRepository,
    private readonly failures: LoginFailuresRepository,
    private readonly hasher: PasswordHasher,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(NEWSROOM_CONFIG) private readonly config: NewsroomConfig,
    @Inject(NEWSROOM_NETWORKS) private readonly networks: NetworkPrefixes,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Signs in; the token is for the cookie only and is never stored or shown again. */
  async signIn(input: StaffLogin, address: string): Promise<{ token: string; view: StaffSessionView }> {
    const attempt = { nameKey: nameKeyOf(input.name), network: networkOf(address, this.networks) };
    await this.limitNetwork(attempt.network);
    await this.refuseWhileLocked(attempt, input.password);
    const account = await this.accounts.findByNameKey(attempt.nameKey);
    if (!account) {
      await this.hasher.verifyNothing(input.password);
      return this.fail(attempt, WRONG);
    }
    if (!(await this.hasher.verify(account.passwordHash, input.password))) return this.fail(attempt, WRONG);
    if (account.totpSecret) {
      // Only someone who knows the password learns that a code is needed.
      if (!input.totp) throw new UnauthorizedException('2단계 인증 코드를 입력해 주세요.');
      const step = matchingTotpStep(account.totpSecret, input.totp, this.clock.now());
      // The store takes the step only if it is later than the last one taken: of two sign-ins racing
      // with one code, one gets it and the other is refused as a spent code.
      if (step === undefined || !(await this.accounts.spendTotpStep(account._id, step, isoNow(this.clock))))
        return this.fail(attempt, WRONG_CODE);
    }
    await this.failures.clear(attempt.nameKey, attempt.network);
    return this.open(account, address);
  }

  /**
   * The live session behind a cookie token, read afresh each time: a revoked one is gone at once. Each
   * resolution is a use, which keeps the session from ending idle.
   */
  async resolve(token: string): Promise<ResolvedStaffSession | null> {
    const live = await this.use(token);
    return live && { staff: live.staff, sid: live.session.sid, csrfToken: live.session.csrfToken };
  }

  async view(token: string | undefined): Promise<StaffSessionView> {
    const live = token ? await this.use(token) : null;
    if (!live) throw new UnauthorizedException('로그인이 필요합니다.');
    return { staff: live.staff, csrfToken: live.session.csrfToken, expiresAt: live.session.expiresAt };
  }

  async signOut(token: string | undefined): Promise<void> {
    if (token) await this.sessions.delete(hashSessionToken(token));
  }

  /**
   * The session and its member, unless it has expired, been idle for NEWSROOM_SESSION_IDLE_MINUTES, or
   * its account is gone; an idle one is refused like an expired one. The use is noted at most once a
   * minute, so a session may end up to a minute before its full idle time: the safer side to err on.
   */
  private async use(token: string): Promise<{ session: StaffSessionRecord; staff: StaffPrincipal } | null> {
    const now = this.clock.now();
    const session = await this.sessions.findLive(hashSessionToken(token), new Date(now).toISOString());
    if (!session) return null;
    const lastUse = session.lastUsedAt ?? session.createdAt;
    if (lastUse <= idleCutoffOf(now, this.config.NEWSROOM_SESSION_IDLE_MINUTES)) return null;
    const account = await this.accounts.findById(session.accountId);
    if (!account) return null;
    if (now - Date.parse(lastUse) >= LAST_USE_WRITE_MS)
      await this.sessions.recordUse(
        session._id,
        new Date(now).toISOString(),
        new Date(now - LAST_USE_WRITE_MS).toISOString(),
      );
    return { session, staff: principalOf(account) };
  }

  private async open(account: StaffAccountRecord, address: string) {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const session: StaffSessionRecord = {
      _id: hashSessionToken(token),
      sid: randomBytes(12).toString('base64url'),
      accountId: account._id,
      csrfToken: randomBytes(32).toString('base64url'),
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + this.config.NEWSROOM_SESSION_HOURS * 3_600_000).toISOString(),
      lastUsedAt: new Date(now).toISOString(),
      address,
    };
    await this.sessions.insert(session);
    // Housekeeping rides on sign-ins, which are rare: no timer for two small collections. Idle sessions go
    // too, so a store copy holds no session older than the idle window that could still be looked at.
    await this.sessions.deleteEnded(
      session.createdAt,
      idleCutoffOf(now, this.config.NEWSROOM_SESSION_IDLE_MINUTES),
    );
    await this.failures.deleteUntouchedSince(new Date(now - FAILURES_KEPT_MS).toISOString());
    return {
      token,
      view: {
        staff: principalOf(account),
        csrfToken: session.csrfToken,
        expiresAt: session.expiresAt,
      },
    };
  }

  private async limitNetwork(network: string): Promise<void> {
    const start = this.loginWindowStart();
    const count = await this.attempts.count(network, start);
    if (count === 1) await this.attempts.deleteBefore(start);
    if (count > this.config.NEWSROOM_LOGIN_PER_ADDRESS)
      throw new HttpException(
        '로그인 시도가 너무 많습니다. 잠시 후 다시 시도해 주세요.',
        HttpStatus.TOO_MANY_REQUESTS,
      );
  }

  private loginWindowStart(): string {
    const windowMs = this.config.NEWSROOM_LOGIN_WINDOW_MINUTES * 60_000;
    return new Date(Math.floor(this.clock.now() / windowMs) * windowMs).toISOString();
  }

  private async refuseWhileLocked(attempt: SignInAttempt, password: string): Promise<void> {
    const until = await this.failures.lockedUntil(attempt.nameKey, attempt.network);
    if (!until || until <= isoNow(this.clock)) return;
    // As slow as a checked password, so a quick 423 does not tell a real name from an unknown one.
    await this.hasher.verifyNothing(password);
    throw this.locked(until);
  }

  private locked(until: string): HttpException {
    const minutes = Math.max(1, Math.ceil((Date.parse(until) - this.clock.now()) / 60_000));
    return new HttpException(
      `로그인에 여러 번 실패해 이 네트워크에서의 로그인이 잠겼습니다. ${minutes}분 뒤에 다시 시도해 주세요.`,
      HttpStatus.LOCKED,
    );
  }

  /** Counts a wrong password or code against the name from this network, and locks the pair at its limit. */
  private async fail(attempt: SignInAttempt, message: string): Promise<never> {
    const now = this.clock.now();
    const at = new Date(now).toISOString();
    const lockUntil = new Date(now + this.config.NEWSROOM_LOCKOUT_MINUTES * 60_000).toISOString();
    // The attempts count keys networks by address, which never starts with 'name '.
    const nameWide = await this.attempts.count(`name ${attempt.nameKey}`, this.loginWindowStart());
    const limit =
      nameWide > this.config.NEWSROOM_LOCKOUT_NAME_FAILURES ? 1 : this.config.NEWSROOM_LOCKOUT_FAILURES;
    const after = await this.failures.record(attempt.nameKey, attempt.network, limit, lockUntil, at);
    // The typed name is logged as a hash: someone who types a password into the name field must not
    // find it in the log. An account's own name hashes the same, so an operator can tell whose it is.
    const logged = { nameHash: nameHashOf(attempt.nameKey), network: attempt.network };
    this.logger.warn(logged, 'staff sign-in failed');
    if (after?.lockedUntil && after.lockedUntil > at) {
      this.logger.warn(
        { ...logged, lockedUntil: after.lockedUntil },
        'staff sign-in locked for this name from this network',
      );
      throw this.locked(after.lockedUntil);
    }
    throw new UnauthorizedException(message);
  }
}

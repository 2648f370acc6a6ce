import { createHash, randomBytes } from 'node:crypto';
import { HttpException, HttpStatus, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import type { StaffLogin, StaffPrincipal, StaffSessionView } from '@pulse/contracts';
import { CLOCK, isoNow, networkOf, type Clock, type NetworkPrefixes } from '@pulse/platform';
import { PasswordHasher } from '../accounts/password-hasher';
import type { StaffAccountRecord } from '../accounts/staff-account.record';
import { StaffAccountsRepository } from '../accounts/staff-accounts.repository';
import { nameKeyOf } from '../accounts/name-key';
import { matchingTotpStep } from '../accounts/totp';
import { NEWSROOM_CONFIG, NEWSROOM_NETWORKS, type NewsroomConfig } from '../newsroom.config';
import { LoginAttemptsRepository } from './login-attempts.repository';
import { idleCutoffOf, LAST_USE_WRITE_MS } from './session-idle';
import type { StaffSessionRecord } from './staff-session.record';
import { StaffSessionsRepository } from './staff-sessions.repository';

/** The cookie's token is 32 random bytes; only its SHA-256 is stored. */
export const hashSessionToken = (token: string): string => createHash('sha256').update(token).digest('hex');

const WRONG = '이름 또는 비밀번호가 맞지 않습니다.';

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

/** Staff sign-in sessions: sign in (with lockout and a per-network limit), resolve, sign out, revoke. */
@Injectable()
export class StaffSessionsService {
  constructor(
    private readonly accounts: StaffAccountsRepository,
    private readonly sessions: StaffSessionsRepository,
    private readonly attempts: LoginAttemptsRepository,
    private readonly hasher: PasswordHasher,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(NEWSROOM_CONFIG) private readonly config: NewsroomConfig,
    @Inject(NEWSROOM_NETWORKS) private readonly networks: NetworkPrefixes,
  ) {}

  /** Signs in; the token is for the cookie only and is never stored or shown again. */
  async signIn(input: StaffLogin, address: string): Promise<{ token: string; view: StaffSessionView }> {
    await this.limitAddress(address);
    const account = await this.accounts.findByNameKey(nameKeyOf(input.name));
    if (!account) {
      await this.hasher.verifyNothing(input.password);
      throw new UnauthorizedException(WRONG);
    }
    this.refuseWhileLocked(account);
    if (!(await this.hasher.verify(account.passwordHash, input.password))) await this.fail(account, WRONG);
    let totpStep: number | undefined;
    if (account.totpSecret) {
      // Only someone who knows the password learns that a code is needed.
      if (!input.totp) throw new UnauthorizedException('2단계 인증 코드를 입력해 주세요.');
      totpStep = matchingTotpStep(account.totpSecret, input.totp, this.clock.now());
      if (totpStep === undefined || totpStep <= (account.totpLastStep ?? -1))
        await this.fail(account, '2단계 인증 코드가 맞지 않습니다.');
    }
    await this.accounts.recordSuccess(account._id, isoNow(this.clock), totpStep);
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
    return {
      token,
      view: {
        staff: principalOf(account),
        csrfToken: session.csrfToken,
        expiresAt: session.expiresAt,
      },
    };
  }

  private async limitAddress(address: string): Promise<void> {
    const windowMs = this.config.NEWSROOM_LOGIN_WINDOW_MINUTES * 60_000;
    const start = new Date(Math.floor(this.clock.now() / windowMs) * windowMs).toISOString();
    const count = await this.attempts.count(networkOf(address, this.networks), start);
    if (count === 1) await this.attempts.deleteBefore(start);
    if (count > this.config.NEWSROOM_LOGIN_PER_ADDRESS)
      throw new HttpException(
        '로그인 시도가 너무 많습니다. 잠시 후 다시 시도해 주세요.',
        HttpStatus.TOO_MANY_REQUESTS,
      );
  }

  private refuseWhileLocked(account: Pick<StaffAccountRecord, 'lockedUntil'>): void {
    if (account.lockedUntil && account.lockedUntil > isoNow(this.clock))
      throw this.locked(account.lockedUntil);
  }

  private locked(until: string): HttpException {
    const minutes = Math.max(1, Math.ceil((Date.parse(until) - this.clock.now()) / 60_000));
    return new HttpException(
      `로그인에 여러 번 실패해 계정이 잠겼습니다. ${minutes}분 뒤에 다시 시도해 주세요.`,
      HttpStatus.LOCKED,
    );
  }

  private async fail(account: StaffAccountRecord, message: string): Promise<never> {
    const now = this.clock.now();
    const lockUntil = new Date(now + this.config.NEWSROOM_LOCKOUT_MINUTES * 60_000).toISOString();
    const after = await this.accounts.recordFailure(
      account._id,
      this.config.NEWSROOM_LOCKOUT_FAILURES,
      lockUntil,
      new Date(now).toISOString(),
    );
    if (after?.lockedUntil && after.lockedUntil > new Date(now).toISOString())
      throw this.locked(after.lockedUntil);
    throw new UnauthorizedException(message);
  }
}

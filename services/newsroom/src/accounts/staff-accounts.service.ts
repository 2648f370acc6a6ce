import { randomUUID } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import type {
  StaffAccountCreate,
  StaffAccountUpdate,
  StaffAccountView,
  StaffPrincipal,
  StaffRole,
  StaffTotpEnrolment,
} from '@pulse/contracts';
import { CLOCK, isoNow, StaffAudit, type Clock } from '@pulse/platform';
import { NEWSROOM_CONFIG, type NewsroomConfig } from '../newsroom.config';
import { LoginFailuresRepository } from '../sessions/login-failures.repository';
import { idleCutoffOf } from '../sessions/session-idle';
import { StaffSessionsRepository } from '../sessions/staff-sessions.repository';
import { nameKeyOf } from './name-key';
import { PasswordHasher } from './password-hasher';
import type { StaffAccountRecord } from './staff-account.record';
import { StaffAccountsRepository } from './staff-accounts.repository';
import { matchingTotpStep, newTotpSecret, otpauthUri } from './totp';

const TOTP_ISSUER = 'Pulse 펄스';

/** Staff accounts: the owner creates them and sets roles; each member manages their own second factor. */
@Injectable()
export class StaffAccountsService {
  constructor(
    private readonly accounts: StaffAccountsRepository,
    private readonly sessions: StaffSessionsRepository,
    private readonly hasher: PasswordHasher,
    private readonly failures: LoginFailuresRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(NEWSROOM_CONFIG) private readonly config: NewsroomConfig,
    private readonly audit: StaffAudit,
  ) {}

  async create(input: StaffAccountCreate): Promise<StaffAccountView> {
    const at = isoNow(this.clock);
    const record: StaffAccountRecord = {
      _id: randomUUID(),
      name: input.name,
      nameKey: nameKeyOf(input.name),
      role: input.role,
      ...(input.email ? { email: input.email } : {}),
      passwordHash: await this.hasher.hash(input.password),
      createdAt: at,
      updatedAt: at,
    };
    await this.accounts.insert(record);
    return this.viewOf(record, 0);
  }

  async list(): Promise<StaffAccountView[]> {
    const [accounts, live] = await Promise.all([this.accounts.list(), this.liveSessions()]);
    return Promise.all(accounts.map((account) => this.viewOf(account, live.get(account._id) ?? 0)));
  }

  /**
   * The owner's edit: a role, an address, or both. Either applies from the next request: the gateway
   * reads the account on every one.
   */
  async update(id: string, input: StaffAccountUpdate): Promise<StaffAccountView> {
    const current = await this.existing(id);
    let updated: StaffAccountRecord | null = current;
    if (input.role !== undefined) updated = await this.setRole(current, input.role);
    if (input.email !== undefined)
      updated = await this.accounts.setEmail(id, input.email, isoNow(this.clock));
    if (!updated) throw new NotFoundException(`staff account not found: ${id}`);
    this.recordChange(current, updated);
    const live = await this.liveSessions();
    return this.viewOf(updated, live.get(id) ?? 0);
  }

  /** The member's own address; ADMIN_TOKEN has no account to give one to. */
  async setOwnEmail(staff: StaffPrincipal, email: string | null): Promise<StaffAccountView> {
    const account = await this.own(staff);
    const updated = await this.accounts.setEmail(account._id, email, isoNow(this.clock));
    if (!updated) throw new NotFoundException(`staff account not found: ${account._id}`);
    this.recordChange(account, updated);
    const live = await this.liveSessions();
    return this.viewOf(updated, live.get(account._id) ?? 0);
  }

  /** The role and address as they were and are, only those that moved; an edit that moved none has none. */
  private recordChange(before: StaffAccountRecord, after: StaffAccountRecord): void {
    const was: { role?: StaffRole; email?: string | null } = {};
    const is: typeof was = {};
    if (before.role !== after.role) [was.role, is.role] = [before.role, after.role];
    if ((before.email ?? null) !== (after.email ?? null))
      [was.email, is.email] = [before.email ?? null, after.email ?? null];
    if (Object.keys(is).length) this.audit.change(was, is);
  }

  private async setRole(current: StaffAccountRecord, role: StaffRole): Promise<StaffAccountRecord | null> {
    if (current.role === 'owner' && role !== 'owner' && (await this.accounts.countOwners()) <= 1)
      throw new ConflictException('마지막 소유자(owner)의 역할은 바꿀 수 없습니다.');
    return this.accounts.setRole(current._id, role, isoNow(this.clock));
  }

  /** Live sessions per account: neither past their expiry nor idle past NEWSROOM_SESSION_IDLE_MINUTES. */
  private liveSessions(): Promise<Map<string, number>> {
    const now = this.clock.now();
    return this.sessions.countLiveByAccount(
      new Date(now).toISOString(),
      idleCutoffOf(now, this.config.NEWSROOM_SESSION_IDLE_MINUTES),
    );
  }

  async revokeSessions(id: string): Promise<{ revoked: number }> {
    await this.existing(id);
    const revoked = await this.sessions.deleteForAccount(id);
    if (revoked) this.audit.change({ sessions: revoked }, { sessions: 0 });
    return { revoked };
  }

  /** A fresh secret for the signed-in member's app; the second factor is on only once a code confirms it. */
  async startTotp(staff: StaffPrincipal): Promise<StaffTotpEnrolment> {
    const account = await this.own(staff);
    const secret = newTotpSecret();
    await this.accounts.setPendingTotp(account._id, secret, isoNow(this.clock));
    return { secret, otpauthUri: otpauthUri(TOTP_ISSUER, account.name, secret) };
  }

  async confirmTotp(staff: StaffPrincipal, code: string): Promise<StaffAccountView> {
    const account = await this.own(staff);
    if (!account.totpPending) throw new ConflictException('먼저 2단계 인증 등록을 시작해 주세요.');
    const step = matchingTotpStep(account.totpPending, code, this.clock.now());
    if (step === undefined) throw new BadRequestException('totp: 인증 코드가 맞지 않습니다.');
    await this.accounts.enableTotp(account._id, account.totpPending, step, isoNow(this.clock));
    // Whether the second factor is on, never the secret; named so the audit's secret filter (any key
    // with 'totp' in it) keeps it.
    this.audit.change({ secondFactor: account.totpSecret ? 'on' : 'off' }, { secondFactor: 'on' });
    return this.viewOf({ ...account, totpSecret: account.totpPending }, 0);
  }

  async removeTotp(staff: StaffPrincipal): Promise<void> {
    const account = await this.own(staff);
    await this.accounts.disableTotp(account._id, isoNow(this.clock));
    if (account.totpSecret) this.audit.change({ secondFactor: 'on' }, { secondFactor: 'off' });
  }

  private async own(staff: StaffPrincipal): Promise<StaffAccountRecord> {
    if (staff.via !== 'session') throw new ForbiddenException('ADMIN_TOKEN has no account of its own');
    return this.existing(staff.id);
  }

  private async existing(id: string): Promise<StaffAccountRecord> {
    const account = await this.accounts.findById(id);
    if (!account) throw new NotFoundException(`staff account not found: ${id}`);
    return account;
  }

  private async viewOf(account: StaffAccountRecord, activeSessions: number): Promise<StaffAccountView> {
    return {
      id: account._id,
      name: account.name,
      role: account.role,
      email: account.email ?? null,
      totpEnabled: Boolean(account.totpSecret),
      // Wrong passwords lock a name from one network only (staff-sessions.service.ts), never the account:
      // the owner sees the latest such lock, the member's own network still signs in.
      lockedUntil:
        (await this.failures.lockedAnywhereUntil(nameKeyOf(account.name), isoNow(this.clock))) ?? null,
      createdAt: account.createdAt,
      activeSessions,
    };
  }
}

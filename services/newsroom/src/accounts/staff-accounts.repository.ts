import { ConflictException, Inject, Injectable } from '@nestjs/common';
import type { StaffRole } from '@pulse/contracts';
import { DOCUMENT_STORE, DuplicateKeyError, type Collection, type DocumentStore } from '@pulse/platform';
import type { StaffAccountRecord } from './staff-account.record';

export const STAFF_ACCOUNTS = 'staff_accounts';

/** `staff_accounts`: one document per staff member, unique by name. */
@Injectable()
export class StaffAccountsRepository {
  private readonly accounts: Collection<StaffAccountRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.accounts = store.collection<StaffAccountRecord>(STAFF_ACCOUNTS, {
      indexes: [{ key: { nameKey: 1 }, unique: true }],
    });
  }

  async insert(account: StaffAccountRecord): Promise<void> {
    try {
      await this.accounts.insertOne(account);
    } catch (error) {
      if (error instanceof DuplicateKeyError) throw new ConflictException('이미 있는 이름입니다.');
      throw error;
    }
  }

  findById(id: string): Promise<StaffAccountRecord | null> {
    return this.accounts.findOne({ _id: id });
  }

  findByNameKey(nameKey: string): Promise<StaffAccountRecord | null> {
    return this.accounts.findOne({ nameKey });
  }

  /** By name: the owner's list reads like a staff directory. */
  list(): Promise<StaffAccountRecord[]> {
    return this.accounts.find({}, { sort: { nameKey: 1 } });
  }

  countOwners(): Promise<number> {
    return this.accounts.countDocuments({ role: 'owner' });
  }

  async setRole(id: string, role: StaffRole, at: string): Promise<StaffAccountRecord | null> {
    return this.accounts.findOneAndUpdate(
      { _id: id },
      { $set: { role, updatedAt: at } },
      { returnDocument: 'after' },
    );
  }

  /** Sets the account's mail address, or removes it (null). */
  async setEmail(id: string, email: string | null, at: string): Promise<StaffAccountRecord | null> {
    return this.accounts.findOneAndUpdate(
      { _id: id },
      email === null
        ? { $set: { updatedAt: at }, $unset: { email: '' } }
        : { $set: { email, updatedAt: at } },
      { returnDocument: 'after' },
    );
  }

  /**
   * Counts one wrong password or code; the one that reaches `limit` locks the account until `lockUntil`
   * and starts the count again. Returns the account after, to tell whether this attempt locked it.
   */
  async recordFailure(
    id: string,
    limit: number,
    lockUntil: string,
    at: string,
  ): Promise<StaffAccountRecord | null> {
    const after = await this.accounts.findOneAndUpdate(
      { _id: id },
      { $inc: { failedLogins: 1 }, $set: { updatedAt: at } },
      { returnDocument: 'after' },
    );
    if (!after || after.failedLogins < limit) return after;
    return this.accounts.findOneAndUpdate(
      { _id: id, failedLogins: { $gte: limit } },
      { $set: { failedLogins: 0, lockedUntil: lockUntil, updatedAt: at } },
      { returnDocument: 'after' },
    );
  }

  /** A good sign-in: the count of wrong ones starts again; `totpStep` is the code's step when one was used. */
  async recordSuccess(id: string, at: string, totpStep?: number): Promise<void> {
    await this.accounts.updateOne(
      { _id: id },
      {
        $set: {
          failedLogins: 0,
          updatedAt: at,
          ...(totpStep === undefined ? {} : { totpLastStep: totpStep }),
        },
        $unset: { lockedUntil: '' },
      },
    );
  }

  async setPendingTotp(id: string, secret: string, at: string): Promise<void> {
    await this.accounts.updateOne({ _id: id }, { $set: { totpPending: secret, updatedAt: at } });
  }

  async enableTotp(id: string, secret: string, step: number, at: string): Promise<void> {
    await this.accounts.updateOne(
      { _id: id, totpPending: secret },
      { $set: { totpSecret: secret, totpLastStep: step, updatedAt: at }, $unset: { totpPending: '' } },
    );
  }

  async disableTotp(id: string, at: string): Promise<void> {
    await this.accounts.updateOne(
      { _id: id },
      { $set: { updatedAt: at }, $unset: { totpSecret: '', totpPending: '', totpLastStep: '' } },
    );
  }
}

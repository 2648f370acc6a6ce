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
   * Takes a TOTP code's step, only if it is later than the last step taken, so one code signs in once even
   * when two sign-ins race with it. False when another sign-in took this step or a later one first.
   */
  async spendTotpStep(id: string, step: number, at: string): Promise<boolean> {
    const { matched } = await this.accounts.updateOne(
      { _id: id, $or: [{ totpLastStep: { $exists: false } }, { totpLastStep: { $lt: step } }] },
      { $set: { totpLastStep: step, updatedAt: at } },
    );
    return matched === 1;
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

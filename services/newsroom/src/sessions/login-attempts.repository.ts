import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, type Collection, type DocumentStore } from '@pulse/platform';

interface LoginAttemptsRecord {
  /** `${key}|${window start ISO}`: the key a network, or `name ${nameKey}` for a name's wrong tries. */
  _id: string;
  count: number;
  windowStart: string;
}

/**
 * `staff_login_attempts`: sign-in attempts per network (and wrong ones per name) and fixed window, in the
 * store so every replica counts the same attempts (a per-process counter would give an attacker one
 * budget per replica).
 */
@Injectable()
export class LoginAttemptsRepository {
  private readonly attempts: Collection<LoginAttemptsRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.attempts = store.collection<LoginAttemptsRecord>('staff_login_attempts', {
      indexes: [{ key: { windowStart: 1 } }],
    });
  }

  /** Counts one attempt and answers how many the key has had in the window, this one included. */
  async count(key: string, windowStart: string): Promise<number> {
    const after = await this.attempts.findOneAndUpdate(
      { _id: `${key}|${windowStart}` },
      { $inc: { count: 1 }, $setOnInsert: { windowStart } },
      { upsert: true, returnDocument: 'after' },
    );
    return after?.count ?? 1;
  }

  async deleteBefore(windowStart: string): Promise<void> {
    await this.attempts.deleteMany({ windowStart: { $lt: windowStart } });
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, type Collection, type DocumentStore } from '@pulse/platform';
import type { StaffSessionRecord } from './staff-session.record';

/** `staff_sessions`: one document per sign-in, keyed by the hash of its cookie token. */
@Injectable()
export class StaffSessionsRepository {
  private readonly sessions: Collection<StaffSessionRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.sessions = store.collection<StaffSessionRecord>('staff_sessions', {
      indexes: [{ key: { accountId: 1 } }, { key: { expiresAt: 1 } }],
    });
  }

  async insert(session: StaffSessionRecord): Promise<void> {
    await this.sessions.insertOne(session);
  }

  /** The session whose token hashes to `tokenHash`, unless it has expired by `now`. */
  findLive(tokenHash: string, now: string): Promise<StaffSessionRecord | null> {
    return this.sessions.findOne({ _id: tokenHash, expiresAt: { $gt: now } });
  }

  /**
   * Notes a use at `at`, unless one after `notedBy` is already noted: one conditional update, so replicas
   * answering a burst of requests write once a minute between them rather than once each. True when it wrote.
   */
  async recordUse(tokenHash: string, at: string, notedBy: string): Promise<boolean> {
    const { modified } = await this.sessions.updateOne(
      { _id: tokenHash, $or: [{ lastUsedAt: { $lte: notedBy } }, { lastUsedAt: { $exists: false } }] },
      { $set: { lastUsedAt: at } },
    );
    return modified > 0;
  }

  async delete(tokenHash: string): Promise<void> {
    await this.sessions.deleteOne({ _id: tokenHash });
  }

  async deleteForAccount(accountId: string): Promise<number> {
    return (await this.sessions.deleteMany({ accountId })).deleted;
  }

  /** Sessions per account that have neither expired by `now` nor been idle since before `usedAfter`. */
  async countLiveByAccount(now: string, usedAfter: string): Promise<Map<string, number>> {
    const rows = await this.sessions.aggregate<{ _id: string; count: number }>([
      {
        $match: {
          expiresAt: { $gt: now },
          $or: [
            { lastUsedAt: { $gt: usedAfter } },
            { lastUsedAt: { $exists: false }, createdAt: { $gt: usedAfter } },
          ],
        },
      },
      { $group: { _id: '$accountId', count: { $sum: 1 } } },
    ]);
    return new Map(rows.map((row) => [row._id, row.count]));
  }

  /**
   * Removes the sessions that can no longer sign anyone in: past their expiry by `now`, or last used at or
   * before `idleCutoff` (the same test `use` refuses them by; a session from before idle sign-out, with no
   * lastUsedAt, by its createdAt). Answers how many went.
   */
  async deleteEnded(now: string, idleCutoff: string): Promise<number> {
    const { deleted } = await this.sessions.deleteMany({
      $or: [
        { expiresAt: { $lte: now } },
        { lastUsedAt: { $lte: idleCutoff } },
        { lastUsedAt: { $exists: false }, createdAt: { $lte: idleCutoff } },
      ],
    });
    return deleted;
  }
}

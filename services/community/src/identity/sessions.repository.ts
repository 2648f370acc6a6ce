import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, type Collection, type DocumentStore } from '@pulse/platform';
import type { SessionRecord } from './identity.record';

/** Activity per identity per UTC day, for the analytics chart ('active identities per day'). */
interface ActivityDayRecord {
  _id: string;
  day: string;
  identityId: string;
}

@Injectable()
export class SessionsRepository {
  private readonly sessions: Collection<SessionRecord>;
  private readonly activity: Collection<ActivityDayRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.sessions = store.collection<SessionRecord>('community_sessions', {
      indexes: [{ key: { identityId: 1 } }],
    });
    this.activity = store.collection<ActivityDayRecord>('community_activity_days', {
      indexes: [{ key: { day: 1 } }],
    });
  }

  insert(session: SessionRecord): Promise<void> {
    return this.sessions.insertOne(session);
  }

  findById(id: string): Promise<SessionRecord | null> {
    return this.sessions.findOne({ _id: id });
  }

  /** Moves lastActiveAt forward only while the session is live (never revives a revoked one). */
  async touch(id: string, at: string): Promise<void> {
    await this.sessions.updateOne({ _id: id, revokedAt: null }, { $max: { lastActiveAt: at } });
  }

  /** true when this call revoked it. */
  async revoke(id: string, at: string): Promise<boolean> {
    const { modified } = await this.sessions.updateOne(
      { _id: id, revokedAt: null },
      { $set: { revokedAt: at } },
    );
    return modified === 1;
  }

  async revokeAllOf(identityId: string, at: string): Promise<void> {
    await this.sessions.updateMany({ identityId, revokedAt: null }, { $set: { revokedAt: at } });
  }

  async recordActivity(identityId: string, day: string): Promise<void> {
    await this.activity.updateOne(
      { _id: `${day}:${identityId}` },
      { $setOnInsert: { day, identityId } },
      { upsert: true },
    );
  }

  async activeByDay(fromDay: string): Promise<Map<string, number>> {
    const rows = await this.activity.aggregate<{ _id: string; count: number }>([
      { $match: { day: { $gte: fromDay } } },
      { $group: { _id: '$day', count: { $sum: 1 } } },
    ]);
    return new Map(rows.map((row) => [row._id, row.count]));
  }

  /** Every session of the identity, gone (its deletion). */
  async removeAllOf(identityId: string): Promise<void> {
    await this.sessions.deleteMany({ identityId });
    await this.activity.deleteMany({ identityId });
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, DuplicateKeyError, type Collection, type DocumentStore } from '@pulse/platform';
import type { BadgeProgressRecord, EarnedBadgeRecord } from './badge.record';

@Injectable()
export class BadgesRepository {
  private readonly earned: Collection<EarnedBadgeRecord>;
  private readonly progress: Collection<BadgeProgressRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.earned = store.collection<EarnedBadgeRecord>('community_badges', {
      indexes: [{ key: { identityId: 1 } }],
    });
    this.progress = store.collection<BadgeProgressRecord>('community_badge_progress');
  }

  /** true when awarded now; false when it was already held (never awarded twice). */
  async award(identityId: string, badgeId: string, earnedAt: string): Promise<boolean> {
    try {
      await this.earned.insertOne({ _id: `${identityId}:${badgeId}`, identityId, badgeId, earnedAt });
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  /** true when removed now; false when it was not held. */
  async withdraw(identityId: string, badgeId: string): Promise<boolean> {
    const { deleted } = await this.earned.deleteOne({ _id: `${identityId}:${badgeId}` });
    return deleted === 1;
  }

  /** Adds `id` to the identity's metric and returns how many distinct ids it holds. */
  async count(identityId: string, metric: string, id: string): Promise<number> {
    const after = await this.progress.findOneAndUpdate(
      { _id: `${identityId}:${metric}` },
      { $addToSet: { ids: id }, $setOnInsert: { identityId, metric } },
      { upsert: true, returnDocument: 'after' },
    );
    return after?.ids.length ?? 0;
  }

  async earnedBy(identityIds: readonly string[]): Promise<Map<string, EarnedBadgeRecord[]>> {
    const rows = identityIds.length
      ? await this.earned.find({ identityId: { $in: [...new Set(identityIds)] } }, { sort: { earnedAt: 1 } })
      : [];
    const byIdentity = new Map<string, EarnedBadgeRecord[]>();
    for (const row of rows) byIdentity.set(row.identityId, [...(byIdentity.get(row.identityId) ?? []), row]);
    return byIdentity;
  }

  /** The identity's badges and its progress towards them (its deletion). */
  async removeAllOf(identityId: string): Promise<void> {
    await Promise.all([this.earned.deleteMany({ identityId }), this.progress.deleteMany({ identityId })]);
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { ArticleEngagedPayload } from '@pulse/contracts';
import { DOCUMENT_STORE, DuplicateKeyError, type Collection, type DocumentStore } from '@pulse/platform';
import type { EngagementRecord } from './engagement-record.entity';

const COLLECTION = 'engagements';

/** The natural key of an engagement: the same reader doing the same thing at the same instant. */
export const engagementKey = (event: ArticleEngagedPayload): string =>
  [
    event.articleId,
    event.kind,
    event.sessionKey,
    event.occurredAt,
    event.kind === 'share' ? event.platform : '',
  ]
    .join('|')
    .replace(/\|+$/, '');

/** Apply-once markers for engagement events, kept in the store so they outlive a restart. */
@Injectable()
export class EngagementRepository {
  private readonly records: Collection<EngagementRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.records = store.collection<EngagementRecord>(COLLECTION, {
      // Window rebuild after a restart (views since an hour ago) and the retention purge.
      indexes: [{ key: { kind: 1, at: 1 } }, { key: { at: 1 } }],
    });
  }

  /** false when this engagement was already applied: the caller then changes nothing. */
  async markApplied(event: ArticleEngagedPayload): Promise<boolean> {
    try {
      await this.records.insertOne({
        _id: engagementKey(event),
        articleId: event.articleId,
        kind: event.kind,
        at: event.occurredAt,
      });
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  viewsSince(since: string): Promise<EngagementRecord[]> {
    return this.records.find({ kind: 'view', at: { $gte: since } }, { sort: { at: 1 } });
  }

  async purgeBefore(before: string): Promise<number> {
    const { deleted } = await this.records.deleteMany({ at: { $lt: before } });
    return deleted;
  }
}

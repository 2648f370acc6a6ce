import { Inject, Injectable } from '@nestjs/common';
import { DOCUMENT_STORE, DuplicateKeyError, type Collection, type DocumentStore } from '@pulse/platform';
import type { ReportRecord } from './report.record';

@Injectable()
export class ReportsRepository {
  private readonly reports: Collection<ReportRecord>;

  constructor(@Inject(DOCUMENT_STORE) store: DocumentStore) {
    this.reports = store.collection<ReportRecord>('community_reports', {
      indexes: [{ key: { kind: 1, targetId: 1 } }],
    });
  }

  /** false when this identity already reported the post. */
  async insert(report: ReportRecord): Promise<boolean> {
    try {
      await this.reports.insertOne(report);
      return true;
    } catch (error) {
      if (error instanceof DuplicateKeyError) return false;
      throw error;
    }
  }

  /** Stamps the post's reports not yet reviewed as reviewed at `at` (a moderator restored the post). */
  async markReviewed(kind: ReportRecord['kind'], targetId: string, at: string): Promise<void> {
    await this.reports.updateMany(
      { kind, targetId, reviewedAt: { $exists: false } },
      { $set: { reviewedAt: at } },
    );
  }

  /** The reports of these posts, oldest first. */
  ofTargets(kind: ReportRecord['kind'], targetIds: readonly string[]): Promise<ReportRecord[]> {
    return targetIds.length
      ? this.reports.find({ kind, targetId: { $in: [...targetIds] } }, { sort: { at: 1 } })
      : Promise.resolve([]);
  }
}

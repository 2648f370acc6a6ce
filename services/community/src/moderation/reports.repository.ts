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

  async summaries(kind: ReportRecord['kind'], targetIds: readonly string[]) {
    const rows = targetIds.length
      ? await this.reports.find({ kind, targetId: { $in: [...targetIds] } }, { sort: { at: 1 } })
      : [];
    const byTarget = new Map<
      string,
      { count: number; reasons: Record<string, number>; lastAt: string | null }
    >();
    for (const row of rows) {
      const summary = byTarget.get(row.targetId) ?? { count: 0, reasons: {}, lastAt: null };
      summary.count += 1;
      summary.reasons[row.reason] = (summary.reasons[row.reason] ?? 0) + 1;
      summary.lastAt = row.at;
      byTarget.set(row.targetId, summary);
    }
    return byTarget;
  }
}

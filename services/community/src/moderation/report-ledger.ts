import { Inject, Injectable } from '@nestjs/common';
import type { ModerationReporter, ModerationReports, ReportBody } from '@pulse/contracts';
import { IdentitiesRepository } from '../identity/identities.repository';
import type { IdentityRecord } from '../identity/identity.record';
import { reportWeight, ruleOf } from '../trust/trust-levels';
import { TRUST_CONFIG, type TrustConfig } from '../trust/trust.config';
import { TrustService } from '../trust/trust.service';
import type { ReportRecord } from './report.record';
import { ReportsRepository } from './reports.repository';
import { CLOCK, isoNow, type Clock } from '@pulse/platform';

/** Reporters a moderator sees per post (the newest); the count and weight cover every report. */
const REPORTERS_SHOWN = 50;

/**
 * Reports of questions, answers and comments, weighed by trust (docs/abuse/trust-levels.md). Every report
 * is recorded and shown to moderators; a post is held only when its reporters' summed weight reaches
 * COMMUNITY_REPORT_WEIGHT_TO_HOLD, one reporter per network. A 'new' nickname weighs nothing, so fresh
 * nicknames, however many and from however many addresses, hide nothing. A moderator's restore reviews
 * the reports so far: only reports made after it weigh toward holding the post again, so the weight that
 * held it once does not let the next report, however light, hide it again.
 */
@Injectable()
export class ReportLedger {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly identities: IdentitiesRepository,
    private readonly trust: TrustService,
    @Inject(TRUST_CONFIG) private readonly config: TrustConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Records `reporter`'s report of the post. `fresh` is false when it had reported the post before;
   * `holds` is whether the post's reports now weigh enough to hold it.
   */
  async record(
    kind: ReportRecord['kind'],
    targetId: string,
    reporter: IdentityRecord,
    ip: string,
    { reason, detail }: ReportBody,
  ): Promise<{ fresh: boolean; holds: boolean }> {
    const trustLevel = this.trust.levelOf(reporter);
    const fresh = await this.reports.insert({
      _id: `${kind}:${targetId}:${reporter._id}`,
      kind,
      targetId,
      identityId: reporter._id,
      reason,
      detail: detail ?? null,
      at: isoNow(this.clock),
      trustLevel,
      weight: ruleOf(trustLevel).reportWeight,
      network: this.trust.networkKey(ip),
    });
    if (!fresh) return { fresh, holds: false };
    const { total } = reportWeight((await this.reports.ofTargets(kind, [targetId])).map(weighed));
    return { fresh, holds: total >= this.config.COMMUNITY_REPORT_WEIGHT_TO_HOLD };
  }

  /** A moderator restored the post: its reports so far are reviewed and stop weighing toward a hold. */
  reviewed(kind: ReportRecord['kind'], targetId: string): Promise<void> {
    return this.reports.markReviewed(kind, targetId, isoNow(this.clock));
  }

  /** Each post's reports as the moderation queues show them, with the reporters' nicknames. */
  async summaries(kind: ReportRecord['kind'], targetIds: readonly string[]) {
    const rows = await this.reports.ofTargets(kind, targetIds);
    const names = new Map(
      (await this.identities.findMany(rows.map((row) => row.identityId))).map((identity) => [
        identity._id,
        identity.displayName,
      ]),
    );
    const byTarget = new Map<string, ReportRecord[]>();
    for (const row of rows) byTarget.set(row.targetId, [...(byTarget.get(row.targetId) ?? []), row]);
    const summaries = new Map<string, ModerationReports>();
    for (const [targetId, reports] of byTarget) {
      const { total, counted } = reportWeight(reports.map(weighed));
      const reasons: Record<string, number> = {};
      for (const report of reports) reasons[report.reason] = (reasons[report.reason] ?? 0) + 1;
      const reporters: ModerationReporter[] = reports
        .slice(-REPORTERS_SHOWN)
        .reverse()
        .map((report) => ({
          id: report.identityId,
          displayName: names.get(report.identityId) ?? '(알 수 없음)',
          trustLevel: report.trustLevel ?? 'new',
          weight: counted.has(report.identityId) ? (report.weight ?? 0) : 0,
          reason: report.reason,
          detail: report.detail,
          at: report.at,
        }));
      summaries.set(targetId, {
        count: reports.length,
        reasons,
        lastAt: reports[reports.length - 1].at,
        weight: total,
        reporters,
      });
    }
    return summaries;
  }
}

export const NO_REPORTS: ModerationReports = {
  count: 0,
  reasons: {},
  lastAt: null,
  weight: 0,
  reporters: [],
};

/**
 * A report as holding weighs it: one stored before trust levels is its own network and weighs nothing, and
 * one a moderator's restore reviewed weighs nothing (the moderators' queue shows it with weight 0).
 */
const weighed = (report: ReportRecord) => ({
  identityId: report.identityId,
  network: report.network ?? `unknown:${report.identityId}`,
  weight: report.reviewedAt ? 0 : (report.weight ?? 0),
});

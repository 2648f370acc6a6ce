import type { ModerationReports, TrustLevel } from '@pulse/contracts';
import { PostedTime } from '@pulse/frontend-ui';

export const REASON_LABELS: Readonly<Record<string, string>> = {
  spam: '스팸',
  abuse: '욕설·비방',
  'off-topic': '주제와 무관',
  other: '기타',
};

/** docs/abuse/trust-levels.md names the levels; a moderator reads them in Korean. */
export const TRUST_LABELS: Readonly<Record<TrustLevel, string>> = {
  new: '새 닉네임',
  basic: '기본',
  member: '회원',
  regular: '단골',
};

/**
 * Who reported a post, newest first: nickname, trust level when reporting, the weight it added toward
 * holding the post (0 for a new nickname or a second reporter from one network), when and why. A
 * moderator sees at a glance whether a hold came from trusted readers or from fresh nicknames.
 */
export function ReportersList({ reports, label }: { reports: ModerationReports; label: string }) {
  if (!reports.reporters?.length) return null;
  return (
    <div className="admin__reporters">
      <p>
        신고 가중치 {reports.weight}
        {reports.reporters.length < reports.count ? ` · 최근 ${reports.reporters.length}명만 표시` : ''}
      </p>
      <ul aria-label={label}>
        {reports.reporters.map((reporter) => (
          <li key={reporter.id}>
            {reporter.displayName} ({TRUST_LABELS[reporter.trustLevel] ?? reporter.trustLevel}, 가중치{' '}
            {reporter.weight}) · <PostedTime value={reporter.at} /> ·{' '}
            {REASON_LABELS[reporter.reason] ?? reporter.reason}
            {reporter.detail ? ` · ${reporter.detail}` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}

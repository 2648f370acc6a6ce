import type { AnalyticsDay, AnalyticsResponse } from '@pulse/contracts';
import { ErrorState, Spinner } from '@pulse/frontend-ui';
import { useCallback, useEffect, useState } from 'react';
import { PAGE_HEADS } from '../../page-heads';
import { adminErrorText, adminFetch } from './admin-session';
import { AdminScreen } from './AdminScreen';

/** Each series' colour is its class's in the stylesheet (pages.css '.admin__series--*'), in both themes. */
const SERIES = [
  ['questions', '질문'],
  ['answers', '답변'],
  ['activeIdentities', '활동한 닉네임'],
] as const;

/** /analytics: questions, answers and active identities per day, from the community service. */
export default function AnalyticsPage() {
  return (
    <AdminScreen title="커뮤니티 통계" head={PAGE_HEADS.analytics}>
      {() => <Analytics />}
    </AdminScreen>
  );
}

function Analytics() {
  const [days, setDays] = useState<AnalyticsDay[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    setError(null);
    try {
      setDays((await adminFetch<AnalyticsResponse>('/api/community/admin/analytics?days=30')).data.days);
    } catch (failure) {
      setError(adminErrorText(failure));
    }
  }, []);
  useEffect(() => void load(), [load]);
  if (error)
    return <ErrorState title="통계를 불러오지 못했습니다." message={error} onRetry={() => void load()} />;
  if (!days) return <Spinner />;
  return (
    <>
      <DailyChart days={days} />
      <table className="admin__table">
        <caption>최근 {days.length}일 (UTC 기준 하루)</caption>
        <thead>
          <tr>
            <th scope="col">날짜</th>
            {SERIES.map(([, label]) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{day.day}</th>
              {SERIES.map(([key]) => (
                <td key={key}>{day[key]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** A line per series; the table below carries the same numbers for screen readers. */
function DailyChart({ days }: { days: AnalyticsDay[] }) {
  const width = 640;
  const height = 200;
  const max = Math.max(1, ...days.flatMap((day) => SERIES.map(([key]) => day[key])));
  const x = (index: number) =>
    days.length < 2 ? width / 2 : (index / (days.length - 1)) * (width - 20) + 10;
  const y = (value: number) => height - 10 - (value / max) * (height - 20);
  return (
    <figure className="admin__chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label="일별 질문, 답변, 활동한 닉네임 수">
        {SERIES.map(([key, label]) => (
          <polyline
            key={key}
            className={`admin__series admin__series--${key}`}
            fill="none"
            strokeWidth={2}
            points={days.map((day, index) => `${x(index)},${y(day[key])}`).join(' ')}
          >
            <title>{label}</title>
          </polyline>
        ))}
      </svg>
      <figcaption>
        {SERIES.map(([key, label]) => (
          <span key={key} className={`admin__legend admin__series--${key}`}>
            <span className="admin__swatch" aria-hidden="true" />
            {label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

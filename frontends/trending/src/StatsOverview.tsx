import type { TrendingStatsResponse } from '@pulse/contracts';
import { formatCount, formatShortDate } from '@pulse/frontend-ui';
import { COPY } from './copy';

/** The four totals of the stats call, shown above the tabs and refreshed by the live toggle. */
export function StatsSummary({ stats }: { stats: TrendingStatsResponse }) {
  const items = [
    [COPY.stats.totalArticles, formatCount(stats.totalStats.totalArticles)],
    [COPY.stats.totalViews, formatCount(stats.totalStats.totalViews)],
    [COPY.stats.avgHotScore, formatCount(Math.round(stats.totalStats.avgHotScore * 10) / 10)],
    [COPY.stats.hotTopicCount, formatCount(stats.hotTopicStats.hotTopicCount)],
  ] as const;
  return (
    <dl className="stats-summary" data-testid="stats-summary">
      {items.map(([label, value]) => (
        <div key={label} className="stats-summary__item">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The overview tab: the totals and the articles published per day, as a table with bars. */
export function StatsOverview({ stats }: { stats: TrendingStatsResponse }) {
  const max = Math.max(1, ...stats.dailyTrends.map((day) => day.articles));
  return (
    <div className="stats-overview">
      <StatsSummary stats={stats} />
      <h2>{COPY.stats.dailyTrends}</h2>
      {stats.dailyTrends.length === 0 ? (
        <p>{COPY.stats.noDaily}</p>
      ) : (
        <table className="daily-trends">
          <thead>
            <tr>
              <th scope="col">{COPY.stats.date}</th>
              <th scope="col">{COPY.stats.articles}</th>
            </tr>
          </thead>
          <tbody>
            {stats.dailyTrends.map((day) => (
              <tr key={day.date}>
                <th scope="row">
                  <time dateTime={day.date}>{formatShortDate(day.date)}</time>
                </th>
                <td>
                  <span className="daily-trends__cell">
                    {/* An SVG's width attribute, not an inline style: the page may arrive server-rendered,
                        and the CSP refuses style attributes in HTML. */}
                    <svg
                      className="daily-trends__bar"
                      width={`${(day.articles / max) * 100}%`}
                      aria-hidden="true"
                      focusable="false"
                    />
                    <span>{formatCount(day.articles)}</span>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

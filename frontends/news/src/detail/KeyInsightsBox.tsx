import { COPY } from '../copy';

/** docs/spec-content.md §2: an insight's detail lists its key insights in a box. */
export function KeyInsightsBox({ insights }: { insights: readonly string[] }) {
  if (insights.length === 0) return null;
  return (
    <section className="detail-box key-insights" aria-labelledby="key-insights-title">
      <h2 id="key-insights-title">{COPY.detail.keyInsights}</h2>
      <ol>
        {insights.map((text, index) => (
          <li key={index}>{text}</li>
        ))}
      </ol>
    </section>
  );
}

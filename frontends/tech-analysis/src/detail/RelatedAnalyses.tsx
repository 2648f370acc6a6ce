import type { RelatedAnalysis } from '@pulse/contracts';
import { Link } from 'react-router';
import { COPY } from '../copy';
import { categoryLabel } from '../labels';

/** Related analyses as cards in three columns, linking to /tech-analysis/{slug}. */
export function RelatedAnalyses({ analyses }: { analyses: readonly RelatedAnalysis[] }) {
  if (analyses.length === 0) return null;
  return (
    <section className="related-analyses" aria-labelledby="related-analyses-title">
      <h2 id="related-analyses-title">{COPY.detail.related}</h2>
      <ul className="related-analyses__grid">
        {analyses.map((analysis) => (
          <li key={analysis.id}>
            <Link to={`/tech-analysis/${encodeURIComponent(analysis.slug)}`} className="related-analysis">
              <span className="badge badge--tech-category">{categoryLabel(analysis.technologyCategory)}</span>
              <span className="related-analysis__title">{analysis.title}</span>
              <span className="related-analysis__summary">{analysis.executiveSummary}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

import type { OriginalArticle } from '@pulse/contracts';
import { COPY } from '../copy';

/** The original-source box with its 'view original' link (docs/spec-content.md §2); several when a story was merged. */
export function OriginalSourceBox({ sources }: { sources: readonly OriginalArticle[] }) {
  const linked = sources.filter((source) => /^https?:\/\//i.test(source.sourceUrl));
  if (linked.length === 0) return null;
  return (
    <section className="detail-box original-source" aria-labelledby="original-source-title">
      <h2 id="original-source-title">{COPY.detail.originalSource}</h2>
      <ul>
        {linked.map((source) => (
          <li key={source.sourceUrl}>
            <p className="original-source__title">{source.title}</p>
            <p className="original-source__meta">
              {source.sourceName && <span>{source.sourceName}</span>}
              {source.author && (
                <span>
                  {COPY.detail.author}: {source.author}
                </span>
              )}
            </p>
            <a className="button" href={source.sourceUrl} target="_blank" rel="noopener noreferrer">
              {COPY.detail.viewOriginal}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

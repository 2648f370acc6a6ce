import type { Article } from '@pulse/contracts';
import { ARTICLE_PAGE } from './copy';

/** Every source of a merged story, else the one original article. */
const sourcesOf = (article: Article) =>
  (article.originalSources?.length
    ? article.originalSources
    : article.originalArticle
      ? [article.originalArticle]
      : []
  ).filter((source) => /^https?:\/\//i.test(source.sourceUrl));

/**
 * The original-source box with its '원문보기' link, opened in a new tab (docs/spec-content.md §2: 'a link to the
 * original source' on /article, 'an original-source box' on content detail); one entry per source.
 */
export function OriginalSourceBox({ article }: { article: Article }) {
  const sources = sourcesOf(article);
  if (sources.length === 0) return null;
  return (
    <section className="detail-box original-source" aria-labelledby="original-source-title">
      <h2 id="original-source-title">{ARTICLE_PAGE.originalSource}</h2>
      <ul>
        {sources.map((source) => (
          <li key={source.sourceUrl}>
            <p className="original-source__title">{source.title}</p>
            {(source.sourceName || source.author) && (
              <p className="original-source__meta">
                {source.sourceName && <span>{source.sourceName}</span>}
                {source.author && (
                  <span>
                    {ARTICLE_PAGE.author}: {source.author}
                  </span>
                )}
              </p>
            )}
            <a
              className="button button--outline"
              href={source.sourceUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              {ARTICLE_PAGE.viewOriginal}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

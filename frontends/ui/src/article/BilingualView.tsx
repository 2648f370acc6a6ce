import type { Article, ArticleBilingual } from '@pulse/contracts';
import { useId, useState } from 'react';
import { ARTICLE_PAGE } from './copy';
import { ArticleBody } from './ArticleBody';

const safeUrl = (url: string | undefined) => (url && /^https?:\/\//i.test(url) ? url : undefined);

/**
 * The article body with the '원문 대조' toggle: a real button (aria-pressed) that swaps the body for a table of
 * each Korean paragraph beside the English paragraph(s) it came from. Both sides are plain text rendered as text
 * (React escapes it); nothing from the feed is rendered as HTML. On a phone the table stacks (pages.css).
 */
export function BilingualView({ article, bilingual }: { article: Article; bilingual: ArticleBilingual }) {
  const [shown, setShown] = useState(false);
  const viewId = useId();
  const source = article.originalArticle;
  const sourceUrl = safeUrl(source?.sourceUrl);
  return (
    <>
      <p className="bilingual__toggle">
        <button
          type="button"
          className="button button--outline"
          aria-pressed={shown}
          aria-controls={viewId}
          onClick={() => setShown((on) => !on)}
        >
          {ARTICLE_PAGE.bilingual}
        </button>
      </p>
      <div id={viewId}>
        {shown ? (
          <>
            <table className="bilingual">
              <caption className="sr-only">{ARTICLE_PAGE.bilingualCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{ARTICLE_PAGE.bilingualKorean}</th>
                  <th scope="col">{ARTICLE_PAGE.bilingualEnglish}</th>
                </tr>
              </thead>
              <tbody>
                {bilingual.pairs.map((pair, i) => (
                  <tr key={i}>
                    <td data-label={ARTICLE_PAGE.bilingualKorean}>{pair.korean}</td>
                    <td data-label={ARTICLE_PAGE.bilingualEnglish} lang="en">
                      <blockquote cite={sourceUrl}>
                        {pair.sources.map((index) => (
                          <p key={index}>{bilingual.sourceParagraphs[index]}</p>
                        ))}
                      </blockquote>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {sourceUrl && (
              <p className="bilingual__source">
                {ARTICLE_PAGE.bilingualSource}{' '}
                <a href={sourceUrl} target="_blank" rel="noopener noreferrer" lang="en">
                  {source?.title || source?.sourceName || sourceUrl}
                </a>
              </p>
            )}
          </>
        ) : (
          // Sanitised by the content service before it is stored (docs/design.md §10).
          <ArticleBody html={article.content} />
        )}
      </div>
    </>
  );
}

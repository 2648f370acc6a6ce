import type { NewsListResponse } from '@pulse/contracts';
import { ArticleCard, LIST_QUERY, useApiQuery } from '@pulse/frontend-ui';
import { ArticleListStates } from '../../components/ArticleListStates';
import { HOME } from '../../copy';

/** docs/spec-content.md §2 'Home', §9: 12 latest, 0.1 s entrance delay per card, the first 4 images prioritised. */
export const HOME_LATEST_LIMIT = 12;
export const CARD_DELAY_MS = 100;
export const PRIORITY_CARDS = 4;
export const LATEST_NEWS_PATH = `/api/content/news?limit=${HOME_LATEST_LIMIT}&offset=0`;

export function LatestNews() {
  const result = useApiQuery<NewsListResponse>('home:latest', LATEST_NEWS_PATH, LIST_QUERY);
  return (
    <section className="home-section" aria-labelledby="latest-title" aria-busy={result.isLoading}>
      <h2 id="latest-title">{HOME.latestTitle}</h2>
      <ArticleListStates
        result={result}
        skeletons={HOME_LATEST_LIMIT}
        errorTitle={HOME.latestError}
        emptyTitle={HOME.latestEmpty}
      >
        {(data) => (
          <div className="card-grid">
            {data.articles.map((article, index) => (
              <ArticleCard
                key={article.id}
                article={article}
                to={`/news/${encodeURIComponent(article.id)}`}
                priority={index < PRIORITY_CARDS}
                delayMs={index * CARD_DELAY_MS}
              />
            ))}
          </div>
        )}
      </ArticleListStates>
    </section>
  );
}

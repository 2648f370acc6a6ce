import { useInfiniteList, usePageHead } from '@pulse/frontend-ui';
import { INSIGHTS_PAGE_SIZE, insightsPagePath } from '../api';
import { COPY } from '../copy';
import { PAGE_HEADS } from '../page-heads';
import { InsightCard } from './InsightCard';
import { ListFooter } from './ListStates';

/** /insights: a featured first card, then the rest, loaded as the reader scrolls (docs/spec-content.md §2). */
export function InsightsListPage() {
  const list = useInfiniteList('insights', insightsPagePath);
  usePageHead(PAGE_HEADS.insights);
  const onePageLoaded = list.articles.length <= INSIGHTS_PAGE_SIZE;
  return (
    <section className="page insights-list">
      <h1>{COPY.list.insightsTitle}</h1>
      <p className="page-intro">{COPY.list.insightsIntro}</p>
      <div className="news-grid">
        {list.articles.map((article, index) => (
          <InsightCard
            key={article.id}
            article={article}
            featured={index === 0}
            wide={index === 0 && onePageLoaded}
            priority={index < 2}
          />
        ))}
      </div>
      <ListFooter
        count={list.articles.length}
        hasMore={list.hasMore}
        isLoading={list.isLoading}
        isLoadingMore={list.isLoadingMore}
        error={list.error}
        loadMore={list.loadMore}
        emptyText={COPY.list.emptyInsights}
        endText={COPY.list.endInsights}
      />
    </section>
  );
}

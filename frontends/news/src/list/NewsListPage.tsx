import { ArticleCard, tabId, Tabs, useInfiniteList, usePageHead } from '@pulse/frontend-ui';
import { useSearchParams } from 'react-router';
import { NEWS_PAGE_SIZE, newsPagePath } from '../api';
import { COPY } from '../copy';
import { PAGE_HEADS } from '../page-heads';
import { ListFooter } from './ListStates';

type NewsTab = 'all' | 'hot';
const TABS = [
  { value: 'all', label: COPY.list.tabAll },
  { value: 'hot', label: COPY.list.tabHot },
] as const;

/** docs/spec-content.md §9: the first 4 cards load their images first. */
const PRIORITY_CARDS = 4;
/** docs/spec-content.md §9: cards enter 0.1 s apart, counted within each page so a later page does not wait. */
const CARD_DELAY_MS = 100;

/** /news: 'all news' and 'hot topics' tabs, each an infinite list (docs/spec-content.md §2 'News list'). */
export function NewsListPage() {
  const [params, setParams] = useSearchParams();
  // The tab lives in the URL so back/forward and a shared link keep it.
  const tab: NewsTab = params.get('tab') === 'hot' ? 'hot' : 'all';
  const list = useInfiniteList(`news:${tab}`, (offset) => newsPagePath(offset, tab === 'hot'));
  usePageHead(PAGE_HEADS.news);

  return (
    <section className="page news-list">
      <h1>{COPY.list.newsTitle}</h1>
      <p className="page-intro">{COPY.list.newsIntro}</p>
      <Tabs
        label={COPY.list.tabsLabel}
        idPrefix="news"
        tabs={TABS}
        selected={tab}
        onSelect={(value) => setParams(value === 'hot' ? { tab: 'hot' } : {}, { replace: true })}
      />
      <div id="news-panel" role="tabpanel" aria-labelledby={tabId('news', tab)}>
        <div className="news-grid">
          {list.articles.map((article, index) => (
            <ArticleCard
              key={article.id}
              article={article}
              to={`/news/${encodeURIComponent(article.id)}`}
              priority={index < PRIORITY_CARDS}
              delayMs={(index % NEWS_PAGE_SIZE) * CARD_DELAY_MS}
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
          emptyText={tab === 'hot' ? COPY.list.emptyHot : COPY.list.emptyNews}
          endText={tab === 'hot' ? COPY.list.endHot : COPY.list.endNews}
        />
      </div>
    </section>
  );
}

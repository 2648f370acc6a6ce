import { EmptyState, EndSentinel, ErrorState, Spinner, usePageHead } from '@pulse/frontend-ui';
import { useSearchParams } from 'react-router';
import { COPY } from '../copy';
import { isTechnologyCategory, TECHNOLOGY_CATEGORIES } from '../labels';
import { AnalysisCard } from './AnalysisCard';
import { useAnalysisPages } from './use-analysis-pages';

const CATEGORY_BUTTONS = [{ value: null, label: COPY.list.all }, ...TECHNOLOGY_CATEGORIES];

/** /tech-analysis: category buttons (all + 8), a card grid and infinite scroll (docs/spec-content.md §2). */
/** The list's head, as the document the server sends for /tech-analysis names it. */
const LIST_HEAD = {
  title: '기술 분석',
  description:
    'AI/ML, 웹 프레임워크, 클라우드 네이티브, 블록체인 등 기술별 튜토리얼과 코드 예제, 난이도별 기술 분석.',
  canonical: '/tech-analysis',
} as const;

export function TechAnalysisListPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('category');
  const category = isTechnologyCategory(raw) ? raw : null;
  const list = useAnalysisPages(category);
  usePageHead(LIST_HEAD);

  return (
    <section className="page tech-analysis-list">
      <h1>{COPY.list.title}</h1>
      <p className="page-intro">{COPY.list.intro}</p>
      <div className="category-filter" role="group" aria-label={COPY.list.categoriesLabel}>
        {CATEGORY_BUTTONS.map(({ value, label }) => (
          <button
            key={value ?? 'all'}
            type="button"
            className={
              value === category
                ? 'category-filter__button category-filter__button--on'
                : 'category-filter__button'
            }
            aria-pressed={value === category}
            onClick={() => setParams(value ? { category: value } : {}, { replace: true })}
          >
            {label}
          </button>
        ))}
      </div>
      <div className="analysis-grid">
        {list.analyses.map((analysis) => (
          <AnalysisCard key={analysis.slug} analysis={analysis} />
        ))}
      </div>
      {list.isLoading ? (
        <Spinner label={COPY.list.loading} />
      ) : list.error ? (
        <ErrorState title={COPY.list.error} message={list.error.message} onRetry={list.loadMore} />
      ) : list.analyses.length === 0 ? (
        <EmptyState title={category ? COPY.list.emptyCategory : COPY.list.emptyAll} />
      ) : list.hasMore ? (
        <>
          <EndSentinel
            active={!list.isLoadingMore}
            onVisible={list.loadMore}
            itemCount={list.analyses.length}
          />
          {list.isLoadingMore && <Spinner label={COPY.list.loadingMore} />}
        </>
      ) : (
        <p className="list-end">{COPY.list.end}</p>
      )}
    </section>
  );
}

import type { Question, QuestionListData } from '@pulse/contracts';
import { QUESTION_SORTS, type QuestionSort } from '@pulse/contracts/src/api/community-constants';
import { EmptyState, ErrorState, Page, Spinner, useNavigateTo } from '@pulse/frontend-ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fetchQuestions, type ListFilters } from '../api';
import { COPY } from '../copy';
import { useIdentityGate } from '../use-identity-gate';
import { CATEGORY_OPTIONS, QuestionCard } from './QuestionCard';

interface ListState {
  questions: Question[];
  stats: QuestionListData['stats'] | null;
  page: number;
  hasMore: boolean;
  status: 'loading' | 'ready' | 'error' | 'loading-more';
  error: string | null;
}

const INITIAL: ListState = {
  questions: [],
  stats: null,
  page: 0,
  hasMore: false,
  status: 'loading',
  error: null,
};

const isSort = (value: string | null): value is QuestionSort =>
  (QUESTION_SORTS as readonly string[]).includes(value ?? '');

/** /community/qa: statistics, search, category and sort in the URL, real pages behind 'load more'. */
export function QuestionListPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigateTo();
  const sortParam = params.get('sort');
  const q = params.get('q') ?? '';
  const category = params.get('category') ?? 'all';
  const sort = isSort(sortParam) ? sortParam : 'latest';
  // One object per distinct search, category and sort: a new one is a new list to load.
  const filters = useMemo<ListFilters>(() => ({ q, category, sort }), [q, category, sort]);
  const key = `${q}|${category}|${sort}`;
  const [state, setState] = useState<ListState>(INITIAL);
  const [search, setSearch] = useState(filters.q);
  const latest = useRef(key);
  const { require, dialog } = useIdentityGate('ask');

  const load = useCallback(
    async (page: number) => {
      latest.current = key;
      setState((s) => (page === 1 ? { ...INITIAL } : { ...s, status: 'loading-more', error: null }));
      try {
        const { data } = await fetchQuestions(filters, page);
        if (latest.current !== key) return; // the filters changed meanwhile
        setState((s) => ({
          questions: page === 1 ? data.questions : [...s.questions, ...data.questions],
          stats: data.stats,
          page,
          hasMore: data.pagination.hasMore,
          status: 'ready',
          error: null,
        }));
      } catch (error) {
        if (latest.current !== key) return;
        setState((s) => ({
          ...s,
          status: 'error',
          error: error instanceof Error ? error.message : String(error),
        }));
      }
    },
    [filters, key],
  );

  useEffect(() => {
    void load(1);
  }, [load]);

  const setFilter = (name: keyof ListFilters, value: string) => {
    const next = new URLSearchParams(params);
    if (!value || (name === 'category' && value === 'all') || (name === 'sort' && value === 'latest'))
      next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
  };

  const filtered = filters.q !== '' || filters.category !== 'all' || filters.sort !== 'latest';
  const ask = () => require(() => navigate('/community/qa/ask'));

  return (
    <Page title={COPY.listTitle}>
      <div className="qa-page">
        <header className="qa-header">
          <p className="page-intro">{COPY.listIntro}</p>
          <div className="qa-header__actions">
            <button type="button" className="button button--outline" onClick={() => void load(1)}>
              {COPY.refresh}
            </button>
            <button type="button" className="button" onClick={ask}>
              {COPY.ask}
            </button>
          </div>
        </header>

        <dl className="qa-tiles" aria-busy={state.stats === null}>
          {(
            [
              ['total', state.stats?.totalQuestions],
              ['resolved', state.stats?.resolvedQuestions],
              ['unanswered', state.stats?.unansweredQuestions],
              ['answers', state.stats?.totalAnswers],
            ] as const
          ).map(([name, value]) => (
            <div key={name} className="qa-tile">
              <dt>{COPY.tiles[name]}</dt>
              <dd>{value ?? '–'}</dd>
            </div>
          ))}
        </dl>

        <form
          className="qa-filters"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            setFilter('q', search);
          }}
        >
          <label className="sr-only" htmlFor="qa-search">
            {COPY.searchLabel}
          </label>
          <input
            id="qa-search"
            type="search"
            value={search}
            placeholder={COPY.searchPlaceholder}
            onChange={(event) => setSearch(event.target.value)}
          />
          <label className="sr-only" htmlFor="qa-category">
            {COPY.categoryLabel}
          </label>
          <select
            id="qa-category"
            value={filters.category}
            onChange={(e) => setFilter('category', e.target.value)}
          >
            <option value="all">{COPY.allCategories}</option>
            {CATEGORY_OPTIONS.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
          <label className="sr-only" htmlFor="qa-sort">
            {COPY.sortLabel}
          </label>
          <select id="qa-sort" value={filters.sort} onChange={(e) => setFilter('sort', e.target.value)}>
            {QUESTION_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {COPY.sorts[sort]}
              </option>
            ))}
          </select>
        </form>

        {state.status === 'loading' && <Spinner />}
        {state.status === 'error' && state.questions.length === 0 && (
          <ErrorState
            title={COPY.loadFailed}
            message={state.error ?? undefined}
            onRetry={() => void load(1)}
          />
        )}
        {state.status !== 'loading' && state.status !== 'error' && state.questions.length === 0 && (
          <EmptyState title={filtered ? COPY.emptyFiltered : COPY.empty}>
            {!filtered && (
              <button type="button" className="button" onClick={ask}>
                {COPY.firstQuestion}
              </button>
            )}
          </EmptyState>
        )}
        {state.questions.length > 0 && (
          <ul className="qa-list">
            {state.questions.map((question) => (
              <QuestionCard key={question.id} question={question} />
            ))}
          </ul>
        )}
        {state.status === 'error' && state.questions.length > 0 && (
          <ErrorState
            title={COPY.loadFailed}
            message={state.error ?? undefined}
            onRetry={() => void load(state.page + 1)}
          />
        )}
        {state.hasMore && state.status !== 'error' && (
          <button
            type="button"
            className="button button--outline qa-more"
            disabled={state.status === 'loading-more'}
            onClick={() => void load(state.page + 1)}
          >
            {state.status === 'loading-more' ? COPY.loadingMore : COPY.loadMore}
          </button>
        )}
        {dialog}
      </div>
    </Page>
  );
}

import type { QuestionListResponse } from '@pulse/contracts';
import { QUESTION_SORTS, type QuestionSort } from '@pulse/contracts/src/api/community-constants';
import {
  EmptyState,
  ErrorState,
  fetchJson,
  LIST_QUERY,
  Page,
  retryOptions,
  Spinner,
  useApiQueryClient,
  useNavigateTo,
  usePageHead,
  type ApiQueryMeta,
} from '@pulse/frontend-ui';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { questionListPath, type ListFilters } from '../api';
import { COPY } from '../copy';
import { PAGE_HEADS } from '../page-heads';
import { useIdentityGate } from '../use-identity-gate';
import { CATEGORY_OPTIONS, QuestionCard } from './QuestionCard';

const isSort = (value: string | null): value is QuestionSort =>
  (QUESTION_SORTS as readonly string[]).includes(value ?? '');

/**
 * The questions of one search, category and sort as an infinite query of pages 1, 2, …: a server render
 * reads the first page (its path in the query's meta) and the browser hydrates from it; 'load more' reads
 * the next. Not retried, as before: the reader has the refresh and retry buttons.
 */
function useQuestionPages(filters: ListFilters) {
  return useInfiniteQuery<
    QuestionListResponse,
    Error,
    InfiniteData<QuestionListResponse, number>,
    readonly unknown[],
    number
  >(
    {
      queryKey: questionListKey(filters),
      queryFn: ({ pageParam }) => fetchJson<QuestionListResponse>(questionListPath(filters, pageParam)),
      initialPageParam: 1,
      getNextPageParam: (last, _pages, lastPage) => (last.data.pagination.hasMore ? lastPage + 1 : undefined),
      staleTime: LIST_QUERY.staleMs,
      ...retryOptions(0),
      meta: { path: questionListPath(filters, 1), firstPageParam: 1 } satisfies ApiQueryMeta,
    },
    useApiQueryClient(),
  );
}

const questionListKey = (filters: ListFilters) =>
  ['qa:questions', filters.q, filters.category, filters.sort] as const;

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
  const [search, setSearch] = useState(filters.q);
  const { require, dialog } = useIdentityGate('ask');
  const client = useApiQueryClient();
  const list = useQuestionPages(filters);
  usePageHead(PAGE_HEADS.list);

  const pages = list.data?.pages ?? [];
  const questions = pages.flatMap((page) => page.data.questions);
  // The counts as the latest page read gave them.
  const stats = pages.at(-1)?.data.stats ?? null;
  const loading = list.isPending;
  const failed = list.isError && pages.length === 0;
  const moreFailed = list.isFetchNextPageError;
  const errorText = list.error?.message;
  // Refresh starts the list again from its first page, as opening it does.
  const refresh = () => void client.resetQueries({ queryKey: questionListKey(filters), exact: true });
  const loadMore = () => void list.fetchNextPage({ cancelRefetch: false });

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
            <button type="button" className="button button--outline" onClick={refresh}>
              {COPY.refresh}
            </button>
            <button type="button" className="button" onClick={ask}>
              {COPY.ask}
            </button>
          </div>
        </header>

        <dl className="qa-tiles" aria-busy={stats === null}>
          {(
            [
              ['total', stats?.totalQuestions],
              ['resolved', stats?.resolvedQuestions],
              ['unanswered', stats?.unansweredQuestions],
              ['answers', stats?.totalAnswers],
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

        {loading && <Spinner />}
        {failed && <ErrorState title={COPY.loadFailed} message={errorText} onRetry={refresh} />}
        {!loading && !failed && questions.length === 0 && (
          <EmptyState title={filtered ? COPY.emptyFiltered : COPY.empty}>
            {!filtered && (
              <button type="button" className="button" onClick={ask}>
                {COPY.firstQuestion}
              </button>
            )}
          </EmptyState>
        )}
        {questions.length > 0 && (
          <ul className="qa-list">
            {questions.map((question) => (
              <QuestionCard key={question.id} question={question} />
            ))}
          </ul>
        )}
        {moreFailed && <ErrorState title={COPY.loadFailed} message={errorText} onRetry={loadMore} />}
        {list.hasNextPage && !moreFailed && (
          <button
            type="button"
            className="button button--outline qa-more"
            disabled={list.isFetchingNextPage}
            onClick={loadMore}
          >
            {list.isFetchingNextPage ? COPY.loadingMore : COPY.loadMore}
          </button>
        )}
        {dialog}
      </div>
    </Page>
  );
}

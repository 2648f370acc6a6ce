import type { TrendingListResponse, TrendingPeriod, TrendingStatsResponse } from '@pulse/contracts';
import { TRENDING_LIVE_REFRESH_MS } from '@pulse/contracts/src/api/constants';
import {
  EmptyState,
  ErrorState,
  LIST_QUERY,
  Spinner,
  tabId,
  Tabs,
  useApiQuery,
  usePageHead,
} from '@pulse/frontend-ui';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { hotTopicsPath, PERIODS, popularPath, RISING_PATH, statsPath, TYPES, type TrendingType } from './api';
import { COPY } from './copy';
import { Selector } from './Selector';
import { StatsOverview, StatsSummary } from './StatsOverview';
import { TrendingItem } from './TrendingItem';
import { useInterval } from './use-interval';

type TrendingTab = 'hot' | 'popular' | 'rising' | 'overview';
const TAB_VALUES: readonly TrendingTab[] = ['hot', 'popular', 'rising', 'overview'];
const TABS = TAB_VALUES.map((value) => ({ value, label: COPY.tabs[value] }));

const pick = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** The list a tab shows: its cache key and path, or none for the overview (it uses the stats). */
function listQuery(tab: TrendingTab, period: TrendingPeriod, type: TrendingType) {
  switch (tab) {
    case 'hot':
      return { key: `trending:hot:${type}`, path: hotTopicsPath(type) };
    case 'popular':
      return { key: `trending:popular:${period}:${type}`, path: popularPath(period, type) };
    case 'rising':
      return { key: 'trending:rising', path: RISING_PATH };
    case 'overview':
      return { key: null, path: '' };
  }
}

/** The page's head, as the document the server sends for /trending names it. */
const TRENDING_HEAD = {
  title: '트렌딩',
  description:
    '지금 가장 많이 읽히는 핫 토픽, 인기 기사와 급상승 기사를 24시간, 7일, 30일 기준으로 확인하세요.',
  canonical: '/trending',
} as const;

/** /trending (docs/spec-content.md §2 'Trending'). Tab, period and type live in the URL; 'live' is per visit. */
export function TrendingPage() {
  const [params, setParams] = useSearchParams();
  const tab = pick(TAB_VALUES, params.get('tab'), 'hot');
  const period = pick(PERIODS, params.get('period'), 'day');
  const type = pick(TYPES, params.get('type'), 'all');
  const [live, setLive] = useState(false);
  usePageHead(TRENDING_HEAD);

  const update = (name: string, value: string, fallback: string) => {
    const next = new URLSearchParams(params);
    if (value === fallback) next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
  };

  const stats = useApiQuery<TrendingStatsResponse>(`trending:stats:${period}`, statsPath(period), LIST_QUERY);
  const query = listQuery(tab, period, type);
  const list = useApiQuery<TrendingListResponse>(query.key, query.path, LIST_QUERY);

  // docs/spec-content.md §2: while live is ON the statistics refetch every 30 s; OFF clears the timer.
  useInterval(() => void stats.refetch(), TRENDING_LIVE_REFRESH_MS, live);

  const refresh = () => {
    void stats.refetch();
    if (query.key) void list.refetch();
  };

  return (
    <section className="page trending">
      <header className="trending__header">
        <div>
          <h1>{COPY.title}</h1>
          <p className="page-intro">{COPY.intro}</p>
        </div>
        <div className="trending__controls">
          <button
            type="button"
            className={live ? 'live-toggle live-toggle--on' : 'live-toggle'}
            aria-pressed={live}
            title={COPY.liveHint}
            onClick={() => setLive((on) => !on)}
          >
            <span className="live-toggle__dot" aria-hidden="true" />
            {/* The words read are the words shown (a spoken command names what it sees). */}
            {COPY.liveToggle} {live ? COPY.liveOn : COPY.liveOff}
          </button>
          <button
            type="button"
            className="refresh-button"
            onClick={refresh}
            disabled={stats.isFetching || list.isFetching}
          >
            {COPY.refresh}
          </button>
        </div>
      </header>

      <div className="trending__selectors">
        <Selector
          label={COPY.periodLabel}
          options={PERIODS}
          labels={COPY.periods}
          value={period}
          onChange={(v) => update('period', v, 'day')}
        />
        <Selector
          label={COPY.typeLabel}
          options={TYPES}
          labels={COPY.types}
          value={type}
          onChange={(v) => update('type', v, 'all')}
        />
      </div>

      {stats.data && tab !== 'overview' && <StatsSummary stats={stats.data} />}

      <Tabs
        label={COPY.tabsLabel}
        idPrefix="trending"
        tabs={TABS}
        selected={tab}
        onSelect={(v) => update('tab', v, 'hot')}
      />
      <div
        id="trending-panel"
        role="tabpanel"
        aria-labelledby={tabId('trending', tab)}
        aria-busy={list.isFetching || stats.isFetching}
      >
        {tab === 'overview' ? (
          <Loaded result={stats} errorTitle={COPY.errors.stats}>
            {(data) => <StatsOverview stats={data} />}
          </Loaded>
        ) : (
          <Loaded result={list} errorTitle={COPY.errors[tab]}>
            {(data) =>
              data.articles.length === 0 ? (
                <EmptyState title={tab === 'rising' ? COPY.emptyRising : COPY.emptyList} />
              ) : (
                <ol className="trending-list">
                  {data.articles.map((article, index) => (
                    <TrendingItem key={article.id} article={article} rank={index + 1} />
                  ))}
                </ol>
              )
            }
          </Loaded>
        )}
      </div>
    </section>
  );
}

interface LoadedProps<T> {
  result: { data: T | undefined; error: Error | undefined; isLoading: boolean; refetch: () => Promise<void> };
  errorTitle: string;
  children: (data: T) => ReactNode;
}

/** Spinner, error with retry, or the data; data already shown stays while a refresh runs. */
function Loaded<T>({ result, errorTitle, children }: LoadedProps<T>) {
  if (result.data !== undefined) return <>{children(result.data)}</>;
  if (result.error)
    return (
      <ErrorState title={errorTitle} message={result.error.message} onRetry={() => void result.refetch()} />
    );
  return <Spinner label={COPY.loading} />;
}

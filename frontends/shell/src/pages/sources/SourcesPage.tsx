import type { SourcesResponse, SourceWithFreshness } from '@pulse/contracts';
import {
  ArticleImage,
  EmptyState,
  ErrorState,
  FollowButton,
  formatCount,
  formatDelay,
  LIST_QUERY,
  Skeleton,
  useApiQuery,
  usePageHead,
} from '@pulse/frontend-ui';
import { useEffect, useState } from 'react';
import { PAGE_HEADS } from '../../page-heads';
import { COMMON, SOURCES } from '../../copy';
import { LIVE_TICK_MS } from './source-carousel';
import { SourceCarousel } from './SourceCarousel';

// 24-hour HH:mm:ss in Korean time, the same on every machine.
const TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Seoul',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** /sources (docs/spec-content.md §2 'News sources'): cards, a carousel of six, a live indicator every 30 s. */
export default function SourcesPage() {
  const { data, error, isLoading, refetch } = useApiQuery<SourcesResponse>(
    'sources',
    '/api/sources',
    LIST_QUERY,
  );
  const checkedAt = useLiveTick(refetch);
  usePageHead(PAGE_HEADS.sources);
  const sources = data?.sources ?? [];

  return (
    <div className="sources-page">
      <header className="listing-header">
        <h1>{SOURCES.title}</h1>
        <p>{SOURCES.description}</p>
        <p className="live-indicator" data-testid="live-indicator">
          <span className="live-indicator__dot" aria-hidden="true" />
          {SOURCES.live} · <span>{SOURCES.lastChecked(TIME.format(checkedAt))}</span>
        </p>
      </header>
      {isLoading ? (
        <div className="source-grid">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="skeleton--source" />
          ))}
        </div>
      ) : error && !data ? (
        <ErrorState
          title={SOURCES.error}
          message={error.message}
          onRetry={() => void refetch()}
          retryLabel={COMMON.retry}
        />
      ) : sources.length === 0 ? (
        <EmptyState title={SOURCES.empty} />
      ) : (
        <>
          <SourceCarousel sources={sources} />
          <ul className="source-grid">
            {sources.map((source) => (
              <SourceCard key={source.id} source={source} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** Every 30 s: refresh the list (counts grow as collection runs) and move the 'last checked' time. */
function useLiveTick(refresh: () => Promise<void>): Date {
  const [checkedAt, setCheckedAt] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => {
      void refresh();
      setCheckedAt(new Date());
    }, LIVE_TICK_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  return checkedAt;
}

function SourceCard({ source }: { source: SourceWithFreshness }) {
  return (
    <li className="source-card">
      <ArticleImage
        src={source.imageUrl}
        alt=""
        label={source.name}
        className="source-card__image"
        width={320}
        height={180}
      />
      <div className="source-card__body">
        <p className="source-card__head">
          <span className="source-card__name">{source.name}</span>
          <span className={`badge badge--source-${source.sourceType}`}>
            {SOURCES.types[source.sourceType]}
          </span>
        </p>
        {source.description && <p className="source-card__description">{source.description}</p>}
        <MedianToKorean minutes={source.medianMinutesToKorean} />
        <PollInterval seconds={source.pollIntervalSeconds} />
        {isPushed(source.websub) && <p className="source-card__freshness">{SOURCES.websubSubscribed}</p>}
        <p className="source-card__foot">
          <a href={source.url} target="_blank" rel="noopener noreferrer">
            {safeHost(source.url)}
            <span className="sr-only"> {SOURCES.newTab}</span>
          </a>
          <span className="muted" aria-label={SOURCES.articleCount(source.count)}>
            {formatCount(source.count)}
          </span>
        </p>
        <FollowButton kind="source" followKey={source.id} label={source.name} />
      </div>
    </li>
  );
}

/** Nothing when the week has no story with both times (null), or from an older server (absent). */
function MedianToKorean({ minutes }: { minutes: number | null | undefined }) {
  if (minutes === null || minutes === undefined) return null;
  const { text, iso } = formatDelay(minutes * 60_000);
  const [before, after] = SOURCES.medianToKorean;
  return (
    <p className="source-card__freshness" data-testid="source-freshness">
      {before}
      <time dateTime={iso}>{text}</time>
      {after}
    </p>
  );
}

/** '약 15분마다 확인'; nothing before the source's first run (null) or from an older server (absent). */
function PollInterval({ seconds }: { seconds: number | null | undefined }) {
  if (seconds === null || seconds === undefined) return null;
  const { text, iso } = formatDelay(seconds * 1000);
  const [before, after] = SOURCES.pollInterval;
  return (
    <p className="source-card__freshness">
      {before}
      <time dateTime={iso}>{text}</time>
      {after}
    </p>
  );
}

/** A subscription whose lease has not ended: its hub pushes new stories as they are published. */
function isPushed(websub: SourceWithFreshness['websub'] | undefined): boolean {
  if (websub?.state !== 'subscribed' || !websub.leaseExpiresAt) return false;
  return Date.parse(websub.leaseExpiresAt) > Date.now();
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

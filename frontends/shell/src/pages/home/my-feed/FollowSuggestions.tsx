import type { SourcesResponse } from '@pulse/contracts';
import { CATEGORY_NAMES, EmptyState, follow, LIST_QUERY, toast, useApiQuery } from '@pulse/frontend-ui';
import { useState } from 'react';
import { MY_FEED } from './copy';
import type { FeedFollow } from './rank-feed';

/** How many sources the empty feed suggests: the ones with the most articles. */
export const SUGGESTED_SOURCES = 6;

interface Suggestion extends FeedFollow {
  label: string;
}

/**
 * The empty feed's way in: every category and the sources with the most articles, each a follow button.
 * The sources list is the sources page's own shared answer.
 */
export function FollowSuggestions() {
  const { data } = useApiQuery<SourcesResponse>('sources', '/api/sources', LIST_QUERY);
  const categories: Suggestion[] = Object.entries(CATEGORY_NAMES).map(([key, label]) => ({
    kind: 'category',
    key,
    label,
  }));
  const sources: Suggestion[] = [...(data?.sources ?? [])]
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, SUGGESTED_SOURCES)
    .map((source) => ({ kind: 'source', key: source.id, label: source.name }));
  return (
    <EmptyState title={MY_FEED.emptyTitle} message={MY_FEED.emptyText}>
      <SuggestionGroup title={MY_FEED.categoriesTitle} items={categories} />
      {sources.length > 0 && <SuggestionGroup title={MY_FEED.sourcesTitle} items={sources} />}
    </EmptyState>
  );
}

function SuggestionGroup({ title, items }: { title: string; items: Suggestion[] }) {
  return (
    <section className="feed-suggestions" aria-label={title}>
      <h3 className="feed-suggestions__title">{title}</h3>
      <ul className="feed-suggestions__list">
        {items.map((item) => (
          <li key={`${item.kind}:${item.key}`}>
            <FollowChip item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function FollowChip({ item }: { item: Suggestion }) {
  const [busy, setBusy] = useState(false);
  const add = () => {
    setBusy(true);
    // The shared follows list takes the new follow at once, so the feed replaces these suggestions.
    follow(item.kind, item.key, item.label)
      .catch(() => {
        toast({ title: MY_FEED.followFailed, variant: 'destructive' });
      })
      .finally(() => setBusy(false));
  };
  return (
    <button
      type="button"
      className="button button--outline feed-suggestions__follow"
      disabled={busy}
      onClick={add}
    >
      {MY_FEED.follow(item.label)}
    </button>
  );
}

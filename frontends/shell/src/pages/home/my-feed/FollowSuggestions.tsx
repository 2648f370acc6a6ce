import type { SidebarDataResponse } from '@pulse/contracts';
import { CATEGORY_NAMES, EmptyState, follow, LIST_QUERY, toast, useApiQuery } from '@pulse/frontend-ui';
import { useState } from 'react';
import { MY_FEED } from './copy';
import type { FeedFollow } from './rank-feed';

/** How many tags the empty feed suggests: the most used ones. */
export const SUGGESTED_TAGS = 6;

interface Suggestion extends FeedFollow {
  label: string;
}

/**
 * The empty feed's way in: every category, then the sources with the most articles and the most used tags,
 * each a follow button. Both lists come from the category sidebar's shared answer (the same URL and key).
 */
export function FollowSuggestions() {
  const { data } = useApiQuery<SidebarDataResponse>('sidebar-data', '/api/sidebar-data', LIST_QUERY);
  const categories: Suggestion[] = Object.entries(CATEGORY_NAMES).map(([key, label]) => ({
    kind: 'category',
    key,
    label,
  }));
  // The sidebar already ranks them by article count and caps them at six.
  const sources: Suggestion[] = (data?.rssSources ?? []).map((source) => ({
    kind: 'source',
    key: source.id,
    label: source.name,
  }));
  const tags: Suggestion[] = (data?.popularTags ?? [])
    .slice(0, SUGGESTED_TAGS)
    .map((tag) => ({ kind: 'tag', key: tag.name, label: `#${tag.name}` }));
  return (
    <EmptyState title={MY_FEED.emptyTitle} message={MY_FEED.emptyText}>
      <SuggestionGroup title={MY_FEED.categoriesTitle} items={categories} />
      {sources.length > 0 && <SuggestionGroup title={MY_FEED.sourcesTitle} items={sources} />}
      {tags.length > 0 && <SuggestionGroup title={MY_FEED.tagsTitle} items={tags} />}
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

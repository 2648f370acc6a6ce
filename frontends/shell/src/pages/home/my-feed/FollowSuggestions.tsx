import type { SidebarDataResponse } from '@pulse/contracts';
import { CATEGORY_NAMES, EmptyState, FollowButton, LIST_QUERY, useApiQuery } from '@pulse/frontend-ui';
import { MY_FEED } from './copy';
import type { FeedFollow } from './rank-feed';

/** How many tags the empty feed suggests: the most used ones. */
export const SUGGESTED_TAGS = 6;

interface Suggestion extends FeedFollow {
  label: string;
}

/**
 * The empty feed's way in: every category, then the sources with the most articles and the most used tags,
 * each with the community's follow button (the feed replaces them once one is pressed). Sources and tags
 * come from the category sidebar's shared answer (the same URL and key).
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
      <ul className="feed-follow-list feed-follow-list--centred">
        {items.map((item) => (
          <li key={`${item.kind}:${item.key}`} className="feed-follow-list__item">
            <span>{item.label}</span>
            <FollowButton kind={item.kind} followKey={item.key} label={item.label} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** How long a cached answer counts as fresh, and how many times a failed read is retried. */
export interface QueryPolicy {
  staleMs: number;
  retries: number;
}

// docs/spec-content.md §7 (libs/contracts CLIENT_QUERY_POLICY; a spec keeps them equal). Repeated here because the
// front ends import only types from @pulse/contracts, which would otherwise bring zod into every bundle.
export const ARTICLE_QUERY: QueryPolicy = { staleMs: 5 * 60_000, retries: 3 };
export const RELATED_QUERY: QueryPolicy = { staleMs: 10 * 60_000, retries: 2 };
export const COMMENTS_QUERY: QueryPolicy = { staleMs: 2 * 60_000, retries: 2 };
/** Lists and sidebars: not in the seed; a short freshness so going back to a page does not refetch at once. */
export const LIST_QUERY: QueryPolicy = { staleMs: 60_000, retries: 2 };
